import type { Agent, ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from '@catalyst/service-kit';
import { MESSAGES } from './errors';
import type { ApiRoute, Upstream } from './routes';

/** What the API layer decided for one request before handing it to the proxy. */
export interface ProxyPlan {
  route: ApiRoute;
  upstream: Upstream;
  target: string;
  timeoutMs: number;
  /** The request body exactly as received (already size-checked), or undefined for a bodiless request. */
  body?: Buffer;
  requestId: string;
  /** Runs after a 2xx answer and before the client sees it (identity cache eviction). */
  afterSuccess?: () => Promise<void>;
}

export interface ApiProxy {
  forward(req: IncomingMessage, res: ServerResponse, plan: ProxyPlan): void;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'upgrade']);

const isResponse = (res: ServerResponse | Socket): res is ServerResponse => typeof (res as ServerResponse).writeHead === 'function';

function sendJsonError(res: ServerResponse, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ success: false, message });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * Forwards API requests to the services with http-proxy-middleware over keep-alive agents: the buffered
 * body is written byte for byte, a slow upstream becomes a 504 and an unreachable one a 503, both in the
 * one error shape.
 */
export function createApiProxy({ agent, log }: { agent: Agent; log: Logger }): ApiProxy {
  const plans = new WeakMap<IncomingMessage, ProxyPlan>();
  const timedOut = new WeakSet<IncomingMessage>();

  const sharedEvents: Plugin = (proxy) => {
    proxy.on('proxyReq', (proxyReq: ClientRequest, req: IncomingMessage) => {
      const plan = plans.get(req);
      if (!plan) return;
      // The upstream must start answering within the route's timeout.
      const timer = setTimeout(() => {
        timedOut.add(req);
        proxyReq.destroy(Object.assign(new Error(`upstream ${plan.upstream} timed out after ${plan.timeoutMs} ms`), { code: 'GATEWAY_TIMEOUT' }));
      }, plan.timeoutMs);
      const clear = () => clearTimeout(timer);
      proxyReq.once('response', clear);
      proxyReq.once('close', clear);
      if (plan.body) {
        // The body was read (and inflated, if the client compressed it) by the gateway: send it as is.
        proxyReq.removeHeader('transfer-encoding');
        proxyReq.removeHeader('content-encoding');
        proxyReq.setHeader('content-length', plan.body.length);
        proxyReq.write(plan.body);
      }
    });

    // The upstream's own keep-alive terms are between it and the gateway, not the client.
    proxy.on('proxyRes', (proxyRes: IncomingMessage) => {
      delete proxyRes.headers['keep-alive'];
      delete proxyRes.headers['proxy-authenticate'];
    });

    proxy.on('error', (error: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
      const plan = plans.get(req);
      const timeout = timedOut.has(req);
      log.warn({ requestId: plan?.requestId, upstream: plan?.upstream, code: error.code, err: error.message }, timeout ? 'upstream timed out' : 'upstream unreachable');
      if (!isResponse(res)) return void res.destroy();
      sendJsonError(res, timeout ? 504 : 503, timeout ? MESSAGES.timeout : MESSAGES.unavailable);
    });
  };

  // Answers that change who may be signed in wait for the identity cache to forget before the client sees them.
  const evictingResponses: Plugin = (proxy) => {
    proxy.on('proxyRes', (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
      const plan = plans.get(req);
      const status = proxyRes.statusCode ?? 502;
      const work = status >= 200 && status < 300 && plan?.afterSuccess ? plan.afterSuccess() : Promise.resolve();
      work
        .catch((error: unknown) => log.error({ requestId: plan?.requestId, err: String(error) }, 'identity cache eviction failed'))
        .finally(() => {
          if (res.headersSent || res.destroyed) return void proxyRes.resume();
          res.statusCode = status;
          for (const [name, value] of Object.entries(proxyRes.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
          }
          proxyRes.pipe(res);
        });
    });
  };

  const common = {
    router: (req: IncomingMessage) => plans.get(req)?.target ?? 'http://127.0.0.1:9',
    target: 'http://127.0.0.1:9',
    changeOrigin: true,
    xfwd: false,
    agent,
    ejectPlugins: true,
  };
  const streaming = createProxyMiddleware({ ...common, plugins: [sharedEvents] });
  const evicting = createProxyMiddleware({ ...common, selfHandleResponse: true, plugins: [sharedEvents, evictingResponses] });

  return {
    forward(req, res, plan) {
      plans.set(req, plan);
      const middleware = plan.afterSuccess ? evicting : streaming;
      void middleware(req, res, (error?: unknown) => {
        log.error({ requestId: plan.requestId, err: String(error) }, 'proxy failed before forwarding');
        sendJsonError(res, 503, MESSAGES.unavailable);
      });
    },
  };
}
