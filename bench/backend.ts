/**
 * The back end under load, through the gateway at 50 connections, next to the machine's ceiling (a bare
 * node:http JSON route) measured in the same run: public categories, catalogue search, the premium list
 * as a subscriber (identity + entitlement on the path), /auth/me, and the gateway's own overhead (the
 * same content route direct vs through the gateway). Routes run one after another, never at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts } from '../packages/contracts/src/demo';
import { startProduct } from '../scripts/lib/product';
import { startBareProxy, startBareServer } from './ceiling';
import { measureLoad, type RouteLoad } from './load';

export interface BackendOptions {
  /** The gateway, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** Ports of the running services (runtime.json), for the direct side of the overhead figure. */
  services: Record<string, number>;
  /** Process ids of the running product (runtime.json), for CPU time per request. */
  pids?: Record<string, number>;
  durationSeconds: number;
  /** Warm-up before each measured run (a freshly started product is still compiling its hot paths). */
  warmupSeconds?: number;
  connections?: number;
}

export interface BackendResult {
  ceiling: RouteLoad;
  routes: RouteLoad[];
  /** ratio: gateway / direct; bareProxy: the same through a bare node:http proxy (the floor of any hop). */
  overhead: { direct: RouteLoad; gateway: RouteLoad; ratio: number; bareProxy: RouteLoad; bareProxyRatio: number };
}

export async function signIn(baseUrl: string, who: keyof typeof demoAccounts): Promise<string> {
  const { email, password } = demoAccounts[who];
  const res = await fetch(new URL('/api/v1/auth/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`${who} sign-in answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export async function measureBackend({ baseUrl, services, pids = {}, durationSeconds, warmupSeconds = 1, connections = 50 }: BackendOptions): Promise<BackendResult> {
  const bare = await startBareServer();
  let ceiling: RouteLoad;
  try {
    ceiling = await measureLoad({ name: 'bare node:http JSON (ceiling)', url: bare.url, connections, durationSeconds, warmupSeconds, pids: { 'node:http': bare.pid } });
  } finally {
    bare.stop();
  }
  const member = { authorization: `Bearer ${await signIn(baseUrl, 'member')}` };
  const api = (path: string) => new URL(`/api/v1${path}`, baseUrl).toString();
  const plan: Array<{ name: string; url: string; headers?: Record<string, string>; pids?: Record<string, number | undefined> }> = [
    { name: 'public categories', url: api('/categories'), pids: { gateway: pids.gateway, content: pids.content } },
    { name: 'catalogue search', url: api('/content/products?search=design&limit=20'), pids: { gateway: pids.gateway, content: pids.content } },
    { name: 'premium list (member)', url: api('/content/premium/products?limit=20'), headers: member, pids: { gateway: pids.gateway, content: pids.content } },
    { name: '/auth/me (member)', url: api('/auth/me'), headers: member, pids: { gateway: pids.gateway, auth: pids.auth } },
  ];
  // A freshly started product is still compiling its hot paths: every route is exercised once before any is measured.
  for (const route of plan) await measureLoad({ ...route, connections, durationSeconds: warmupSeconds, warmupSeconds: 0 });
  const routes: RouteLoad[] = [];
  for (const route of plan) routes.push(await measureLoad({ ...route, connections, durationSeconds, warmupSeconds }));

  // The same route and answer, once straight to the content service and once through the gateway, back to back.
  // Every request names a URL of its own (a query parameter the service ignores), so the gateway's edge
  // cache never answers: this is the cost of the proxy path itself, a miss stored each time included.
  let n = 0;
  const distinct = () => `/categories?v=${++n}`;
  const direct = await measureLoad({ name: 'content /categories direct', url: `http://127.0.0.1:${services.content}/categories`, pathFor: distinct, connections, durationSeconds, warmupSeconds, pids: { content: pids.content } });
  const gateway = await measureLoad({ name: 'content /categories through the gateway (edge cache miss)', url: api('/categories'), pathFor: () => `/api/v1${distinct()}`, connections, durationSeconds, warmupSeconds, pids: { gateway: pids.gateway, content: pids.content } });
  const proxy = await startBareProxy(`http://127.0.0.1:${services.content}`);
  let bareProxy: RouteLoad;
  try {
    bareProxy = await measureLoad({ name: 'content /categories through a bare node:http proxy', url: `${proxy.url}/categories`, pathFor: distinct, connections, durationSeconds, warmupSeconds, pids: { proxy: proxy.pid, content: pids.content } });
  } finally {
    proxy.stop();
  }
  const share = (part: RouteLoad) => (direct.requestsPerSecond > 0 ? Math.round((part.requestsPerSecond / direct.requestsPerSecond) * 1000) / 1000 : 0);
  return { ceiling, routes, overhead: { direct, gateway, ratio: share(gateway), bareProxy, bareProxyRatio: share(bareProxy) } };
}

/** One line per run: req/s, p50/p99 and CPU µs per request of each process. */
export function formatRouteLoad(r: RouteLoad): string {
  const cpu = Object.entries(r.cpuMicrosPerRequest ?? {}).map(([name, us]) => `${name} ${us}`).join(', ');
  return `${r.name.padEnd(42)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}  CPU µs/req: ${cpu}`;
}

// The back-end section alone, on a product of its own (no front-end builds needed):
//   npx tsx bench/backend.ts [--seconds 5] [--warmup 3]
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-backend-'));
  const product = await startProduct({ dataDir, env: { SKIP_BUILD: 'true' } });
  try {
    const result = await measureBackend({ baseUrl: product.url, services: product.runtime.services, pids: product.runtime.pids, durationSeconds: arg('seconds', 5), warmupSeconds: arg('warmup', 3) });
    for (const r of [result.ceiling, ...result.routes, result.overhead.direct, result.overhead.gateway, result.overhead.bareProxy]) process.stdout.write(`${formatRouteLoad(r)}\n`);
    const share = result.ceiling.requestsPerSecond > 0 ? (result.routes[0]!.requestsPerSecond / result.ceiling.requestsPerSecond) * 100 : 0;
    process.stdout.write(`public categories share of the ceiling: ${share.toFixed(1)} %; gateway keeps of direct: ${(result.overhead.ratio * 100).toFixed(1)} % (a bare node:http proxy keeps ${(result.overhead.bareProxyRatio * 100).toFixed(1)} %)\n`);
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
