/**
 * Gateway overhead: the same small JSON route measured directly against a service and through the
 * gateway, in one run, on loopback. Starts its own service stand-in and gateway (child processes, so
 * the load generator does not share their event loop), or measures BENCH_DIRECT_URL vs
 * BENCH_GATEWAY_URL when the full product is already running. Both sides write access logs at
 * BENCH_LOG_LEVEL (info), as in production.
 *
 *   npx tsx bench/gateway-overhead.ts            # 5 s per side, 50 connections
 *   BENCH_DURATION=2 npx tsx bench/gateway-overhead.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs } from './load';
import { loadAutocannon } from './tool-packages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The part of autocannon's result this benchmark reads. */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining?: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

export interface SideResult {
  url: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  averageLatency: number;
  total: number;
  errors: number;
  non2xx: number;
  /** CPU time each of our processes spent per request during the run (µs), when their pids are known. */
  cpuMicrosPerRequest: Record<string, number>;
}

export interface GatewayOverheadResult {
  route: string;
  durationSeconds: number;
  connections: number;
  direct: SideResult;
  gateway: SideResult;
  /** Gateway throughput as a fraction of direct throughput (1 = no overhead). */
  ratio: number;
  /** Extra median latency the gateway adds, in ms. */
  addedP50: number;
}

export interface GatewayOverheadOptions {
  durationSeconds?: number;
  connections?: number;
  /** Measure these instead of starting a stand-in and a gateway (e.g. a running product). */
  directUrl?: string;
  gatewayUrl?: string;
}

const STAND_IN_FLAG = '--service-stand-in';

/**
 * A service as the real ones are built (service-kit's Hono app: request ids, identity check, access log)
 * with one small JSON route, so "direct" is an honest baseline rather than a bare node:http server.
 */
async function serveStandIn(port: number) {
  const { createLogger, createService, ok, startServer } = await import('@catalyst/service-kit');
  const log = createLogger('content', process.env.LOG_LEVEL ?? 'info');
  const app = createService({
    name: 'content',
    log,
    internalSecret: process.env.INTERNAL_SECRET ?? randomBytes(32).toString('base64url'),
  });
  app.get('/categories', (c) =>
    ok(c, {
      status: 'ok',
      items: [{ _id: 'a'.repeat(24), name: 'Web Development', slug: 'web-development' }],
    }),
  );
  startServer(app, { port, log, name: 'content' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000}s`);
}

async function startStandIn(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), STAND_IN_FLAG, String(port)],
    {
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/categories`, child);
  return { url, child };
}

async function startGateway(serviceUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      INTERNAL_SECRET: randomBytes(32).toString('base64url'),
      AUTH_URL: serviceUrl,
      CONTENT_URL: serviceUrl,
      PROGRESS_URL: serviceUrl,
      BILLING_URL: serviceUrl,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    // Access logs are written (as in production) but not kept.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/mf/remotes.json`, child);
  return { url, child };
}

async function measure(
  url: string,
  durationSeconds: number,
  connections: number,
  pids: Record<string, number | undefined> = {},
): Promise<SideResult> {
  const autocannon = (await loadAutocannon()) as unknown as Autocannon;
  // A short warm-up so JIT and keep-alive pools are in place before the measured run.
  await autocannon({ url, connections, duration: 1 });
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const result = await autocannon({ url, connections, duration: durationSeconds, pipelining: 1 });
  // CPU per request is what the machine's load cannot distort much: it is the figure to compare across changes.
  const cpuMicrosPerRequest: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    const start = before[name];
    const end = cpuMs(pid);
    if (start !== undefined && end !== undefined && result.requests.total > 0)
      cpuMicrosPerRequest[name] = Math.round(((end - start) * 1000) / result.requests.total);
  }
  return {
    cpuMicrosPerRequest,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    averageLatency: result.latency.average,
    total: result.requests.total,
    errors: result.errors, // autocannon counts its timeouts among its errors
    non2xx: result.non2xx,
  };
}

/** Runs both measurements one after the other (never at once: they would share the CPU). */
export async function measureGatewayOverhead(
  options: GatewayOverheadOptions = {},
): Promise<GatewayOverheadResult> {
  const durationSeconds = options.durationSeconds ?? 5;
  const connections = options.connections ?? 50;
  const route = '/categories';
  const children: ChildProcess[] = [];
  try {
    let directUrl = options.directUrl;
    let gatewayUrl = options.gatewayUrl;
    let pids: { service?: number; gateway?: number } = {};
    if (!directUrl || !gatewayUrl) {
      const service = await startStandIn();
      children.push(service.child);
      const gateway = await startGateway(service.url);
      children.push(gateway.child);
      directUrl = `${service.url}${route}`;
      gatewayUrl = `${gateway.url}/api/v1${route}`;
      pids = { service: service.child.pid, gateway: gateway.child.pid };
    }
    const direct = await measure(directUrl, durationSeconds, connections, { service: pids.service });
    const gateway = await measure(gatewayUrl, durationSeconds, connections, pids);
    return {
      route,
      durationSeconds,
      connections,
      direct,
      gateway,
      ratio:
        direct.requestsPerSecond > 0
          ? Math.round((gateway.requestsPerSecond / direct.requestsPerSecond) * 1000) / 1000
          : 0,
      addedP50: Math.round((gateway.p50 - direct.p50) * 100) / 100,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

export function formatOverheadTable(result: GatewayOverheadResult): string {
  const row = (name: string, side: SideResult) =>
    `| ${name} | ${side.requestsPerSecond} | ${side.p50} | ${side.p99} | ${side.errors} | ${side.non2xx} |`;
  return [
    `Gateway overhead: GET ${result.route}, ${result.connections} connections, ${result.durationSeconds} s each, loopback`,
    '',
    '| path | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|',
    row('direct to the service', result.direct),
    row('through the gateway', result.gateway),
    '',
    `The gateway keeps ${(result.ratio * 100).toFixed(1)}% of direct throughput and adds ${result.addedP50} ms at the median.`,
    `CPU per request (µs): direct ${JSON.stringify(result.direct.cpuMicrosPerRequest)}, through the gateway ${JSON.stringify(result.gateway.cpuMicrosPerRequest)}.`,
  ].join('\n');
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly && process.argv[2] === STAND_IN_FLAG) {
  void serveStandIn(Number(process.argv[3]));
} else if (runDirectly) {
  measureGatewayOverhead({
    durationSeconds: Number(process.env.BENCH_DURATION ?? 5),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    directUrl: process.env.BENCH_DIRECT_URL,
    gatewayUrl: process.env.BENCH_GATEWAY_URL,
  })
    .then((result) => {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n${formatOverheadTable(result)}\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `gateway overhead benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}
