import { httpInstrumentationMiddleware } from '@hono/otel';
import { ROOT_CONTEXT, SpanKind, context, propagation, trace, type TextMapGetter } from '@opentelemetry/api';
import type { Context, MiddlewareHandler } from 'hono';
import { requestHeader } from './request-headers';
import { telemetryMode } from './trace-context';

/** Reads only the headers the propagator asks for (traceparent, tracestate, baggage), never the whole set. */
const requestHeaders: TextMapGetter<Context> = { keys: () => [], get: (c, key) => requestHeader(c, key) };

const tracer = trace.getTracer('@catalyst/service-kit');

/**
 * A service's server span, continuing the caller's traceparent (the gateway's, a peer's):
 * - exporting (or startTelemetry never called): @hono/otel's middleware, the span named by route template
 *   with its method, route and status, recorded as the sampler decides;
 * - not exporting: nothing can be recorded, so only the context is made: the caller's trace continued (or a new
 *   one), active for the request so log lines, x-trace-id and calls to peers carry it, without @hono/otel's
 *   per-request attribute and header work;
 * - OTEL_SDK_DISABLED: nothing at all.
 */
export function serverSpan(serviceName: string): MiddlewareHandler {
  const recorded = httpInstrumentationMiddleware({ serviceName, captureActiveRequests: false });
  return (c, next) => {
    const mode = telemetryMode();
    if (mode === 'off') return next();
    if (mode !== 'ids') return recorded(c, next);
    const parent = propagation.extract(ROOT_CONTEXT, c, requestHeaders);
    const span = tracer.startSpan('server', { kind: SpanKind.SERVER }, parent);
    return context.with(trace.setSpan(parent, span), next);
  };
}
