/**
 * The back end under load, through the gateway at 50 connections, next to the machine's ceiling (a bare
 * node:http JSON route) measured in the same run: public categories, catalogue search, the premium list
 * as a subscriber (identity + entitlement on the path), /auth/me, and the gateway's own overhead (the
 * same content route direct vs through the gateway). Routes run one after another, never at once.
 * The signed-in reads are judged as shares of that ceiling (issue 24: ≥ 15%, p99 ≤ 25 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AS_SHIPPED, signIn, startProduct } from '../scripts/lib/product';
import { startBareProxy, startBareServer } from './ceiling';
import { BROWSER_ACCEPT_ENCODING, measureLoad, type RouteLoad } from './load';
import { benchProgressWrites, ONE_LEARNER, type ProgressBenchResult } from './progress';

/** The signed-in reads (identity at the gateway, the service behind it) and what each must keep of the ceiling. */
export const SIGNED_IN_ROUTES = ['premium list (member)', '/auth/me (member)'] as const;
export const SIGNED_IN_SHARE_TARGET = 15;
export const ROUTE_P99_TARGET_MS = 25;

/** A route's requests/s as a percentage of the ceiling measured in the same run (one decimal). */
export const shareOfCeiling = (route: RouteLoad, ceiling: RouteLoad) =>
  Math.round((route.requestsPerSecond / Math.max(1, ceiling.requestsPerSecond)) * 1000) / 10;

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
  overhead: {
    direct: RouteLoad;
    gateway: RouteLoad;
    ratio: number;
    bareProxy: RouteLoad;
    bareProxyRatio: number;
  };
}

/** Re-exported: the benches sign in through this module. */
export { signIn };

/** The bare node:http JSON route in its own process: the reference every route of the run is a share of. */
async function measureCeiling({
  durationSeconds,
  warmupSeconds = 1,
  connections = 50,
}: Pick<BackendOptions, 'durationSeconds' | 'warmupSeconds' | 'connections'>): Promise<RouteLoad> {
  const bare = await startBareServer();
  try {
    return await measureLoad({
      name: 'bare node:http JSON (ceiling)',
      url: bare.url,
      connections,
      durationSeconds,
      warmupSeconds,
      pids: { 'node:http': bare.pid },
    });
  } finally {
    bare.stop();
  }
}

type PlannedRoute = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  pids?: Record<string, number | undefined>;
};

/** The signed-in reads as the member (an active plan): identity resolved at the gateway, then the service's own rules. */
async function signedInPlan(baseUrl: string, pids: Record<string, number>): Promise<PlannedRoute[]> {
  const member = { ...BROWSER_ACCEPT_ENCODING, authorization: `Bearer ${await signIn(baseUrl, 'member')}` };
  const api = (path: string) => new URL(`/api/v1${path}`, baseUrl).toString();
  return [
    {
      name: SIGNED_IN_ROUTES[0],
      url: api('/content/premium/products?limit=20'),
      headers: member,
      pids: { gateway: pids.gateway, content: pids.content, billing: pids.billing },
    },
    {
      name: SIGNED_IN_ROUTES[1],
      url: api('/auth/me'),
      headers: member,
      pids: { gateway: pids.gateway, auth: pids.auth },
    },
  ];
}

export async function measureBackend({
  baseUrl,
  services,
  pids = {},
  durationSeconds,
  warmupSeconds = 1,
  connections = 50,
}: BackendOptions): Promise<BackendResult> {
  const ceiling = await measureCeiling({ durationSeconds, warmupSeconds, connections });
  const api = (path: string) => new URL(`/api/v1${path}`, baseUrl).toString();
  const plan: PlannedRoute[] = [
    {
      name: 'public categories',
      url: api('/categories'),
      headers: BROWSER_ACCEPT_ENCODING,
      pids: { gateway: pids.gateway, content: pids.content },
    },
    {
      name: 'catalogue search',
      url: api('/content/products?search=design&limit=20'),
      headers: BROWSER_ACCEPT_ENCODING,
      pids: { gateway: pids.gateway, content: pids.content },
    },
    ...(await signedInPlan(baseUrl, pids)),
  ];
  // A freshly started product is still compiling its hot paths: every route is exercised once before any is measured.
  for (const route of plan)
    await measureLoad({ ...route, connections, durationSeconds: warmupSeconds, warmupSeconds: 0 });
  const routes: RouteLoad[] = [];
  for (const route of plan)
    routes.push(await measureLoad({ ...route, connections, durationSeconds, warmupSeconds }));

  // The same route and answer, once straight to the content service and once through the gateway, back to back.
  // Every request names a URL of its own (a query parameter the service ignores), so the gateway's edge
  // cache never answers: this is the cost of the proxy path itself, a miss stored each time included.
  let n = 0;
  const distinct = () => `/categories?v=${++n}`;
  const direct = await measureLoad({
    name: 'content /categories direct',
    url: `http://127.0.0.1:${services.content}/categories`,
    pathFor: distinct,
    connections,
    durationSeconds,
    warmupSeconds,
    pids: { content: pids.content },
  });
  const gateway = await measureLoad({
    name: 'content /categories through the gateway (edge cache miss)',
    url: api('/categories'),
    pathFor: () => `/api/v1${distinct()}`,
    connections,
    durationSeconds,
    warmupSeconds,
    pids: { gateway: pids.gateway, content: pids.content },
  });
  const proxy = await startBareProxy(`http://127.0.0.1:${services.content}`);
  let bareProxy: RouteLoad;
  try {
    bareProxy = await measureLoad({
      name: 'content /categories through a bare node:http proxy',
      url: `${proxy.url}/categories`,
      pathFor: distinct,
      connections,
      durationSeconds,
      warmupSeconds,
      pids: { proxy: proxy.pid, content: pids.content },
    });
  } finally {
    proxy.stop();
  }
  const share = (part: RouteLoad) =>
    direct.requestsPerSecond > 0
      ? Math.round((part.requestsPerSecond / direct.requestsPerSecond) * 1000) / 1000
      : 0;
  return {
    ceiling,
    routes,
    overhead: { direct, gateway, ratio: share(gateway), bareProxy, bareProxyRatio: share(bareProxy) },
  };
}

interface SignedInRound {
  ceiling: RouteLoad;
  routes: RouteLoad[];
  /** Each signed-in route's requests/s as a % of this round's ceiling, by route name. */
  shares: Record<string, number>;
  progress: ProgressBenchResult;
}

/**
 * Issue 24's three signed-in rows, in one round: the ceiling, then /auth/me and the premium list as shares of
 * it, then one learner saving progress over 20 products as fast as 50 connections can (read back: none lost).
 */
async function measureSignedIn({
  baseUrl,
  databaseUrl,
  pids = {},
  durationSeconds,
  warmupSeconds = 1,
  connections = 50,
}: Omit<BackendOptions, 'services'> & { databaseUrl: string }): Promise<SignedInRound> {
  const ceiling = await measureCeiling({ durationSeconds, warmupSeconds, connections });
  const routes: RouteLoad[] = [];
  for (const route of await signedInPlan(baseUrl, pids))
    routes.push(await measureLoad({ ...route, connections, durationSeconds, warmupSeconds }));
  const progress = await benchProgressWrites({
    baseUrl,
    databaseUrl,
    durationSeconds: Math.max(durationSeconds, 5),
    ...ONE_LEARNER,
    connections,
    pids: { gateway: pids.gateway, progress: pids.progress, content: pids.content },
  });
  return {
    ceiling,
    routes,
    shares: Object.fromEntries(routes.map((r) => [r.name, shareOfCeiling(r, ceiling)])),
    progress,
  };
}

/**
 * A product just started runs its first rounds cold (its processes' code not yet optimised by V8: a learner's
 * saves cost twice the CPU of a minute later): each signed-in row runs for a third of `seconds`, unmeasured.
 */
async function warmSignedIn({
  baseUrl,
  databaseUrl,
  pids = {},
  seconds,
  connections = 50,
}: {
  baseUrl: string;
  databaseUrl: string;
  pids?: Record<string, number>;
  seconds: number;
  connections?: number;
}) {
  const third = Math.max(1, Math.round(seconds / 3));
  for (const route of await signedInPlan(baseUrl, pids))
    await measureLoad({ ...route, connections, durationSeconds: third, warmupSeconds: 0 });
  await benchProgressWrites({ baseUrl, databaseUrl, durationSeconds: third, ...ONE_LEARNER, connections });
}

/** One line per run: req/s, p50/p99 and CPU µs per request of each process. */
function formatRouteLoad(r: RouteLoad): string {
  const cpu = Object.entries(r.cpuMicrosPerRequest ?? {})
    .map(([name, us]) => `${name} ${us}`)
    .join(', ');
  return `${r.name.padEnd(42)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}  CPU µs/req: ${cpu}`;
}

function formatSignedInRound(round: SignedInRound): string {
  const lines = [formatRouteLoad(round.ceiling)];
  for (const r of round.routes)
    lines.push(`${formatRouteLoad(r)}  = ${round.shares[r.name]}% of the ceiling`);
  const p = round.progress;
  lines.push(
    `one learner, ${p.products} products, ${p.connections} conn: ${p.writesPerSecond} saves/s  p50 ${p.latencyMs.p50} ms  p99 ${p.latencyMs.p99} ms  failed ${p.errors}  stale ${p.staleIgnored}  lost ${p.lost}  corrupt ${p.corrupt} of ${p.pairsChecked}  CPU µs/save: ${Object.entries(
      p.cpuMicrosPerWrite ?? {},
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return lines.join('\n');
}

// The back-end section alone, on a product of its own (no front-end builds needed):
//   npx tsx bench/backend.ts [--seconds 5] [--warmup 3]
//   npx tsx bench/backend.ts --signed-in [--rounds 3] [--product-warmup 20]   issue 24's three signed-in rows only, in rounds
//                                        after the product is warmed up (BENCH_WARMUP_SECONDS, default 20)
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-backend-'));
  const product = await startProduct({
    dataDir,
    waitForMedia: true,
    // As shipped: an access-log line per request (LOG_LEVEL=info), the request metrics on, 1% of answers checked.
    env: {
      ...AS_SHIPPED,
      SKIP_BUILD: 'true',
      REGISTER_MAX_PER_ADDRESS: '10000',
      ...(process.env.BENCH_PRODUCT_ENV
        ? (JSON.parse(process.env.BENCH_PRODUCT_ENV) as Record<string, string>)
        : {}),
    },
  });
  try {
    if (process.argv.includes('--signed-in')) {
      const rounds = arg('rounds', 3);
      const warmup = arg('product-warmup', Number(process.env.BENCH_WARMUP_SECONDS ?? 20));
      if (warmup > 0) {
        process.stdout.write(`-- warming the product up for ${warmup} s (not measured)\n`);
        await warmSignedIn({
          baseUrl: product.url,
          databaseUrl: product.runtime.databaseUrl,
          pids: product.runtime.pids,
          seconds: warmup,
        });
      }
      for (let i = 1; i <= rounds; i++) {
        process.stdout.write(
          `-- round ${i} of ${rounds}, load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}\n`,
        );
        const round = await measureSignedIn({
          baseUrl: product.url,
          databaseUrl: product.runtime.databaseUrl,
          pids: product.runtime.pids,
          durationSeconds: arg('seconds', 5),
          warmupSeconds: arg('warmup', 3),
        });
        process.stdout.write(`${formatSignedInRound(round)}\n`);
      }
    } else {
      const result = await measureBackend({
        baseUrl: product.url,
        services: product.runtime.services,
        pids: product.runtime.pids,
        durationSeconds: arg('seconds', 5),
        warmupSeconds: arg('warmup', 3),
      });
      for (const r of [
        result.ceiling,
        ...result.routes,
        result.overhead.direct,
        result.overhead.gateway,
        result.overhead.bareProxy,
      ])
        process.stdout.write(`${formatRouteLoad(r)}\n`);
      const shares = result.routes.map((r) => `${r.name} ${shareOfCeiling(r, result.ceiling)}%`).join(', ');
      process.stdout.write(
        `share of the ceiling: ${shares}; gateway keeps of direct: ${(result.overhead.ratio * 100).toFixed(1)} % (a bare node:http proxy keeps ${(result.overhead.bareProxyRatio * 100).toFixed(1)} %)\n`,
      );
    }
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
