import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context as OtelContext,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createRequire } from 'node:module';

import { markTelemetry } from './trace-context';

export { activeTraceId, TRACE_ID_HEADER } from './trace-context';

export { SpanKind, SpanStatusCode, context, propagation, trace, type OtelContext, type Span, type Tracer };

export interface TelemetrySettings {
  /** Where spans go (OTLP over HTTP, JSON): the collector's base URL; /v1/traces is added. Unset: nothing is exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  /**
   * Which traces are recorded when exporting (the OpenTelemetry standard names): parentbased_traceidratio (the
   * default), parentbased_always_on, parentbased_always_off, traceidratio, always_on, always_off.
   */
  OTEL_TRACES_SAMPLER?: string;
  /** The ratio of the *traceidratio samplers (default 1: every trace). */
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

const SAMPLERS = [
  'parentbased_traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'traceidratio',
  'always_on',
  'always_off',
] as const;

/**
 * The sampler named by OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (a bad value stops the process with a
 * clear message). `edge`: this process takes requests from outside (the gateway), so a caller's sampled flag
 * does not force recording there: the ratio decides on the trace id (the same id always gets the same answer),
 * and every hop after it follows the edge's decision.
 */
export function samplerFrom(config: TelemetrySettings, { edge = false } = {}): Sampler {
  const name = (config.OTEL_TRACES_SAMPLER || 'parentbased_traceidratio').trim().toLowerCase();
  if (!(SAMPLERS as readonly string[]).includes(name))
    throw new Error(
      `OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')}, got ${config.OTEL_TRACES_SAMPLER}`,
    );
  const arg = config.OTEL_TRACES_SAMPLER_ARG?.trim() ? Number(config.OTEL_TRACES_SAMPLER_ARG) : 1;
  if (!Number.isFinite(arg) || arg < 0 || arg > 1)
    throw new Error(
      `OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got ${config.OTEL_TRACES_SAMPLER_ARG}`,
    );
  const root = name.endsWith('always_on')
    ? new AlwaysOnSampler()
    : name.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(arg);
  if (!name.startsWith('parentbased_')) return root;
  return new ParentBasedSampler(
    edge ? { root, remoteParentSampled: root, remoteParentNotSampled: root } : { root },
  );
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
  const definitions = (
    instrumentation as unknown as {
      getModuleDefinitions(): Array<{ name: string; patch?: (m: unknown, v?: string) => unknown }>;
    }
  ).getModuleDefinitions();
  for (const definition of definitions)
    if (definition.name === moduleName) definition.patch?.(exports, versionOf(moduleName));
}

/**
 * Tracing for one process: W3C trace context in and out, plus the spans the service and gateway start themselves.
 *
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, spans are recorded as the sampler decides (OTEL_TRACES_SAMPLER, by
 * default parentbased_traceidratio at OTEL_TRACES_SAMPLER_ARG, 1) and exported over OTLP/HTTP in batches, with
 * spans for Postgres queries (pg), Redis commands (ioredis) and outgoing fetch calls (undici).
 *
 * Without it (the default) nothing can be recorded, so nothing is: every span is a non-recording one, made only
 * to carry its ids. Trace ids are still made, continued from a caller's traceparent and passed on (log lines,
 * x-trace-id, the next hop's traceparent through the fetch instrumentation); the pg and ioredis
 * instrumentations, which would only make non-recording spans around every query, are not installed.
 *
 * Called first thing in each main.ts; once per process. `edge`: see samplerFrom.
 */
export function startTelemetry({
  serviceName,
  config = process.env,
  exporter,
  edge = false,
}: {
  serviceName: string;
  config?: TelemetrySettings;
  exporter?: SpanExporter;
  edge?: boolean;
}): Telemetry {
  if (started) return started;
  if (config.OTEL_SDK_DISABLED === 'true') {
    started = {
      exporting: false,
      enabled: false,
      tracer: trace.getTracer(serviceName),
      flush: async () => undefined,
      shutdown: async () => undefined,
    };
    markTelemetry(started);
    return started;
  }
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT?.trim().replace(/\/+$/, '');
  const spanExporter =
    exporter ?? (endpoint ? new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }) : undefined);
  const sampler = samplerFrom(config, { edge });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: spanExporter ? sampler : new AlwaysOffSampler(),
    spanProcessors: spanExporter
      ? [
          new BatchSpanProcessor(spanExporter, {
            scheduledDelayMillis: 1_000,
            maxExportBatchSize: 512,
            maxQueueSize: 4_096,
          }),
        ]
      : [],
  });
  // W3C traceparent/tracestate and baggage, and AsyncLocalStorage for the active span.
  provider.register();

  // Outgoing fetch calls carry the trace to the next hop in every mode; query and command spans only when recorded.
  const instrumentations: Instrumentation[] = [new UndiciInstrumentation()];
  if (spanExporter) {
    const pgInstrumentation = new PgInstrumentation({
      requireParentSpan: true,
      enhancedDatabaseReporting: false,
      ignoreConnectSpans: true,
    });
    const redisInstrumentation = new IORedisInstrumentation({ requireParentSpan: true });
    instrumentations.push(pgInstrumentation, redisInstrumentation);
  }
  for (const instrumentation of instrumentations) {
    instrumentation.setTracerProvider(provider);
    instrumentation.enable();
  }
  for (const instrumentation of instrumentations) {
    if (instrumentation instanceof PgInstrumentation) {
      patchLoaded(instrumentation, 'pg', pg);
      patchLoaded(instrumentation, 'pg-pool', pg.Pool);
    }
    if (instrumentation instanceof IORedisInstrumentation) patchLoaded(instrumentation, 'ioredis', Redis);
  }

  started = {
    exporting: Boolean(spanExporter),
    enabled: true,
    tracer: provider.getTracer(serviceName),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
  markTelemetry(started);
  return started;
}
