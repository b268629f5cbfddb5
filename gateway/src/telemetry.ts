import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Span,
} from '@opentelemetry/api';
import {
  TRACE_ID_HEADER,
  activeTraceId,
  countEdgeCache,
  observeRequest,
  UNMATCHED_ROUTE,
} from '@catalyst/service-kit';
import { localsOf } from './chain';
import { API_PREFIX, apiRouter, type ApiRoute } from './routes';

/**
 * The gateway's span, made by hand on its lean paths (node's own request and response, no framework to
 * instrument): one server span per request, continuing the caller's W3C traceparent; the forwarded call
 * carries that span's traceparent, so the service's server span is its child (one span per hop: no client
 * span of its own, whose time the service's span already shows). Without startTelemetry (tests) or without an
 * OTLP endpoint it is a non-recording span: the trace id still goes to the logs, x-trace-id and the services.
 */
const tracer = trace.getTracer('gateway');

const PROBE_PATHS = new Set([`${API_PREFIX}/health`]);

/** The span and trace of one request, kept in its locals. */
interface RequestTrace {
  span: Span;
  ctx: Context;
  traceId: string | undefined;
}

/** Starts the request's server span (the caller's traceparent continued) and names its trace in x-trace-id. */
export function startRequestTrace(req: IncomingMessage, res: ServerResponse): RequestTrace {
  const parent = req.headers.traceparent
    ? propagation.extract(context.active(), req.headers)
    : context.active();
  const span = tracer.startSpan(
    `${req.method} ${API_PREFIX}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? 'GET' } },
    parent,
  );
  const ctx = trace.setSpan(parent, span);
  const traceId = activeTraceId(ctx);
  if (traceId) res.setHeader(TRACE_ID_HEADER, traceId);
  const state = { span, ctx, traceId };
  localsOf(res).trace = state;
  return state;
}

/** The declared template of an API request (`/api/v1/courses/:slug`), for span names and metric labels. */
function templateOf(req: IncomingMessage, res: ServerResponse, path: string): string {
  const locals = localsOf(res);
  let route = locals.route as ApiRoute | undefined;
  // An edge-cache hit never reached the routing table: resolve it now (only for the label).
  if (!route && locals.cache === 'HIT')
    route = apiRouter.resolve(req.method ?? 'GET', path.slice(API_PREFIX.length) || '/');
  return route ? `${API_PREFIX}${route.path}` : UNMATCHED_ROUTE;
}

/** Ends the request's span and records its metrics (request count, duration by route template, edge cache). */
export function endRequestTrace(
  req: IncomingMessage,
  res: ServerResponse,
  state: RequestTrace,
  path: string,
  status: number,
  seconds: number,
) {
  const route = PROBE_PATHS.has(path) ? path : templateOf(req, res, path);
  observeRequest(req.method ?? 'GET', route, status, seconds);
  const cache = res.getHeader('x-cache');
  if (typeof cache === 'string') countEdgeCache(cache);
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
 * Puts the request's trace context in a forwarded call's headers (its traceparent replaces the caller's), and
 * names the upstream on the request's span. Returns the function that records the upstream's answer (its
 * status, or the error that stopped it) on that span when it is recorded.
 */
export function traceUpstream(
  res: ServerResponse,
  headers: Record<string, unknown>,
  upstream: string,
): (status?: number, error?: string) => void {
  const state = localsOf(res).trace as RequestTrace | undefined;
  propagation.inject(state?.ctx ?? context.active(), headers);
  const span = state?.span;
  if (!span?.isRecording()) return noUpstreamRecord;
  span.setAttribute('peer.service', upstream);
  return (status, error) => {
    if (status !== undefined) span.setAttribute('upstream.response.status_code', status);
    if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: `upstream ${upstream}: ${error}` });
  };
}

const noUpstreamRecord = () => undefined;
