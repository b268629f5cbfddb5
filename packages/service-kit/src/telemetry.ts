import { context, propagation, trace, SpanKind, SpanStatusCode, type Context as OtelContext, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, TraceIdRatioBasedSampler, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createRequire } from 'node:module';

export { activeTraceId, TRACE_ID_HEADER } from './trace-context';

export { SpanKind, SpanStatusCode, context, propagation, trace, type OtelContext, type Span, type Tracer };

export interface TelemetrySettings {
  /** Where spans go (OTLP over HTTP, JSON): the collector's base URL; /v1/traces is added. Unset: nothing is exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  /** Share of new traces recorded when exporting (an incoming sampled traceparent is always followed). */
  OTEL_TRACES_SAMPLER_ARG?: string;
  /** 'true' turns tracing off entirely (no ids either): the bench's baseline. */
  OTEL_SDK_DISABLED?: string;
}

export interface Telemetry {
  /** Records spans and exports them (false: ids still made and propagated, nothing recorded). */
  readonly exporting: boolean;
  readonly enabled: boolean;
  tracer: Tracer;
  /** Sends what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let started: Telemetry | undefined;

const require = createRequire(import.meta.url);
const versionOf = (name: string) => {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return undefined;
  }
};

/**
 * Applies an instrumentation's patch to a module object this process already holds. The usual way
 * (require-in-the-middle) only sees CommonJS `require` calls: it misses `import` from ESM under tsx and
 * everything inside an esbuild bundle. Patching the very objects the code uses works in both.
 */
function patchLoaded(instrumentation: Instrumentation, moduleName: string, exports: unknown) {
  const definitions = (instrumentation as unknown as { getModuleDefinitions(): Array<{ name: string; patch?: (m: unknown, v?: string) => unknown }> }).getModuleDefinitions();
  for (const definition of definitions) if (definition.name === moduleName) definition.patch?.(exports, versionOf(moduleName));
}

/**
 * Tracing for one process: W3C trace context in and out, spans for Postgres queries (pg), Redis commands
 * (ioredis) and outgoing fetch calls (undici), plus what the service and gateway start themselves. With
 * OTEL_EXPORTER_OTLP_ENDPOINT set, spans are recorded and exported (OTLP/HTTP); without it every span is
 * a non-recording one: trace ids are still made, continued from a caller's traceparent and passed on (logs,
 * x-trace-id, the next hop), and nothing is kept or sent. Called first thing in each main.ts; once per process.
 */
export function startTelemetry({ serviceName, config = process.env, exporter }: { serviceName: string; config?: TelemetrySettings; exporter?: SpanExporter }): Telemetry {
  if (started) return started;
  if (config.OTEL_SDK_DISABLED === 'true') {
    started = { exporting: false, enabled: false, tracer: trace.getTracer(serviceName), flush: async () => undefined, shutdown: async () => undefined };
    return started;
  }
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const spanExporter = exporter ?? (endpoint ? new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }) : undefined);
  const ratio = Number(config.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    // Not exporting: every span is non-recording (ids only), so tracing costs next to nothing.
    sampler: spanExporter ? new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? ratio : 1) }) : new AlwaysOffSampler(),
    spanProcessors: spanExporter ? [new BatchSpanProcessor(spanExporter, { scheduledDelayMillis: 1_000, maxExportBatchSize: 512, maxQueueSize: 4_096 })] : [],
  });
  // W3C traceparent/tracestate and baggage, and AsyncLocalStorage for the active span.
  provider.register();

  const pgInstrumentation = new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false, ignoreConnectSpans: true });
  const redisInstrumentation = new IORedisInstrumentation({ requireParentSpan: true });
  const undiciInstrumentation = new UndiciInstrumentation();
  for (const instrumentation of [pgInstrumentation, redisInstrumentation, undiciInstrumentation]) {
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
  }
  patchLoaded(pgInstrumentation, 'pg', pg);
  patchLoaded(pgInstrumentation, 'pg-pool', pg.Pool);
  patchLoaded(redisInstrumentation, 'ioredis', Redis);

  started = {
    exporting: Boolean(spanExporter),
    enabled: true,
    tracer: provider.getTracer(serviceName),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
  return started;
}
