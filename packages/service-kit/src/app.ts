import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import {
  FRAMED_REQUEST_HEADER,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  REQUEST_ID_HEADER,
  platformRoutes,
  type Identity,
} from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { HttpError, forbidden, isUnavailableError, unauthorized } from './errors';
import {
  ADMIN_ONLY_MESSAGE,
  UNAVAILABLE_MESSAGE,
  UNEXPECTED_MESSAGE,
  requestLanguage,
  translateErrorBody,
  translateMessage,
} from './i18n';
import { LIVENESS_PATH, sharedCheck } from './health';
import { MEDIA_GRANT_COOKIE, framedCookies } from './media-urls';
import { secretMatches, verifyIdentity } from './identity';
import type { Invalidations } from './invalidations';
import type { Logger } from './logger';
import { observeRequest, routeLabel } from './metrics';
import { declaredLength } from './request-body';
import { requestHeader } from './request-headers';
import { BODY_TOO_LARGE_MESSAGE } from './validate';
import { mountRoutes } from './routes';
import { serverSpan } from './telemetry-server-span';
import { TRACE_ID_HEADER, activeTraceId } from './trace-context';

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The caller, from a valid gateway assertion; null for anonymous (or forged) callers. */
    identity: Identity | null;
    log: Logger;
  };
}

export type HealthCheck = () => Promise<boolean>;

export interface ServiceOptions {
  name: string;
  log: Logger;
  internalSecret: string;
  /** Named checks reported by /health, e.g. { database: () => pingDb(db) }. */
  checks?: Record<string, HealthCheck>;
  /** Largest request body the service accepts (the gateway enforces its own limit first). */
  maxBodyBytes?: number;
  /** Peers' invalidation messages arrive at POST /internal/invalidations and go to these subscribers. */
  invalidations?: Invalidations;
  /** Paths whose bodies stream to their handler (resumable uploads): not held to maxBodyBytes. */
  streamedBodies?: RegExp;
  /** Paths under `prefix` that answer refusals in a protocol's own error shape (SCIM's), whoever refuses. */
  foreignErrors?: { prefix: string; render: (status: number, message: string) => Response };
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The declared path of the route that answered (a template such as /courses/:slug), or undefined when none matched. */
export function routeTemplate(c: Context): string | undefined {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i -= 1) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return undefined;
}

/** Readiness (/health) and liveness (/livez): not in the access log, and their own metric label. */
const isProbe = (path: string) => path === '/health' || path === LIVENESS_PATH;

/**
 * A Hono app with what every service shares: request ids, access logs, identity from the gateway's
 * signed assertion, /health, and the one error shape for every failure.
 */
export function createService({
  name,
  log,
  internalSecret,
  checks = {},
  maxBodyBytes = 1024 * 1024,
  invalidations,
  streamedBodies,
  foreignErrors,
}: ServiceOptions) {
  const app = new Hono<AppEnv>();

  // The server span: continues the caller's traceparent (the gateway's, a peer's), named by route template
  // when recorded; only the trace context when nothing is exported (telemetry-server-span.ts).
  app.use('*', serverSpan(name));
  app.use('*', async (c, next) => {
    const given = requestHeader(c, REQUEST_ID_HEADER);
    const requestId = given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    c.set('log', log.child({ requestId }));
    c.set('identity', verifyIdentity(requestHeader(c, IDENTITY_HEADER), internalSecret));
    const started = performance.now();
    await next();
    setResponseHeader(c, REQUEST_ID_HEADER, requestId);
    const traceId = activeTraceId();
    if (traceId) setResponseHeader(c, TRACE_ID_HEADER, traceId);
    const elapsed = performance.now() - started;
    const ms = Math.round(elapsed * 10) / 10;
    const status = c.res.status;
    observeRequest(c.req.method, routeLabel(routeTemplate(c)), status, elapsed / 1000);
    if (!isProbe(c.req.path)) {
      log[status >= 500 ? 'error' : 'info'](
        { requestId, method: c.req.method, path: c.req.path, status, ms },
        'request',
      );
    }
  });

  // A call from a page framed by another site (an LMS's): its media grant cookie as such a frame can keep it.
  app.use('*', async (c, next) => {
    if (requestHeader(c, FRAMED_REQUEST_HEADER) !== '1') return next();
    await next();
    const cookies = c.res.headers.getSetCookie();
    if (!cookies.some((cookie) => cookie.startsWith(`${MEDIA_GRANT_COOKIE}=`))) return;
    c.res.headers.delete('set-cookie');
    for (const cookie of framedCookies(cookies)) c.res.headers.append('set-cookie', cookie);
  });

  // Inside the access log and outside every refusal (413, 404, a handler's error): the product's shape re-rendered.
  if (foreignErrors)
    app.use(`${foreignErrors.prefix}/*`, async (c, next) => {
      await next();
      const { status } = c.res;
      if (status < 400 || !(c.res.headers.get('content-type') ?? '').startsWith('application/json')) return;
      const { message } = (await c.res.json().catch(() => ({}))) as { message?: string };
      const kept = ['allow', 'connection', 'retry-after'].flatMap((h) => {
        const value = c.res.headers.get(h);
        return value ? [[h, value] as const] : [];
      });
      const answer = foreignErrors.render(status, message ?? 'Request refused');
      for (const [h, value] of kept) answer.headers.set(h, value);
      c.res = undefined;
      c.res = answer;
    });

  // A declared length over the limit is refused before a byte is read, on a connection that stays open:
  // @hono/node-server discards the rest of the body once the answer is sent (for up to 500 ms or 64 MB, then
  // it closes), so the caller reads its 413 and a keep-alive agent (the gateway's) can use the connection
  // again. Closing at once instead resets a caller still sending: on a busy machine its fetch then fails
  // before it reads the answer. A body without a declared length was partly read when refused: close it,
  // or the gateway's agent would hand that dead socket to the next caller's request (a 503 for someone else).
  const refuseTooLarge = (c: Context, headers?: Record<string, string>) =>
    c.json(
      { success: false, message: translateMessage(requestLanguage(c), BODY_TOO_LARGE_MESSAGE) },
      413,
      headers,
    );
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => refuseTooLarge(c, { connection: 'close' }),
  });
  // GET and HEAD carry no body; asking for one would build a full fetch Request per read for nothing.
  // Streamed bodies (resumable uploads) are bounded by their route's own limit, never read whole.
  // A declared length is judged from the header alone (the body is then read from node's request: request-body.ts).
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || streamedBodies?.test(c.req.path)) return next();
    const length = declaredLength(c);
    if (length === undefined) return limitBody(c, next);
    if (length > maxBodyBytes) return refuseTooLarge(c);
    return next();
  });

  // Readiness: the dependencies asked at most once a second, the answer shared by concurrent probes.
  const readiness = sharedCheck(async () => {
    const results = await Promise.all(
      Object.entries(checks).map(
        async ([k, check]) => [k, (await check().catch(() => false)) ? 'ok' : 'down'] as const,
      ),
    );
    const healthy = results.every(([, v]) => v === 'ok');
    const data = { service: name, status: healthy ? 'ok' : 'down', checks: Object.fromEntries(results) };
    return {
      healthy,
      body: JSON.stringify({
        success: healthy,
        data,
        ...(healthy ? {} : { message: `${name} is unhealthy` }),
      }),
    };
  });
  app.get('/health', async (c) => {
    const { healthy, body } = await readiness();
    return c.body(body, healthy ? 200 : 503, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
    });
  });
  // Liveness: from memory; a dependency's outage is readiness's business, not a reason to restart.
  app.get(LIVENESS_PATH, (c) =>
    c.body('{"success":true,"data":{"status":"ok"}}', 200, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
    }),
  );

  // Service-to-service routes: never exposed by the gateway, and refused without the shared secret.
  app.use('/internal/*', async (c, next) => {
    if (!secretMatches(requestHeader(c, INTERNAL_HEADER), internalSecret)) {
      return c.json({ success: false, message: 'Not found' }, 404);
    }
    await next();
  });

  if (invalidations) {
    mountRoutes(app, platformRoutes, {
      invalidate: ({ body }) => {
        invalidations.deliver(body);
        return { delivered: true as const };
      },
    });
  }

  app.notFound((c) =>
    c.json({ success: false, message: `Route not found: ${c.req.method} ${c.req.path}` }, 404),
  );

  app.onError((error, c) => errorResponse(c, error, log));

  return app;
}

/**
 * Sets a header on the finished answer. Hono's c.header() after the handler asks the answer whether its
 * body was used, which turns @hono/node-server's lightweight answer into a full fetch Response (a
 * ReadableStream over the body, read back chunk by chunk: ~a third of a small GET's CPU). Its headers can
 * be set in place instead; immutable ones (a fetch()ed answer) still go through c.header().
 */
export function setResponseHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** Maps any thrown value to the one error shape; unknown failures never leak stack traces or SQL. */
export function errorResponse(c: Context, error: unknown, log: Logger) {
  // A refusal in the language the caller's page is shown in (Accept-Language); English as thrown.
  const answer = errorAnswer(
    error,
    requestLanguage(c),
    log,
    c.get('requestId' as never) as string | undefined,
  );
  return c.json(answer.body, answer.status as 400, answer.headers);
}

/** The one error shape of any thrown value, in a language: what errorResponse answers (a save of a batch too). */
export function errorAnswer(
  error: unknown,
  language: Language,
  log: Logger,
  requestId: string | undefined,
): { status: number; body: { success: false; message: string }; headers?: Record<string, string> } {
  if (error instanceof HttpError) {
    const body = error.errors
      ? { success: false as const, message: error.message, errors: error.errors }
      : { success: false as const, message: error.message };
    return { status: error.status, body: translateErrorBody(language, body), headers: error.headers };
  }
  if (isUnavailableError(error)) {
    log.warn({ requestId, err: (error as Error).message }, 'backing store unavailable');
    return {
      status: 503,
      body: { success: false, message: translateMessage(language, UNAVAILABLE_MESSAGE) },
    };
  }
  log.error(
    {
      requestId,
      err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
    },
    'unhandled error',
  );
  return { status: 500, body: { success: false, message: translateMessage(language, UNEXPECTED_MESSAGE) } };
}

/** The signed-in caller, or a 401. */
export function requireIdentity(c: Context<AppEnv>): Identity {
  const identity = c.get('identity');
  if (!identity) throw unauthorized();
  return identity;
}

/** Refuses everyone but role admin: 401 for anonymous callers, 403 for the rest. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const identity = requireIdentity(c);
  if (identity.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
  await next();
};
