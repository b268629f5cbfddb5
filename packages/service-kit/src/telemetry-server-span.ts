import { httpInstrumentationMiddleware } from '@hono/otel';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type TextMapGetter,
} from '@opentelemetry/api';
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

/** The server span of a request carried inside another (carriedRequestSpan). */
export interface CarriedRequestSpan {
  /** Runs `fn` with the span active (its log lines, its calls to peers carry its trace). */
  run<T>(fn: () => T): T;
  /** Names the span by its route and ends it with the answer's status. */
  end(method: string, route: string, status: number): void;
}

const carriedOff: CarriedRequestSpan = { run: (fn) => fn(), end: () => undefined };

/**
 * A server span of its own for one request carried inside another (a progress save of the gateway's batch),
 * continuing the traceparent it came with: its log lines and its trace are its own, as if it had come alone.
 * OTEL_SDK_DISABLED: nothing at all.
 */
export function carriedRequestSpan(traceparent: string | undefined): CarriedRequestSpan {
  if (telemetryMode() === 'off') return carriedOff;
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  const span = tracer.startSpan('server', { kind: SpanKind.SERVER }, parent);
  const active = trace.setSpan(parent, span);
  return {
    run: (fn) => context.with(active, fn),
    end(method, route, status) {
      if (span.isRecording()) {
        span.updateName(`${method} ${route}`);
        span.setAttribute('http.request.method', method);
        span.setAttribute('http.route', route);
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}
