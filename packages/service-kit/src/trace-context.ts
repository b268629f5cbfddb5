import { context, trace, type Context } from '@opentelemetry/api';

/** The response header naming a request's trace (on every API answer, errors included). */
export const TRACE_ID_HEADER = 'x-trace-id';

const INVALID_TRACE_ID = '00000000000000000000000000000000';

/**
 * The trace id of the active span (log lines, x-trace-id), or undefined outside any trace. Only the
 * OpenTelemetry API: cheap, and without startTelemetry (tests, scripts) it is simply undefined.
 */
export function activeTraceId(ctx: Context = context.active()): string | undefined {
  const span = trace.getSpan(ctx);
  if (!span) return undefined;
  const { traceId } = span.spanContext();
  return traceId === INVALID_TRACE_ID ? undefined : traceId;
}

/**
 * What startTelemetry set up in this process: 'off' (OTEL_SDK_DISABLED), 'ids' (context only, nothing can be
 * recorded: no exporter), 'exporting'; undefined when it was never called (tests, scripts).
 */
export type TelemetryMode = 'off' | 'ids' | 'exporting';
let mode: TelemetryMode | undefined;

export const telemetryMode = (): TelemetryMode | undefined => mode;

/** Called by startTelemetry (telemetry.ts keeps the SDK out of this module: every service and test imports it). */
export function markTelemetry({ enabled, exporting }: { enabled: boolean; exporting: boolean }) {
  mode = !enabled ? 'off' : exporting ? 'exporting' : 'ids';
}
