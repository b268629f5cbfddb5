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
