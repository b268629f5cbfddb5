import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@catalyst/contracts';
import { writeRequestLine, type Logger } from '@catalyst/service-kit';
import { context } from '@opentelemetry/api';
import { localsOf, pathOf, type Handler } from './chain';
import { endRequestTrace, startRequestTrace } from './telemetry';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's request id when it is sane, otherwise a fresh one. */
function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

const noop = () => undefined;

const isAssetPath = (path: string) =>
  path.startsWith('/mf/') || path.startsWith('/media/') || /\.[a-z0-9]{1,8}$/i.test(path);

/**
 * Gives every request an id (passed upstream and returned to the caller) and writes one structured log
 * line when the response finishes: method, path (never the query, which may hold tokens), status, ms,
 * request id and upstream. Must run before anything rewrites req.url.
 */
export function requestContext(log: Logger, { api = false }: { api?: boolean } = {}): Handler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const locals = localsOf(res);
    locals.requestId = requestId;
    const started = performance.now();
    const path = pathOf(req);
    // API requests: a span continuing the caller's traceparent, x-trace-id, and metrics by route template.
    const traced = api ? startRequestTrace(req, res) : undefined;
    // A property, not a name, holds the listener: see chain.ts (tsx would rename it on every request).
    const answered = { done: noop };
    answered.done = () => {
      const status = res.writableFinished ? res.statusCode : 499;
      if (traced) endRequestTrace(req, res, traced, path, status, (performance.now() - started) / 1000);
      const level = status >= 500 ? 'error' : isAssetPath(path) && status < 400 ? 'debug' : 'info';
      // Building the entry costs more than the check: skipped when the level is off.
      if (!log.isLevelEnabled(level)) return;
      writeRequestLine(log, level, {
        requestId,
        method: req.method ?? 'GET',
        path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        upstream: (locals.upstream as string | undefined) ?? null,
        traceId: traced?.traceId,
        // Answers from the edge cache say so (the upstream named is the one that gave the stored answer).
        cache: locals.cache as string | undefined,
      });
    };
    // A response is closed once, always after it finished when it did (then a tick later): one listener.
    res.on('close', answered.done);
    if (traced) context.with(traced.ctx, next);
    else next();
  };
}
