import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { TRACE_ID_HEADER, activeTraceId, metrics, observeRequest, UNMATCHED_ROUTE } from '@catalyst/service-kit';
import { localsOf } from './chain';
import { API_PREFIX, apiRouter, type ApiRoute } from './routes';

/**
 * The gateway's spans, made by hand on its lean paths (node's own request and response, no framework to
 * instrument): a server span per request, continuing the caller's W3C traceparent, and a client span per
 * forwarded call whose traceparent the service continues. Without startTelemetry (tests) or without an
 * OTLP endpoint these are non-recording spans: the trace id still goes to the logs, x-trace-id and the services.
 */
const tracer = () => trace.getTracer('gateway');

const PROBE_PATHS = new Set([`${API_PREFIX}/health`]);

/** The span and trace of one request, kept in its locals. */
interface RequestTrace {
  span: Span;
  ctx: Context;
  traceId: string | undefined;
}

/** Starts the request's server span (the caller's traceparent continued) and names its trace in x-trace-id. */
export function startRequestTrace(req: IncomingMessage, res: ServerResponse): RequestTrace {
  const parent = req.headers.traceparent ? propagation.extract(context.active(), req.headers) : context.active();
  const span = tracer().startSpan(`${req.method} ${API_PREFIX}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? 'GET' } }, parent);
  const ctx = trace.setSpan(parent, span);
  const traceId = activeTraceId(ctx);
  if (traceId) res.setHeader(TRACE_ID_HEADER, traceId);
  const state = { span, ctx, traceId };
  localsOf(res).trace = state;
  return state;
}

/** The request's trace context (the proxy's parent), or the active one. */
export const traceContextOf = (res: ServerResponse): Context => (localsOf(res).trace as RequestTrace | undefined)?.ctx ?? context.active();

/** The declared template of an API request (`/api/v1/courses/:slug`), for span names and metric labels. */
function templateOf(req: IncomingMessage, res: ServerResponse, path: string): string {
  const locals = localsOf(res);
  let route = locals.route as ApiRoute | undefined;
  // An edge-cache hit never reached the routing table: resolve it now (only for the label).
  if (!route && locals.cache === 'HIT') route = apiRouter.resolve(req.method ?? 'GET', path.slice(API_PREFIX.length) || '/');
  return route ? `${API_PREFIX}${route.path}` : UNMATCHED_ROUTE;
}

/** Ends the request's span and records its metrics (request count, duration by route template, edge cache). */
export function endRequestTrace(req: IncomingMessage, res: ServerResponse, state: RequestTrace, path: string, status: number, seconds: number) {
  const route = PROBE_PATHS.has(path) ? path : templateOf(req, res, path);
  observeRequest(req.method ?? 'GET', route, status, seconds);
  const cache = res.getHeader('x-cache');
  if (typeof cache === 'string') metrics.edgeCache.inc({ result: cache });
  const { span } = state;
  if (span.isRecording()) {
    span.updateName(`${req.method} ${route}`);
    span.setAttribute('http.route', route);
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * A client span for one forwarded call, child of the request's span; its traceparent goes in the
 * outgoing headers. Returns the function that ends it with the upstream's status (or an error).
 */
export function startUpstreamSpan(res: ServerResponse, headers: Record<string, unknown>, name: string, upstream: string): (status?: number, error?: string) => void {
  const parent = traceContextOf(res);
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes: { 'peer.service': upstream } }, parent);
  propagation.inject(trace.setSpan(parent, span), headers);
  let ended = false;
  return (status, error) => {
    if (ended) return;
    ended = true;
    if (span.isRecording()) {
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      if (error || (status !== undefined && status >= 500)) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    }
    span.end();
  };
}
