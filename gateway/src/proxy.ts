import {
  Agent,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Logger } from '@catalyst/service-kit';
import { AUDIENCE_HEADER, EVICT_USER_HEADER } from '@catalyst/contracts';
import { MESSAGES } from './errors';
import { countStreams, languageOfHeader, translateMessage } from '@catalyst/service-kit';
import { traceUpstream } from './telemetry';

/** Event streams this gateway is relaying right now (sse_connections{stream="gateway"}). */
let openStreams = 0;
countStreams('gateway', () => openStreams);
import type { ApiRoute, Upstream } from './routes';

/** What the API layer decided for one request before handing it to the proxy. */
export interface ProxyPlan {
  route: ApiRoute;
  upstream: Upstream;
  target: string;
  /** Path and query on the service (the /api/v1 prefix already stripped). */
  path: string;
  timeoutMs: number;
  /** The request body exactly as received (already size-checked), or undefined for a bodiless request. */
  body?: Buffer;
  /** The body is the client's request stream, piped through as it arrives (resumable uploads). */
  streamBody?: boolean;
  /**
   * The answer is a long-lived stream (Server-Sent Events): its own upstream connection, its headers sent
   * on at once, each chunk relayed as it arrives. `timeoutMs` bounds only the wait for its headers.
   */
  streamAnswer?: boolean;
  requestId: string;
  /**
   * Runs after a 2xx answer and before the client sees it (identity cache eviction, edge cache purge), with the
   * answer's headers (EVICT_USER_HEADER names the user to forget).
   */
  afterSuccess?: (headers: IncomingHttpHeaders) => Promise<void>;
  /**
   * Offered each answer first (the edge cache): returns a taker for the whole body, which then answers the
   * client itself, or undefined to relay the answer as it streams.
   */
  capture?: (status: number, headers: IncomingHttpHeaders) => ((body: Buffer) => void) | undefined;
}

export interface ApiProxy {
  forward(req: IncomingMessage, res: ServerResponse, plan: ProxyPlan): void;
}

/** Connection-level headers: they describe one hop, never the next. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

function sendJsonError(res: ServerResponse, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const language = languageOfHeader(res.req?.headers['accept-language']);
  const body = JSON.stringify({ success: false, message: translateMessage(language, message) });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

/**
 * Gives the client the upstream's answer: offered to `plan.capture` first (the edge cache), else relayed as it
 * streams. A function of the module, not a closure made per request (see chain.ts on tsx's per-closure cost).
 */
function relay(
  req: IncomingMessage,
  res: ServerResponse,
  plan: ProxyPlan,
  answer: IncomingMessage,
  status: number,
): void {
  if (res.headersSent || res.destroyed) return void answer.resume();
  const take = plan.capture?.(status, answer.headers);
  if (take) {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      if (!res.headersSent && !res.destroyed) take(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    answer.on('error', () => res.destroy());
    return;
  }
  res.statusCode = status;
  if (answer.statusMessage) res.statusMessage = answer.statusMessage;
  for (const name in answer.headers) {
    const value = answer.headers[name];
    if (
      value !== undefined &&
      !HOP_BY_HOP.has(name) &&
      name !== AUDIENCE_HEADER &&
      name !== EVICT_USER_HEADER
    )
      res.setHeader(name, value);
  }
  // Only answers a service marks cacheable may be kept: tokens, personal data, signed links and
  // admin answers are never stored by a browser or a shared cache. (Error answers carry none of
  // that, and a no-store refusal would leave Chromium's unread prefetch of it pending for ever.)
  if (answer.headers['cache-control'] === undefined && status < 400)
    res.setHeader('cache-control', 'no-store');
  // The connection's terms are the client's and the gateway's (node then adds no Keep-Alive of its own).
  res.setHeader('connection', req.headers.connection ?? (req.httpVersion === '1.0' ? 'close' : 'keep-alive'));
  answer.on('error', () => res.destroy());
  if (plan.streamAnswer) {
    // A proxy in front (nginx) must not buffer it either, and the client's EventSource opens now,
    // not at the first event. Each chunk is then written as it arrives (no compression: app.ts).
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    openStreams += 1;
    res.once('close', () => (openStreams -= 1));
  }
  answer.pipe(res);
}

interface Target {
  hostname: string;
  port: number;
  host: string;
}

/** Upstream connections of long-lived answers: one each, never pooled, so open streams cannot use up the pool's sockets. */
export const createStreamAgent = () => new Agent({ keepAlive: false });

/**
 * Forwards API requests to the services with node's own http client over a keep-alive agent (measured:
 * a fraction of a general-purpose proxy library's cost per request): the buffered body is written byte
 * for byte, a slow upstream becomes a 504 and an unreachable one a 503, both in the one error shape.
 * Event streams go over `streamAgent` (destroying it ends every open stream: shutdown).
 */
export function createApiProxy({
  agent,
  streamAgent = createStreamAgent(),
  log,
}: {
  agent: Agent;
  streamAgent?: Agent;
  log: Logger;
}): ApiProxy {
  const targets = new Map<string, Target>();
  const targetOf = (base: string): Target => {
    let target = targets.get(base);
    if (!target) {
      const url = new URL(base);
      target = {
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: Number(url.port || 80),
        host: url.host,
      };
      targets.set(base, target);
    }
    return target;
  };

  return {
    forward(req, res, plan) {
      const target = targetOf(plan.target);
      const headers: OutgoingHttpHeaders = {};
      for (const name in req.headers) if (!HOP_BY_HOP.has(name)) headers[name] = req.headers[name];
      headers.host = target.host;
      if (plan.body) {
        // The body was read (and inflated, if the client compressed it) by the gateway: send it as is.
        delete headers['content-encoding'];
        headers['content-length'] = plan.body.length;
      }

      // The service continues this call's trace: the request span's traceparent replaces the caller's.
      const endSpan = traceUpstream(res, headers, plan.upstream);

      let timedOut = false;
      const upstream = request({
        agent: plan.streamAnswer ? streamAgent : agent,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: plan.path,
        headers,
      });
      // The upstream must start answering within the route's timeout (an event stream may then last for hours).
      const timer = setTimeout(() => {
        timedOut = true;
        upstream.destroy(
          Object.assign(new Error(`upstream ${plan.upstream} timed out after ${plan.timeoutMs} ms`), {
            code: 'GATEWAY_TIMEOUT',
          }),
        );
      }, plan.timeoutMs);

      // Set when the client gave up first: the gateway then ends the upstream call itself, which is no fault of the service.
      let clientGone = false;
      upstream.on('error', (error: Error & { code?: string }) => {
        clearTimeout(timer);
        endSpan(undefined, clientGone ? 'client closed the request' : (error.code ?? error.message));
        if (res.writableEnded || clientGone) return;
        log.warn(
          { requestId: plan.requestId, upstream: plan.upstream, code: error.code, err: error.message },
          timedOut ? 'upstream timed out' : 'upstream unreachable',
        );
        sendJsonError(res, timedOut ? 504 : 503, timedOut ? MESSAGES.timeout : MESSAGES.unavailable);
      });

      upstream.on('response', (answer) => {
        clearTimeout(timer);
        const status = answer.statusCode ?? 502;
        endSpan(status);
        // Answers that change who may be signed in wait for the identity cache to forget before the client sees them.
        if (plan.afterSuccess && status >= 200 && status < 300) {
          plan
            .afterSuccess(answer.headers)
            .catch((error: unknown) =>
              log.error({ requestId: plan.requestId, err: String(error) }, 'identity cache eviction failed'),
            )
            .finally(() => relay(req, res, plan, answer, status));
        } else relay(req, res, plan, answer, status);
      });

      // A client that gives up frees the upstream connection at once.
      res.on('close', () => {
        if (res.writableFinished) return;
        clientGone = true;
        upstream.destroy();
      });
      if (plan.streamBody) {
        // A client that stops sending mid-chunk cuts the upstream too: the service keeps what arrived.
        req.on('close', () => {
          if (!req.complete) upstream.destroy();
        });
        req.pipe(upstream);
      } else upstream.end(plan.body);
    },
  };
}
