import { Agent, type RequestListener } from 'node:http';
import express from 'express';
import type { Broadcast, Cache, Logger } from '@catalyst/service-kit';
import { requestContext } from './access-log';
import { createApiHandler, stripTrustedHeaders } from './api';
import { createApiDocsRouter } from './api-docs';
import { isApiKey } from './api-keys';
import { chain, localsOf, type Handler } from './chain';
import { clientAddress, type TrustFn } from './client-address';
import { compress, ensureApiCompression } from './compress';
import type { GatewayConfig } from './config';
import { errorHandler, respondToError, sendError } from './errors';
import { createEdgeCache, type EdgeCache, type EdgeEntry } from './edge-cache';
import { bearerToken, createIdentityResolver, type IdentityResolver } from './identity';
import { JWKS_PATH, createConfiguredJwksHandler } from './jwks';
import { createLtiFrameOrigins, ltiFramePages } from './lti-frames';
import { createApiProxy } from './proxy';
import { createSaveBatches } from './save-batches';
import { createAudienceGate } from './audience';
import { API_PREFIX } from './routes';
import { apiSecurityHeaders, cors, securityHeaders } from './security';
import { createGatewayReleases, type GatewayReleases } from './releases';
import { createStaticRouter } from './static';
import { createCoursePages } from './course-pages';
import { createStreamSessions } from './stream-sessions';

export interface GatewayDeps {
  log: Logger;
  /** Rate-limit counters, and the shared identity cache when it is Redis. */
  cache: Cache;
  /** Keep-alive agent for the upstreams; main owns it so shutdown can close its sockets. */
  agent?: Agent;
  /** Connections of event streams (one each); main owns it so shutdown can end the open streams. */
  streamAgent?: Agent;
  /** Replaces the auth-backed resolver (tests). */
  identity?: IdentityResolver;
  /** Redis pub/sub (REDIS_URL): session evictions reach every gateway's in-process identity cache. */
  broadcast?: Broadcast;
  /** The edge cache of public answers; main passes it so a purge broadcast can reach it. */
  edge?: EdgeCache;
  /** The release registry (main prepares it against DATABASE_URL); omitted → every remote is its built dist. */
  releases?: GatewayReleases;
}

/** The edge cache as configured (EDGE_CACHE_*). */
export const createConfiguredEdgeCache = (config: GatewayConfig) =>
  createEdgeCache({
    maxTtlSeconds: config.EDGE_CACHE_SECONDS,
    maxEntries: config.EDGE_CACHE_ENTRIES,
    maxEntryBytes: 512 * 1024,
    maxTotalBytes: config.EDGE_CACHE_MAX_MB * 1024 * 1024,
  });

/** A keep-alive agent sized for a gateway in front of a handful of services. */
export const createUpstreamAgent = () =>
  new Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });

const isApiUrl = (url: string) =>
  url.startsWith(API_PREFIX) &&
  (url.length === API_PREFIX.length || url[API_PREFIX.length] === '/' || url[API_PREFIX.length] === '?');

/**
 * The gateway as a request listener: no listening, no process state, everything passed in. The API
 * (/api/v1) is answered on node's own request and response; express serves everything else (the shell,
 * the remotes, media). Measured: express's per-request prototype swap alone doubled the cost of a
 * proxied call, so the hot path does without it.
 */
export function createGateway(config: GatewayConfig, deps: GatewayDeps): RequestListener {
  const { log, cache } = deps;
  const agent = deps.agent ?? createUpstreamAgent();
  const resolver =
    deps.identity ??
    createIdentityResolver({
      authUrl: config.AUTH_URL,
      internalSecret: config.INTERNAL_SECRET,
      ttlSeconds: config.IDENTITY_CACHE_SECONDS,
      timeoutMs: Math.min(config.AUTH_TIMEOUT_MS, 3_000),
      log,
      shared: cache.status().kind === 'redis' ? cache : undefined,
      broadcast: deps.broadcast,
    });
  // Event streams end when their session does: checked again every identity-cache window, and at once on an eviction.
  const streamSessions = createStreamSessions({
    identity: resolver,
    intervalMs: Math.max(1, config.IDENTITY_CACHE_SECONDS) * 1000,
    log,
  });
  const identity = streamSessions.resolver;
  const proxy = createApiProxy({ agent, streamAgent: deps.streamAgent, log });
  const edge = deps.edge ?? createConfiguredEdgeCache(config);
  const audiences = createAudienceGate({
    billingUrl: config.BILLING_URL,
    internalSecret: config.INTERNAL_SECRET,
    timeoutMs: Math.min(config.BILLING_TIMEOUT_MS, 1_000),
    ttlSeconds: Math.min(config.IDENTITY_CACHE_SECONDS, config.EDGE_CACHE_SECONDS),
    broadcast: deps.broadcast,
    log,
  });
  const releases = deps.releases ?? createGatewayReleases(config, log, { database: false });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('etag', 'weak');
  const client = clientAddress(app.get('trust proxy fn') as TrustFn);

  app.use(
    chain(requestContext(log), stripTrustedHeaders, ...(securityHeaders(config) as Handler[]), compress()),
  );
  // The API reference page and its script (the one page under /api).
  app.use('/api/docs', createApiDocsRouter());
  // The credential issuer's public keys, for anyone verifying a certificate's credential (progress owns them).
  app.get(JWKS_PATH, createConfiguredJwksHandler(config, log));
  // Any other /api path is an API 404, never the app's HTML.
  app.use('/api', (req, res) =>
    sendError(res, 404, `Route not found: ${req.method} ${req.originalUrl.split('?')[0]}`),
  );
  const coursePages = createCoursePages({
    contentUrl: config.CONTENT_URL,
    log,
    ttlMs: Math.max(config.EDGE_CACHE_SECONDS, 30) * 1000,
  });
  // The pages an LTI launch opens may be framed by the registered LMS platforms (their origins asked of auth).
  app.use(
    ltiFramePages(
      createLtiFrameOrigins({ authUrl: config.AUTH_URL, internalSecret: config.INTERNAL_SECRET, log }),
    ),
  );
  app.use(createStaticRouter(config, log, releases, coursePages));
  app.use(errorHandler(log));

  // A stored public answer is served after the same first steps as any API request (request id, access
  // log, security headers, CORS) and before the routing table, identity and the upstream. The compression
  // step is not among them: the entry is sent encoded from its own kept copy, with the Vary the step would
  // have added (edge-cache.ts).
  const edgeHit: Handler = (req, res) => {
    const locals = localsOf(res);
    const entry = locals.edgeEntry as EdgeEntry;
    locals.upstream = entry.upstream;
    locals.cache = 'HIT';
    edge.send(req, res, entry, 'HIT');
  };
  const hit = chain(requestContext(log, { api: true }), apiSecurityHeaders(client), cors(config), edgeHit);
  // The compression step is put on each answer by the API handler, unless the gateway answers from what it keeps.
  const api = chain(
    requestContext(log, { api: true }),
    apiSecurityHeaders(client),
    cors(config),
    createApiHandler({
      config,
      log,
      cache,
      identity,
      streamSessions,
      proxy,
      client,
      edge,
      audiences,
      releases,
      saveBatches: config.PROGRESS_SAVE_BATCHES
        ? createSaveBatches({
            agent,
            target: config.PROGRESS_URL,
            secret: config.INTERNAL_SECRET,
            proxy,
            log,
          })
        : undefined,
    }),
  );
  return (req, res) => {
    const url = req.url ?? '';
    if (!isApiUrl(url)) return void app(req, res);
    // An API key's request is checked and counted first (api-keys.ts), even for a kept public answer.
    const keyed = req.headers.authorization !== undefined && isApiKey(bearerToken(req.headers.authorization));
    if (edge.size > 0 && (req.method === 'GET' || req.method === 'HEAD') && !keyed) {
      const entry = edge.lookup(url);
      if (entry) {
        localsOf(res).edgeEntry = entry;
        return void hit(req, res, (error?: unknown) => respondToError(log, error, req, res));
      }
    }
    api(req, res, (error?: unknown) => {
      ensureApiCompression(req, res);
      if (error) respondToError(log, error, req, res);
      else sendError(res, 404, `Route not found: ${req.method} ${(req.url ?? '').split('?')[0]}`);
    });
  };
}
