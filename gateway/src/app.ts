import { Agent, type RequestListener } from 'node:http';
import compression from 'compression';
import express from 'express';
import type { Cache, Logger } from '@catalyst/service-kit';
import { requestContext } from './access-log';
import { createApiHandler, stripTrustedHeaders } from './api';
import { chain, type Handler } from './chain';
import { clientAddress, type TrustFn } from './client-address';
import type { GatewayConfig } from './config';
import { errorHandler, respondToError, sendError } from './errors';
import { createIdentityResolver, type IdentityResolver } from './identity';
import { createApiProxy } from './proxy';
import { API_PREFIX } from './routes';
import { apiSecurityHeaders, cors, securityHeaders } from './security';
import { createStaticRouter } from './static';

export interface GatewayDeps {
  log: Logger;
  /** Rate-limit counters, and the shared identity cache when it is Redis. */
  cache: Cache;
  /** Keep-alive agent for the upstreams; main owns it so shutdown can close its sockets. */
  agent?: Agent;
  /** Replaces the auth-backed resolver (tests). */
  identity?: IdentityResolver;
}

/** A keep-alive agent sized for a gateway in front of a handful of services. */
export const createUpstreamAgent = () => new Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 256, maxFreeSockets: 64, timeout: 60_000 });

const isApiUrl = (url: string) => url.startsWith(API_PREFIX) && (url.length === API_PREFIX.length || url[API_PREFIX.length] === '/' || url[API_PREFIX.length] === '?');

/**
 * The gateway as a request listener: no listening, no process state, everything passed in. The API
 * (/api/v1) is answered on node's own request and response; express serves everything else (the shell,
 * the remotes, media). Measured: express's per-request prototype swap alone doubled the cost of a
 * proxied call, so the hot path does without it.
 */
export function createGateway(config: GatewayConfig, deps: GatewayDeps): RequestListener {
  const { log, cache } = deps;
  const agent = deps.agent ?? createUpstreamAgent();
  const identity =
    deps.identity ??
    createIdentityResolver({
      authUrl: config.AUTH_URL,
      internalSecret: config.INTERNAL_SECRET,
      ttlSeconds: config.IDENTITY_CACHE_SECONDS,
      timeoutMs: Math.min(config.AUTH_TIMEOUT_MS, 3_000),
      log,
      shared: cache.status().kind === 'redis' ? cache : undefined,
    });
  const proxy = createApiProxy({ agent, log });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('etag', 'weak');
  const client = clientAddress(app.get('trust proxy fn') as TrustFn);

  app.use(chain(requestContext(log), stripTrustedHeaders, ...(securityHeaders(config) as Handler[]), compression() as unknown as Handler));
  // Any other /api path is an API 404, never the app's HTML.
  app.use('/api', (req, res) => sendError(res, 404, `Route not found: ${req.method} ${req.originalUrl.split('?')[0]}`));
  app.use(createStaticRouter(config, log));
  app.use(errorHandler(log));

  const api = chain(
    requestContext(log),
    apiSecurityHeaders(client),
    compression() as unknown as Handler,
    cors(config),
    createApiHandler({ config, log, cache, identity, proxy, client }),
  );
  return (req, res) => {
    if (!isApiUrl(req.url ?? '')) return void app(req, res);
    api(req, res, (error?: unknown) => {
      if (error) respondToError(log, error, req, res);
      else sendError(res, 404, `Route not found: ${req.method} ${(req.url ?? '').split('?')[0]}`);
    });
  };
}
