/**
 * One bounded autocannon run against a loopback URL, reduced to the figures the bench reports.
 * Every measured run is preceded by a short warm-up (JIT, keep-alive pools, caches).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadAutocannon } from './tool-packages';

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
  /** CPU time (µs) each named process spent per request during the run: far steadier than req/s on a busy machine. */
  cpuMicrosPerRequest?: Record<string, number>;
}

/**
 * What a browser says it can decode: the API rows ask as a page does, so an answer's compression (brotli from
 * the gateway, or a kept answer's stored copy) is part of what they measure. Without it the bench measured a
 * path no browser takes.
 */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br' } as const;

export interface LoadOptions {
  name: string;
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds: number;
  warmupSeconds?: number;
  /** Builds each request's path (e.g. a different page per request); the URL's path otherwise. */
  pathFor?: () => string;
  /** Processes whose CPU time per request is reported (Linux /proc). */
  pids?: Record<string, number | undefined>;
  /** Further CPU time readers (ms so far, e.g. a process and its children), reported per request like `pids`. */
  cpu?: Record<string, () => Promise<number | undefined> | number | undefined>;
}

/** CPU time (user + system) a process has used so far, in ms; undefined when it cannot be read. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The parent of a process (a Postgres backend's is its postmaster); undefined when it cannot be read. */
export function parentPid(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) || undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of a Postgres postmaster and every process it started (the backends serving the product). */
export function postgresCpuMs(postmaster: number | undefined): number | undefined {
  let total = cpuMs(postmaster);
  if (total === undefined) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && parentPid(Number(entry)) === postmaster) total += cpuMs(Number(entry)) ?? 0;
  }
  return total;
}

/**
 * CPU time (µs) the route's processes spend per request while it is loaded at a fixed rate, in total and by
 * process: what a request costs, free of how much of the machine the run happened to get (a saturating run's
 * req/s on a shared machine is mostly that).
 */
export async function cpuAtRate(
  route: { url: string; headers: Record<string, string>; pids: Record<string, number | undefined> },
  rate: number,
  seconds: number,
): Promise<{ total: number; byProcess: Record<string, number> }> {
  const names = Object.keys(route.pids);
  const pids = Object.values(route.pids);
  const autocannon = await loadAutocannon();
  const before = pids.map(cpuMs);
  const result = await autocannon({
    url: route.url,
    headers: route.headers,
    connections: 10,
    overallRate: rate,
    duration: seconds,
  });
  const requests = Math.max(1, result.requests.total);
  const spent = pids.map((pid, i) => (cpuMs(pid) ?? 0) - (before[i] ?? 0));
  return {
    total: Math.round((spent.reduce((a, b) => a + b, 0) * 1000) / requests),
    byProcess: Object.fromEntries(names.map((name, i) => [name, Math.round((spent[i]! * 1000) / requests)])),
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function assertLoopback(url: string): void {
  if (!LOOPBACK.has(new URL(url).hostname))
    throw new Error(`the bench runs against loopback only, not ${url}`);
}

async function run({ url, headers = {}, connections = 50, pathFor }: LoadOptions, duration: number) {
  const requests = pathFor
    ? [{ setupRequest: (req: { path?: string }) => ({ ...req, path: pathFor() }) }]
    : undefined;
  const autocannon = await loadAutocannon();
  return autocannon({
    url,
    headers,
    connections,
    duration,
    ...(requests ? { requests: requests as never } : {}),
  });
}

export async function measureLoad(options: LoadOptions): Promise<RouteLoad> {
  assertLoopback(options.url);
  const connections = options.connections ?? 50;
  if ((options.warmupSeconds ?? 1) > 0)
    await run({ ...options, connections: Math.min(connections, 10) }, options.warmupSeconds ?? 1);
  type Reader = [string, () => Promise<number | undefined> | number | undefined];
  const readers: Reader[] = [
    ...Object.entries(options.pids ?? {}).map(([name, pid]): Reader => [name, () => cpuMs(pid)]),
    ...Object.entries(options.cpu ?? {}),
  ];
  const before = await Promise.all(readers.map(([, read]) => read()));
  const r = await run(options, options.durationSeconds);
  const cpu: Record<string, number> = {};
  const after = await Promise.all(readers.map(([, read]) => read()));
  readers.forEach(([name], i) => {
    const end = after[i];
    const start = before[i];
    if (start !== undefined && end !== undefined && r.requests.total > 0)
      cpu[name] = Math.round(((end - start) * 1000) / r.requests.total);
  });
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
    errors: r.errors, // autocannon counts its timeouts among its errors
    ...(readers.length > 0 ? { cpuMicrosPerRequest: cpu } : {}),
  };
}
