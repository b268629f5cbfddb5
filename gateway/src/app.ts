import { Agent } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Cache, Logger } from '@catalyst/service-kit';
import { requestContext } from './access-log';
import { createApiHandler, stripTrustedHeaders } from './api';
import { chain } from './chain';
import type { GatewayConfig } from './config';
import { errorHandler, sendError } from './errors';
import { createIdentityResolver, type IdentityResolver } from './identity';
import { createApiProxy } from './proxy';
import { API_PREFIX } from './routes';
import { cors, securityHeaders } from './security';
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

/** The gateway as an express app: no listening, no process state, everything passed in. */
export function createGateway(config: GatewayConfig, deps: GatewayDeps): Express {
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

  app.use(chain(requestContext(log), stripTrustedHeaders, ...securityHeaders(config), compression()));
  app.use(API_PREFIX, chain(cors(config), createApiHandler({ config, log, cache, identity, proxy })));
  // Any other /api path is an API 404, never the app's HTML.
  app.use('/api', (req, res) => sendError(res, 404, `Route not found: ${req.method} ${req.originalUrl.split('?')[0]}`));
  app.use(createStaticRouter(config, log));
  app.use(errorHandler(log));
  return app;
}
