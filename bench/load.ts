/**
 * One bounded autocannon run against a loopback URL, reduced to the figures the bench reports.
 * Every measured run is preceded by a short warm-up (JIT, keep-alive pools, caches).
 */
import autocannon from 'autocannon';

export interface RouteLoad {
  name: string;
  path: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds: number;
  warmupSeconds?: number;
  /** Builds each request's path (e.g. a different page per request); the URL's path otherwise. */
  pathFor?: () => string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function assertLoopback(url: string): void {
  if (!LOOPBACK.has(new URL(url).hostname)) throw new Error(`the bench runs against loopback only, not ${url}`);
}

function run({ url, headers = {}, connections = 50, pathFor }: LoadOptions, duration: number) {
  const requests = pathFor ? [{ setupRequest: (req: { path?: string }) => ({ ...req, path: pathFor() }) }] : undefined;
  return autocannon({ url, headers, connections, duration, ...(requests ? { requests: requests as never } : {}) });
}

export async function measureLoad(options: LoadOptions): Promise<RouteLoad> {
  assertLoopback(options.url);
  const connections = options.connections ?? 50;
  if ((options.warmupSeconds ?? 1) > 0) await run({ ...options, connections: Math.min(connections, 10) }, options.warmupSeconds ?? 1);
  const r = await run(options, options.durationSeconds);
  const url = new URL(options.url);
  return {
    name: options.name,
    path: `${url.pathname}${url.search}`,
    connections,
    durationSeconds: options.durationSeconds,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
