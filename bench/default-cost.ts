/**
 * What the default configuration pays: the access log at info and the request metrics, each measured against the
 * same product with both off. One whole product per configuration, side by side:
 *
 *   shipped       as `npm start` ships it: LOG_LEVEL=info (an access-log line per request), request metrics on
 *   logs off      LOG_LEVEL=warn, metrics on
 *   metrics off   LOG_LEVEL=info, METRICS_DISABLED=true
 *   off           LOG_LEVEL=warn, METRICS_DISABLED=true (the reference)
 *
 * Three routes through the gateway at 50 connections: public categories (answered at the gateway's edge cache),
 * /auth/me and the premium list as the member. In each round every route runs on every configuration one after
 * another (A, B, A, B), the order rotating; a configuration's ratio is the median over rounds of its req/s ÷ off's
 * req/s in the same round: absolute figures swing with the machine, ratios within a round much less. Then the
 * same turns at a fixed rate (BENCH_RATE req/s, 10 connections): CPU µs per request of the gateway, the service and
 * the launcher, the steadier figure on a busy machine, as a ratio to off's in the same round.
 *
 *   npx tsx bench/default-cost.ts                        # BENCH_SECONDS (5) a run, BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (10), BENCH_RATE (1000; 0: none)
 *   BENCH_VARIANTS=shipped,off npx tsx bench/default-cost.ts   # only these configurations (off is always measured)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AS_SHIPPED, signIn, startProduct, type RunningProduct } from '../scripts/lib/product';
import { BROWSER_ACCEPT_ENCODING, cpuAtRate, measureLoad, type RouteLoad } from './load';

/** The target of issue 62: the access log and the metrics together cost at most this share of throughput. */
export const DEFAULT_COST_TARGET = 0.15;

// Each variant checks the shipped share of answers against their declarations (not startProduct's every one).
export const VARIANTS = {
  shipped: { ...AS_SHIPPED, METRICS_DISABLED: '' },
  'logs off': { ...AS_SHIPPED, LOG_LEVEL: 'warn', METRICS_DISABLED: '' },
  'metrics off': { ...AS_SHIPPED, METRICS_DISABLED: 'true' },
  off: { ...AS_SHIPPED, LOG_LEVEL: 'warn', METRICS_DISABLED: 'true' },
} as const satisfies Record<string, NodeJS.ProcessEnv>;
export type Variant = keyof typeof VARIANTS;

const ROUTES = ['public categories', '/auth/me (member)', 'premium list (member)'] as const;
type RouteName = (typeof ROUTES)[number];

interface Planned {
  url: string;
  headers: Record<string, string>;
  pids: Record<string, number | undefined>;
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const cpuOf = (run: RouteLoad) => Object.values(run.cpuMicrosPerRequest ?? {}).reduce((a, b) => a + b, 0);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The three routes of one product; CPU counted in the gateway, the service and the launcher (which relays logs). */
async function plan(product: RunningProduct): Promise<Record<RouteName, Planned>> {
  const pids = product.runtime.pids ?? {};
  const member = {
    ...BROWSER_ACCEPT_ENCODING,
    authorization: `Bearer ${await signIn(product.url, 'member')}`,
  };
  const api = (p: string) => new URL(`/api/v1${p}`, product.url).toString();
  const common = { gateway: pids.gateway, launcher: pids.launcher };
  return {
    'public categories': {
      url: api('/categories'),
      headers: { ...BROWSER_ACCEPT_ENCODING },
      pids: { ...common, content: pids.content },
    },
    '/auth/me (member)': { url: api('/auth/me'), headers: member, pids: { ...common, auth: pids.auth } },
    'premium list (member)': {
      url: api('/content/premium/products?limit=20'),
      headers: member,
      pids: { ...common, content: pids.content, billing: pids.billing },
    },
  };
}

export interface DefaultCostResult {
  rounds: number;
  durationSeconds: number;
  /** The fixed rate of the CPU rounds (req/s); 0: not measured. */
  rate: number;
  load: { start: number; end: number };
  /** By route, then configuration: each round's req/s, CPU µs per request, and the median ratio to off. */
  routes: Record<
    string,
    Record<
      string,
      {
        runs: number[];
        cpu: number[];
        ratio?: number;
        cpuRatio?: number;
        p99: number[];
        /** CPU µs per request at the fixed rate, each round, and its median ratio to off's. */
        atRate: number[];
        atRateRatio?: number;
        /** Each process's median CPU µs per request at the fixed rate. */
        atRateByProcess: Record<string, number>;
      }
    >
  >;
}

export async function benchDefaultCost({
  variants = Object.keys(VARIANTS) as Variant[],
  durationSeconds = 5,
  warmupSeconds = 10,
  rounds = 3,
  rate = 1000,
  say = (line: string) => process.stderr.write(`[bench] ${line}\n`),
}: {
  variants?: Variant[];
  durationSeconds?: number;
  warmupSeconds?: number;
  rounds?: number;
  rate?: number;
  say?: (line: string) => void;
} = {}): Promise<DefaultCostResult> {
  const wanted: Variant[] = [...new Set<Variant>([...variants.filter((v) => v !== 'off'), 'off'])];
  const products: Partial<Record<Variant, { product: RunningProduct; dataDir: string }>> = {};
  try {
    const plans = {} as Record<Variant, Record<RouteName, Planned>>;
    for (const variant of wanted) {
      say(`default cost: starting the product "${variant}" (${JSON.stringify(VARIANTS[variant])})…`);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-cost-'));
      const env = { SKIP_BUILD: 'true', OTEL_SDK_DISABLED: '', ...VARIANTS[variant] };
      const product = await startProduct({ dataDir, waitForMedia: true, env });
      products[variant] = { product, dataDir };
      plans[variant] = await plan(product);
    }
    // Every route on every product once, unmeasured: a product just started runs its first seconds cold.
    for (const route of ROUTES)
      for (const variant of wanted)
        await measureLoad({
          name: route,
          ...plans[variant][route],
          durationSeconds: warmupSeconds,
          warmupSeconds: 0,
        });
    const loadStart = os.loadavg()[0]!;
    const measured = Object.fromEntries(
      ROUTES.map((r) => [r, Object.fromEntries(wanted.map((v) => [v, [] as RouteLoad[]]))]),
    ) as Record<RouteName, Record<Variant, RouteLoad[]>>;
    for (let round = 0; round < rounds; round++) {
      for (const route of ROUTES) {
        const order = wanted.map((_, i) => wanted[(i + round) % wanted.length]!);
        for (const variant of order)
          measured[route][variant].push(
            await measureLoad({ name: route, ...plans[variant][route], durationSeconds, warmupSeconds: 1 }),
          );
        const off = measured[route].off[round]!.requestsPerSecond;
        say(
          `round ${round + 1}, ${route} (load ${os.loadavg()[0]!.toFixed(1)}): ${wanted
            .map((v) => {
              const run = measured[route][v][round]!;
              return `${v} ${run.requestsPerSecond} req/s (${(run.requestsPerSecond / off).toFixed(2)}× off, ${cpuOf(run)} µs CPU/req)`;
            })
            .join('; ')}`,
        );
      }
    }
    const atRate = Object.fromEntries(
      ROUTES.map((r) => [r, Object.fromEntries(wanted.map((v) => [v, [] as number[]]))]),
    ) as Record<RouteName, Record<Variant, number[]>>;
    const split = Object.fromEntries(
      ROUTES.map((r) => [r, Object.fromEntries(wanted.map((v) => [v, [] as Array<Record<string, number>>]))]),
    ) as Record<RouteName, Record<Variant, Array<Record<string, number>>>>;
    for (let round = 0; rate > 0 && round < rounds; round++) {
      for (const route of ROUTES) {
        const order = wanted.map((_, i) => wanted[(i + round) % wanted.length]!);
        for (const variant of order) {
          const cpu = await cpuAtRate(plans[variant][route], rate, durationSeconds);
          atRate[route][variant].push(cpu.total);
          split[route][variant].push(cpu.byProcess);
        }
        say(
          `CPU round ${round + 1} at ${rate} req/s, ${route} (load ${os.loadavg()[0]!.toFixed(1)}): ${wanted
            .map(
              (v) =>
                `${v} ${atRate[route][v][round]} µs/req (${Object.entries(split[route][v][round]!)
                  .map(([name, us]) => `${name} ${us}`)
                  .join(', ')})`,
            )
            .join('; ')}`,
        );
      }
    }
    const result: DefaultCostResult = {
      rounds,
      durationSeconds,
      rate,
      load: { start: round3(loadStart), end: round3(os.loadavg()[0]!) },
      routes: {},
    };
    for (const route of ROUTES) {
      const off = measured[route].off;
      result.routes[route] = Object.fromEntries(
        wanted.map((v) => {
          const runs = measured[route][v];
          return [
            v,
            {
              runs: runs.map((r) => r.requestsPerSecond),
              cpu: runs.map(cpuOf),
              p99: runs.map((r) => r.p99),
              atRate: atRate[route][v],
              atRateByProcess: Object.fromEntries(
                Object.keys(plans[v][route].pids).map((name) => [
                  name,
                  medianOf(split[route][v].map((byProcess) => byProcess[name] ?? 0)),
                ]),
              ),
              ...(v === 'off'
                ? {}
                : {
                    ratio: round3(
                      medianOf(runs.map((r, i) => r.requestsPerSecond / off[i]!.requestsPerSecond)),
                    ),
                    cpuRatio: round3(medianOf(runs.map((r, i) => cpuOf(r) / Math.max(1, cpuOf(off[i]!))))),
                    ...(rate > 0
                      ? {
                          atRateRatio: round3(
                            medianOf(
                              atRate[route][v].map((us, i) => us / Math.max(1, atRate[route].off[i]!)),
                            ),
                          ),
                        }
                      : {}),
                  }),
            },
          ];
        }),
      );
    }
    return result;
  } finally {
    for (const variant of [...wanted].reverse()) {
      const running = products[variant];
      if (!running) continue;
      await running.product.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      rmSync(running.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    }
  }
}

/** The report: per route, each configuration's req/s ÷ off's (and the cost, 1 − that), CPU per request beside it. */
export function describeDefaultCost(result: DefaultCostResult): string[] {
  const lines = [
    `access log and request metrics, ${result.rounds} rounds of ${result.durationSeconds} s at 50 connections, configurations in turns (load average ${result.load.start} → ${result.load.end}):`,
  ];
  for (const [route, byVariant] of Object.entries(result.routes)) {
    lines.push(`  ${route}`);
    for (const [variant, f] of Object.entries(byVariant)) {
      const verdict =
        variant === 'shipped' && f.ratio !== undefined
          ? ` (target cost ≤ ${DEFAULT_COST_TARGET * 100}%: ${1 - f.ratio <= DEFAULT_COST_TARGET ? 'PASS' : 'MISS'})`
          : '';
      const ratio =
        f.ratio === undefined
          ? 'reference'
          : `${f.ratio.toFixed(3)}× off = costs ${((1 - f.ratio) * 100).toFixed(1)}%${verdict}; CPU/req ${f.cpuRatio!.toFixed(2)}× off`;
      lines.push(
        `    ${variant.padEnd(12)} ${f.runs.join(' / ')} req/s, p99 ${f.p99.join(' / ')} ms, CPU µs/req ${f.cpu.join(' / ')}: ${ratio}`,
      );
      if (result.rate > 0)
        lines.push(
          `    ${''.padEnd(12)} at ${result.rate} req/s: CPU µs/req ${f.atRate.join(' / ')}${f.atRateRatio === undefined ? '' : ` = ${f.atRateRatio.toFixed(2)}× off (costs ${((f.atRateRatio - 1) * 100).toFixed(0)}% more CPU a request)`}; median by process: ${Object.entries(
            f.atRateByProcess,
          )
            .map(([name, us]) => `${name} ${us}`)
            .join(', ')}`,
        );
    }
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const variants = process.env.BENCH_VARIANTS?.split(',')
    .map((v) => v.trim())
    .filter((v): v is Variant => v in VARIANTS);
  const result = await benchDefaultCost({
    variants,
    durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 10),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    rate: Number(process.env.BENCH_RATE ?? 1000),
  });
  process.stdout.write(`${describeDefaultCost(result).join('\n')}\n`);
  process.exit(0);
}
