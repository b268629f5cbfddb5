import express, { type Request, type RequestHandler, type Response } from 'express';
import { IDENTITY_HEADER, INTERNAL_HEADER, type Identity } from '@catalyst/contracts';
import { signIdentity, type Cache, type Logger } from '@catalyst/service-kit';
import { chain } from './chain';
import { clientErrorsHandlers } from './client-errors';
import type { GatewayConfig } from './config';
import { MESSAGES, sendError } from './errors';
import { healthHandler, type ServiceUrls } from './health';
import { AuthUnavailableError, bearerToken, type IdentityResolver } from './identity';
import type { ApiProxy, ProxyPlan } from './proxy';
import { API_PREFIX, isUnsafeApiPath, resolveRoute, type ApiRoute, type TimeoutClass, type Upstream } from './routes';

export interface ApiDeps {
  config: GatewayConfig;
  log: Logger;
  cache: Cache;
  identity: IdentityResolver;
  proxy: ApiProxy;
}

export const serviceUrls = (config: GatewayConfig): ServiceUrls => ({
  auth: config.AUTH_URL,
  content: config.CONTENT_URL,
  progress: config.PROGRESS_URL,
  billing: config.BILLING_URL,
});

const timeouts = (config: GatewayConfig): Record<TimeoutClass, number> => ({
  auth: config.AUTH_TIMEOUT_MS,
  content: config.CONTENT_TIMEOUT_MS,
  progress: config.PROGRESS_TIMEOUT_MS,
  billing: config.BILLING_TIMEOUT_MS,
  admin: config.ADMIN_TIMEOUT_MS,
});

/** Headers only the gateway may set: whatever a client sends under these names is dropped. */
export const stripTrustedHeaders: RequestHandler = (req, _res, next) => {
  delete req.headers[IDENTITY_HEADER];
  delete req.headers[INTERNAL_HEADER];
  next();
};

const isJson = (req: Request) => Boolean(req.is(['application/json', '+json']));

/** The route of this request, kept on res.locals by `resolve` for the handlers after it. */
const routeOf = (res: Response) => res.locals.route as ApiRoute;

/**
 * Everything under /api/v1, as one handler: the routing table, then body limits, JSON checks and edge authentication
 * for the routes the services own, then the proxy (which strips /api/v1: express mounts this handler there).
 */
export function createApiHandler({ config, log, cache, identity, proxy }: ApiDeps): RequestHandler {
  const upstreams = serviceUrls(config);
  const timeoutFor = timeouts(config);

  const resolve: RequestHandler = (req, res, next) => {
    const path = req.path;
    if (isUnsafeApiPath(path)) return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${path}`);
    const route = resolveRoute(path);
    if (!route) return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${path}`);
    res.locals.route = route;
    res.locals.upstream = route.owner;
    if (route.owner === 'gateway' && route.methods && !route.methods.includes(req.method)) {
      res.setHeader('allow', route.methods.join(', '));
      return sendError(res, 405, `Method ${req.method} is not allowed on ${API_PREFIX}${route.path}`);
    }
    next();
  };

  const readBody = express.raw({ type: () => true, limit: config.BODY_LIMIT });

  // Malformed JSON is refused here so no service ever parses it (an empty body is left to the service).
  const checkJson: RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    if (Buffer.isBuffer(body) && body.length > 0 && isJson(req)) {
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        return sendError(res, 400, MESSAGES.malformedJson);
      }
    }
    next();
  };

  const forward: RequestHandler = async (req, res) => {
    const route = routeOf(res);
    if (route.owner === 'gateway') return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${req.path}`);
    const upstream: Upstream = route.owner;
    const requestId = String(res.locals.requestId);
    const token = bearerToken(req.headers.authorization);
    let caller: Identity | null = null;
    if (token) {
      try {
        caller = await identity.resolve(token, requestId);
      } catch (error) {
        if (error instanceof AuthUnavailableError) return sendError(res, 503, MESSAGES.unavailable);
        throw error;
      }
    }
    if (caller) req.headers[IDENTITY_HEADER] = signIdentity(caller, config.INTERNAL_SECRET);
    // Only auth ever sees the raw token (it needs it for logout and /auth/me).
    if (!route.forwardAuthorization) delete req.headers.authorization;
    // The services see the client as the gateway does (TRUST_PROXY decides how far to believe X-Forwarded-*).
    delete req.headers.forwarded;
    req.headers['x-forwarded-for'] = req.ip ?? '';
    req.headers['x-real-ip'] = req.ip ?? '';
    req.headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;

    const plan: ProxyPlan = {
      route,
      upstream,
      target: upstreams[upstream],
      timeoutMs: timeoutFor[route.timeout ?? upstream],
      body: Buffer.isBuffer(req.body) ? req.body : undefined,
      requestId,
    };
    if (route.evicts === 'token' && token) plan.afterSuccess = () => identity.evictToken(token);
    if (route.evicts === 'user' && caller) {
      const userId = caller.id;
      plan.afterSuccess = () => identity.evictUser(userId);
    }
    proxy.forward(req, res, plan);
  };

  const gatewayRoutes: Record<string, RequestHandler> = {
    '/health': healthHandler(upstreams, config.HEALTH_TIMEOUT_MS),
    '/client-errors': chain(...clientErrorsHandlers({ cache, log, perMinute: config.CLIENT_ERRORS_PER_MINUTE })),
  };
  const proxied = chain(readBody, checkJson, forward);
  const dispatch: RequestHandler = (req, res, next) => {
    const route = routeOf(res);
    const own = route.owner === 'gateway' ? gatewayRoutes[route.path] : proxied;
    if (!own) return sendError(res, 404, `Route not found: ${req.method} ${API_PREFIX}${req.path}`);
    return own(req, res, next);
  };
  return chain(stripTrustedHeaders, resolve, dispatch);
}
