import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import {
  EVICT_USER_HEADER,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  authRoutes,
  type Audience,
  type CurrentUserResponse,
  type Identity,
} from '@catalyst/contracts';
import { signIdentity, type Cache, type Logger } from '@catalyst/service-kit';
import { createApiKeyGate, isApiKey } from './api-keys';
import { chain, localsOf, pathOf, type Handler } from './chain';
import { COMPRESSION_THRESHOLD_BYTES, ensureApiCompression } from './compress';
import { openApiHandler } from './api-docs';
import { appendVary } from './security';
import { clientErrorsHandlers } from './client-errors';
import { releaseAdminHandlers } from './releases/admin';
import type { GatewayReleases } from './releases';
import type { EdgeCache, EdgeTicket } from './edge-cache';
import type { ClientAddress } from './client-address';
import type { GatewayConfig } from './config';
import { MESSAGES, sendError } from './errors';
import { healthHandler, type ServiceUrls } from './health';
import { AuthUnavailableError, bearerToken, type IdentityResolver } from './identity';
import type { ApiProxy, ProxyPlan } from './proxy';
import type { SaveBatches } from './save-batches';
import type { AudienceGate } from './audience';
import type { StreamSessions } from './stream-sessions';
import type { TimeoutClass } from '@catalyst/contracts';
import {
  API_PREFIX,
  apiRouter,
  isUnsafeApiPath,
  type ApiRoute,
  type ApiRouter,
  type Upstream,
} from './routes';

export interface ApiDeps {
  config: GatewayConfig;
  log: Logger;
  cache: Cache;
  identity: IdentityResolver;
  /** Ends the event streams of a session that has ended (none: streams are not watched). */
  streamSessions?: StreamSessions;
  proxy: ApiProxy;
  client: ClientAddress;
  edge: EdgeCache;
  /** Who may be given an audience's kept answer (audience.ts); none: such answers are not kept. */
  audiences?: AudienceGate;
  /** The declared routes (tests give their own). */
  router?: ApiRouter;
  /** The release registry: its admin routes, and the load errors client reports count. */
  releases?: Pick<GatewayReleases, 'repo' | 'registry'>;
  /** Gathers progress saves into batches (save-batches.ts); none: each is forwarded on its own. */
  saveBatches?: SaveBatches;
}

export const serviceUrls = (config: GatewayConfig): ServiceUrls => ({
  auth: config.AUTH_URL,
  content: config.CONTENT_URL,
  progress: config.PROGRESS_URL,
  billing: config.BILLING_URL,
  media: config.MEDIA_URL,
  community: config.COMMUNITY_URL,
});

const timeouts = (config: GatewayConfig): Record<TimeoutClass, number> => ({
  auth: config.AUTH_TIMEOUT_MS,
  content: config.CONTENT_TIMEOUT_MS,
  progress: config.PROGRESS_TIMEOUT_MS,
  billing: config.BILLING_TIMEOUT_MS,
  media: config.MEDIA_TIMEOUT_MS,
  community: config.COMMUNITY_TIMEOUT_MS,
  stream: config.STREAM_TIMEOUT_MS,
  admin: config.ADMIN_TIMEOUT_MS,
  upload: config.UPLOAD_TIMEOUT_MS,
});

/** Headers only the gateway may set: whatever a client sends under these names is dropped. */
export const stripTrustedHeaders: Handler = (req, _res, next) => {
  delete req.headers[IDENTITY_HEADER];
  delete req.headers[INTERNAL_HEADER];
  next();
};

/** Lifetime of a forwarded identity assertion (service-kit's default), and what a reused one always has left. */
const ASSERTION_TTL_SECONDS = 60;
const ASSERTION_RESERVE_SECONDS = 30;

type WithBody = IncomingMessage & { body?: unknown };

/**
 * GET /auth/me shows the caller's account, and the identity auth resolved for this token is that account
 * (auth's sessions.resolve): the gateway answers it without the hop to auth, from what it already trusts for
 * every other request, so the answer is exactly as fresh as the caller's rights are (IDENTITY_CACHE_SECONDS,
 * and evicted at once by the user's own writes). An identity without `createdAt` (an older auth) goes to auth.
 */
const ME_PATH = authRoutes.me.path;
const meAnswers = new WeakMap<Identity, Buffer>();
function answerMe(req: IncomingMessage, res: ServerResponse, caller: Identity): boolean {
  if (caller.createdAt === undefined) return false;
  let body = meAnswers.get(caller);
  if (!body) {
    const data: CurrentUserResponse = {
      user: {
        _id: caller.id,
        name: caller.name,
        email: caller.email,
        role: caller.role,
        emailVerified: caller.emailVerified ?? false,
        createdAt: caller.createdAt,
        ...(caller.locale ? { locale: caller.locale } : {}),
      },
    };
    body = Buffer.from(JSON.stringify({ success: true, data }));
    meAnswers.set(caller, body);
  }
  // What the compression step would do: below its threshold, only its Vary (an account is a few hundred bytes).
  if (body.length < COMPRESSION_THRESHOLD_BYTES) appendVary(res, 'Accept-Encoding');
  else ensureApiCompression(req, res);
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.length,
    'cache-control': 'no-store',
  });
  res.end(body);
  return true;
}

/**
 * The body nearly every write sends (a progress save, a form): a declared length within the route's limit and no
 * encoding. Read here into one buffer, as express.raw would (node's parser hands over exactly the declared bytes, or
 * the request ends in an error), at a fraction of body-parser's steps a request. Anything else (no body, chunked,
 * compressed, over the limit) is left to express.raw: answers false.
 */
function readDeclaredBody(req: IncomingMessage, limit: number, next: (error?: unknown) => void): boolean {
  const declared = req.headers['content-length'];
  const encoding = req.headers['content-encoding'];
  if (declared === undefined || req.headers['transfer-encoding'] !== undefined) return false;
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length < 0 || length > limit) return false;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    (req as WithBody).body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
    next();
  });
  // The client went away mid-body (body-parser's answer: 400, which nobody is left to read).
  req.on('error', () => next(Object.assign(new Error('request aborted'), { status: 400, expose: true })));
  return true;
}

/** The route of this request, kept by `resolve` for the steps after it. */
const routeOf = (res: ServerResponse) => localsOf(res).route as ApiRoute;

/** The path under /api/v1 of a request to the API (the URL still carries the prefix). */
const apiPathOf = (req: IncomingMessage) => pathOf(req).slice(API_PREFIX.length) || '/';

/**
 * Everything under /api/v1, as one handler over node's own request and response (no framework on this
 * path): the routing table, then body limits, JSON checks and edge authentication for the routes the
 * services own, then the proxy (which strips /api/v1).
 */
export function createApiHandler({
  config,
  log,
  cache,
  identity,
  streamSessions,
  proxy,
  client,
  edge,
  audiences,
  router = apiRouter,
  releases,
  saveBatches,
}: ApiDeps): Handler {
  const upstreams = serviceUrls(config);
  const timeoutFor = timeouts(config);
  const refuseApiKey = createApiKeyGate({ cache, perMinute: config.API_KEY_REQUESTS_PER_MINUTE });

  // One signature per resolved identity (a new object whenever the identity cache resolves the token again,
  // so a changed identity is signed anew), reused while it has at least half its lifetime left: services
  // then verify one assertion per caller instead of one per caller per second.
  const assertions = new WeakMap<Identity, { reuseUntil: number; value: string }>();
  const assertionFor = (caller: Identity) => {
    const now = Date.now();
    const memo = assertions.get(caller);
    if (memo && now < memo.reuseUntil) return memo.value;
    const value = signIdentity(caller, config.INTERNAL_SECRET, ASSERTION_TTL_SECONDS, now);
    // exp is whole seconds (floor(now) + TTL): reuse ends when exactly the reserve is left.
    assertions.set(caller, {
      reuseUntil: (Math.floor(now / 1000) + ASSERTION_TTL_SECONDS - ASSERTION_RESERVE_SECONDS) * 1000,
      value,
    });
    return value;
  };

  // A signed-in GET the gateway may answer from what it keeps (forward): the compression step is put on later,
  // only if the answer is not made here (compress.ts).
  const mayAnswerHere = (req: IncomingMessage, route: ApiRoute) =>
    req.method === 'GET' &&
    req.headers.authorization !== undefined &&
    (route.path === ME_PATH || (route.audience !== undefined && audiences !== undefined));

  const resolve: Handler = (req, res, next) => {
    const path = apiPathOf(req);
    const route = isUnsafeApiPath(path) ? undefined : router.resolve(req.method ?? 'GET', path);
    if (!route || !mayAnswerHere(req, route)) ensureApiCompression(req, res);
    if (!route) return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${path}`);
    const locals = localsOf(res);
    locals.route = route;
    locals.upstream = route.owner;
    if (route.owner === 'gateway' && !route.methods.includes(req.method ?? '')) {
      res.setHeader('allow', route.methods.join(', '));
      return sendError(res, 405, `Method ${req.method} is not allowed on ${API_PREFIX}${route.path}`);
    }
    next();
  };

  // Each body is read up to its route's declared limit (the service or its handler would refuse more: a 413 from here
  // costs neither the read of the rest nor a forward), never beyond BODY_LIMIT; one reader per limit.
  const readers = new Map<number, Handler>();
  const readBody: Handler = (req, res, next) => {
    // No body at all (nearly every GET): nothing to read, as body-parser would decide (type-is's hasBody).
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
      return next();
    const limit = Math.min(routeOf(res).maxBodyBytes ?? config.BODY_LIMIT, config.BODY_LIMIT);
    if (readDeclaredBody(req, limit, next)) return;
    let read = readers.get(limit);
    if (!read) readers.set(limit, (read = express.raw({ type: () => true, limit }) as Handler));
    return read(req, res, next);
  };

  // Bodies are forwarded as bytes: the gateway never parses what it only forwards (a large or deeply
  // nested JSON body would hold its event loop for every other request); each service parses with its
  // own per-route size and depth limits.
  const forward: Handler = async (req, res) => {
    const route = routeOf(res);
    if (route.owner === 'gateway')
      return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${apiPathOf(req)}`);
    const upstream: Upstream = route.owner;
    const requestId = String(localsOf(res).requestId);
    // A route with a token of its own (SCIM) is not a session's: auth is never asked about it.
    const token = route.ownBearer ? undefined : bearerToken(req.headers.authorization);
    // A token this gateway already knows is answered at once (no promise to wait on), as resolve would answer it.
    let caller: Identity | null = null;
    const known = token ? identity.known?.(token) : undefined;
    if (known !== undefined) caller = known;
    else if (token) {
      try {
        caller = await identity.resolve(token, requestId);
      } catch (error) {
        ensureApiCompression(req, res);
        if (error instanceof AuthUnavailableError) return sendError(res, 503, MESSAGES.unavailable);
        throw error;
      }
    }
    // An API key opens only the routes its scopes name (and its team's), never as a visitor when it is refused.
    if (isApiKey(token)) {
      ensureApiCompression(req, res);
      if (await refuseApiKey(res, route, apiPathOf(req), caller)) return;
    }
    if (caller && route.path === ME_PATH && req.method === 'GET' && answerMe(req, res, caller)) return;
    // An answer its service shared with the caller's audience (the premium list for every member), kept here.
    let audience: Audience | undefined;
    if (caller && audiences && route.audience && req.method === 'GET') {
      audience = route.audience;
      const url = req.url ?? '/';
      let entry = edge.lookup(url, audience);
      // Nothing kept, but the same answer is on its way for another of the audience (many members asking as
      // the kept one expired): an admitted caller waits for that one rather than asking the service again.
      const arriving = entry ? undefined : edge.arriving(url, audience);
      if (entry || arriving) {
        // The caller's plan is nearly always known here already: then there is no promise to wait on.
        const admitted = audiences.admits(audience, caller, requestId);
        if (typeof admitted === 'boolean' ? admitted : await admitted) {
          if (arriving) {
            await arriving;
            entry = edge.lookup(url, audience);
          }
          if (entry && !res.headersSent) {
            localsOf(res).cache = 'HIT';
            return edge.send(req, res, entry, 'HIT');
          }
        }
      }
    }
    // Not answered here: whatever answers from now on goes through the compression step.
    ensureApiCompression(req, res);
    if (caller) req.headers[IDENTITY_HEADER] = assertionFor(caller);
    // Only auth sees a session's raw token (it needs it for logout and /auth/me); an own-token route its own.
    if (!route.forwardAuthorization) delete req.headers.authorization;
    // The services see the client as the gateway does (TRUST_PROXY decides how far to believe X-Forwarded-*).
    const ip = client.ip(req);
    delete req.headers.forwarded;
    req.headers['x-forwarded-for'] = ip;
    req.headers['x-real-ip'] = ip;
    req.headers['x-forwarded-proto'] = client.protocol(req);
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;

    const body = (req as WithBody).body;
    const plan: ProxyPlan = {
      route,
      upstream,
      target: upstreams[upstream],
      path: (req.url ?? '/').slice(API_PREFIX.length) || '/',
      timeoutMs: timeoutFor[route.timeout ?? upstream],
      body: Buffer.isBuffer(body) ? body : undefined,
      streamBody: route.streamBody,
      streamAnswer: route.streamAnswer,
      requestId,
    };
    if (route.streamAnswer && token && caller) streamSessions?.watch(res, token, caller.id);
    if (route.evicts === 'token' && token) plan.afterSuccess = () => identity.evictToken(token);
    if (route.evicts === 'user') {
      // The user the answer names (a reset from its link: nobody is signed in), else the caller.
      const callerId = caller?.id;
      plan.afterSuccess = async (headers) => {
        const named = headers[EVICT_USER_HEADER];
        const userId = typeof named === 'string' && named !== '' ? named : callerId;
        if (userId) await identity.evictUser(userId);
      };
    }
    // An event stream never ends: nothing of it is kept (a GET, so it purges nothing either).
    if (edge.enabled && !route.streamAnswer) {
      if (req.method === 'GET' || req.method === 'HEAD') res.setHeader('x-cache', 'MISS');
      if (req.method === 'GET') {
        const ticket = edge.ticket(req.url ?? '/', upstream, audience);
        // An audience's answer is the same for all of it: its members who ask meanwhile wait for this one.
        if (ticket && audience) res.once('close', edge.departed(ticket));
        if (ticket)
          plan.capture = (status, headers) =>
            edge.admit(status, headers, audience)
              ? (body) => answerFromUpstream(req, res, ticket, headers, body)
              : undefined;
      } else if (req.method !== 'HEAD' && req.method !== 'OPTIONS') {
        // A write the service accepted may change any answer it gave: forget them before the writer hears back.
        const evict = plan.afterSuccess;
        plan.afterSuccess = async (headers) => {
          edge.purge(upstream);
          await evict?.(headers);
        };
      }
    }
    // A write billing accepts may end a plan: the gateway's copies of billing's answers go before the writer hears back.
    if (
      audiences &&
      upstream === 'billing' &&
      req.method !== 'GET' &&
      req.method !== 'HEAD' &&
      req.method !== 'OPTIONS'
    ) {
      const before = plan.afterSuccess;
      plan.afterSuccess = async (headers) => {
        audiences.forgetAll();
        await before?.(headers);
      };
    }
    if (caller && saveBatches?.take(req, res, plan, caller.id)) return;
    proxy.forward(req, res, plan);
  };

  // An admitted answer is stored (unless a purge overtook it) and given to the client from the entry.
  const answerFromUpstream = (
    req: IncomingMessage,
    res: ServerResponse,
    ticket: EdgeTicket,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ) => {
    if (String(body.length) !== headers['content-length']) return void res.destroy();
    edge.send(req, res, edge.store(ticket, headers, body), 'MISS');
  };

  const gatewayRoutes: Record<string, Handler> = {
    '/health': healthHandler(upstreams, config.HEALTH_TIMEOUT_MS),
    '/client-errors': chain(
      ...clientErrorsHandlers({
        cache,
        log,
        perMinute: config.CLIENT_ERRORS_PER_MINUTE,
        client,
        secret: config.INTERNAL_SECRET,
        releases: releases?.repo ?? null,
      }),
    ),
    '/openapi.json': openApiHandler(),
    ...releaseAdminHandlers({ repo: releases?.repo ?? null, registry: releases?.registry, identity, log }),
  };
  // Every gateway route declared has its handler here, and nothing undeclared is answered.
  const declaredHere = new Set(
    router.routes.filter((route) => route.owner === 'gateway').map((route) => route.path),
  );
  for (const path of declaredHere)
    if (!gatewayRoutes[path]) throw new Error(`The gateway declares ${path} but has no handler for it`);
  for (const path of Object.keys(gatewayRoutes))
    if (!declaredHere.has(path)) throw new Error(`The gateway answers ${path} but no declaration names it`);
  const proxied = chain(readBody, forward);
  const dispatch: Handler = (req, res, next) => {
    const route = routeOf(res);
    // Resumable uploads skip readBody: the body streams through to the service, never buffered nor held to BODY_LIMIT.
    const own = route.owner === 'gateway' ? gatewayRoutes[route.path] : route.streamBody ? forward : proxied;
    if (!own) return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${apiPathOf(req)}`);
    return own(req, res, next);
  };
  return chain(stripTrustedHeaders, resolve, dispatch);
}
