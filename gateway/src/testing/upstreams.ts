import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Identity } from '@catalyst/contracts';
import { MemoryCache, type Logger } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { createGateway, type GatewayDeps } from '../app';
import { buildConfig, type GatewayConfig } from '../config';
import { listenGateway } from '../listen';
import { UPSTREAMS, type Upstream } from '../routes';

/** One request as a stand-in service saw it. */
interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type StandInHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
) => boolean | void | Promise<boolean | void>;

export interface StandIn {
  name: string;
  url: string;
  seen: SeenRequest[];
  /** TCP connections accepted so far (keep-alive keeps this low). */
  connections: () => number;
  /** Handles a request before the default echo; return true when it answered. */
  handle: (handler: StandInHandler | undefined) => void;
  close: () => Promise<void>;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/**
 * A tiny HTTP server standing in for a service: it echoes what it received (method, path, headers, body)
 * as `{ success: true, data: { service, method, path, headers, body } }`, answers /health, and can be
 * given a handler for special cases (slow answers, internal routes).
 */
export async function startStandIn(name: string): Promise<StandIn> {
  const seen: SeenRequest[] = [];
  let custom: StandInHandler | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (custom && (await custom(req, res, body))) return;
      const payload = JSON.stringify({
        success: true,
        data: {
          service: name,
          method: req.method,
          path: req.url,
          headers: req.headers,
          body: body.toString('utf8'),
          bodyBase64: body.toString('base64'),
        },
      });
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-request-id': String(req.headers['x-request-id'] ?? ''),
      });
      res.end(payload);
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  const url = await listen(server);
  return {
    name,
    url,
    seen,
    connections: () => connections,
    handle: (handler) => (custom = handler),
    close: () => closeServer(server),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A logger whose lines the test can read back. */
export function captureLog(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines };
}

export interface RunningGateway {
  url: string;
  config: GatewayConfig;
  close: () => Promise<void>;
}

// Services not given are unreachable, never whatever happens to listen on the default ports.
const NOWHERE = 'http://127.0.0.1:9';
const testConfig = (env: Record<string, string | undefined>) =>
  buildConfig({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    ...Object.fromEntries(UPSTREAMS.map((name) => [`${name.toUpperCase()}_URL`, NOWHERE])),
    ...env,
  });

/** The real gateway on a free port, in front of the given URLs. */
export async function startGateway(
  env: Record<string, string | undefined>,
  deps: Partial<GatewayDeps> = {},
): Promise<RunningGateway> {
  const config = testConfig(env);
  const app = createGateway(config, {
    log: deps.log ?? pino({ level: 'silent' }),
    cache: deps.cache ?? new MemoryCache(),
    ...deps,
  });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  const url = await listen(server);
  return { url, config, close: () => closeServer(server) };
}

/** The gateway as main runs it: listening on loopback with the configured header and request timeouts and connection cap. */
export async function startListeningGateway(
  env: Record<string, string | undefined>,
): Promise<RunningGateway> {
  const config = testConfig(env);
  const log = pino({ level: 'silent' });
  const app = createGateway(config, { log, cache: new MemoryCache() });
  const options = {
    port: 0,
    host: '127.0.0.1',
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  };
  const { servers, port } = await listenGateway(app, options, log);
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    close: async () => void (await Promise.all(servers.map(closeServer))),
  };
}

/** A stand-in for every service plus a gateway in front of them. */
export async function startWorld(
  env: Record<string, string | undefined> = {},
  deps: Partial<GatewayDeps> = {},
) {
  const standIns = await Promise.all(UPSTREAMS.map(startStandIn));
  const urls = Object.fromEntries(
    standIns.map((standIn) => [`${standIn.name.toUpperCase()}_URL`, standIn.url]),
  );
  const gateway = await startGateway({ ...urls, ...env }, deps);
  return {
    ...(Object.fromEntries(standIns.map((standIn) => [standIn.name, standIn])) as Record<Upstream, StandIn>),
    gateway,
    close: async () => {
      await gateway.close();
      await Promise.all(standIns.map((s) => s.close()));
    },
  };
}

/**
 * Makes the auth stand-in resolve sessions from a token → identity map (401 for anything else);
 * `routes` answers other auth paths (logout, change-password) by upstream path.
 */
export function serveSessions(
  auth: StandIn,
  sessions: Map<string, Identity>,
  routes: Record<string, StandInHandler> = {},
) {
  auth.handle((req, res, body) => {
    const route = routes[req.url ?? ''];
    if (route) return route(req, res, body);
    if (req.url !== '/internal/sessions/resolve') return false;
    if (req.headers['x-catalyst-internal'] !== TEST_INTERNAL_SECRET) {
      sendJson(res, 404, { success: false, message: 'Not found' });
      return true;
    }
    const { token } = JSON.parse(body.toString('utf8')) as { token: string };
    const identity = sessions.get(token);
    if (!identity) sendJson(res, 401, { success: false, message: 'Invalid or expired session' });
    else sendJson(res, 200, { success: true, data: { identity } });
    return true;
  });
}

export interface Echo {
  service: string;
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
  bodyBase64: string;
}

export async function echoOf(response: Response): Promise<Echo> {
  const payload = (await response.json()) as { data: Echo };
  return payload.data;
}

/** A request sent exactly as written (fetch would normalise dot segments in the path before sending). */
export function rawRequest(
  baseUrl: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
