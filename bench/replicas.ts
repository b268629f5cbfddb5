/**
 * What a second replica buys on this machine: the same signed-in API read (the premium list as a subscriber:
 * gateway identity, content, billing's entitlement over HTTP, Postgres) through PORT at 50 connections, on the
 * whole product started twice side by side against one Redis of the bench's own: once with one copy of
 * everything, once with REPLICAS=2 (two gateways and two copies of each service, the launcher's round-robin
 * balancers in front of each). Measured in turns (1, 2, 1, 2, …) so whatever else the machine does weighs on
 * both alike; each side's figure is its median run. The CPU time per request summed over every process of
 * the product (the launcher included: it runs the balancers) says where the time goes.
 *
 *   npx tsx bench/replicas.ts          # BENCH_SECONDS (5) per run, 3 runs per side
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FaultRedis } from '../e2e/faults/lib/environment';
import { startProduct } from '../scripts/lib/product';
import { signIn } from './backend';
import { measureLoad, type RouteLoad } from './load';

const ROUTE = '/api/v1/content/premium/products?limit=20';

export interface ReplicasBenchResult {
  route: string;
  cpus: number;
  one: RouteLoad;
  two: RouteLoad;
  /** two ÷ one, requests per second (median runs). */
  gain: number;
  /** Each run's requests per second, in the order measured. */
  runs: { one: number[]; two: number[] };
}

const median = (runs: RouteLoad[]) =>
  [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
const cpuOf = (run: RouteLoad) => Object.values(run.cpuMicrosPerRequest ?? {}).reduce((a, b) => a + b, 0);

async function start(replicas: 1 | 2, redisUrl: string, say: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `catalyst-bench-replicas-${replicas}-`));
  chmodSync(dataDir, 0o755);
  say(`replicas ${replicas}: starting the product…`);
  const env = { SKIP_BUILD: 'true', REPLICAS: String(replicas), REDIS_URL: redisUrl };
  const product = await startProduct({ dataDir, waitForMedia: true, env }).catch((error: Error) => {
    say(
      `replicas ${replicas}: the product did not start (${error.message.split('\n').find((l) => l.includes('failed')) ?? error.message}); once more`,
    );
    return startProduct({ dataDir, waitForMedia: true, env });
  });
  const member = { authorization: `Bearer ${await signIn(product.url, 'member')}` };
  return {
    product,
    // Every process of the product: its CPU time per request is summed (the launcher holds the balancers).
    route: {
      name: `premium list (member), ${replicas} replica${replicas > 1 ? 's' : ''}`,
      url: new URL(ROUTE, product.url).toString(),
      headers: member,
      pids: product.runtime.pids ?? {},
    },
    stop: async () => {
      await product.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
      } catch {
        say(`replicas ${replicas}: could not remove ${dataDir}`);
      }
    },
  };
}

export async function benchReplicas({
  durationSeconds = 5,
  warmupSeconds = 3,
  runs = 3,
  say = (line: string) => process.stderr.write(`[bench] ${line}\n`),
} = {}): Promise<ReplicasBenchResult> {
  const redisDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-redis-'));
  const redis = await FaultRedis.start(redisDir);
  let one: Awaited<ReturnType<typeof start>> | undefined;
  let two: Awaited<ReturnType<typeof start>> | undefined;
  try {
    one = await start(1, redis.url, say);
    two = await start(2, redis.url, say);
    for (const side of [one, two])
      await measureLoad({ ...side.route, durationSeconds: warmupSeconds, warmupSeconds: 0 });
    const measured = { one: [] as RouteLoad[], two: [] as RouteLoad[] };
    for (let i = 0; i < runs; i++) {
      measured.one.push(await measureLoad({ ...one.route, durationSeconds, warmupSeconds: 1 }));
      measured.two.push(await measureLoad({ ...two.route, durationSeconds, warmupSeconds: 1 }));
      say(
        `replicas run ${i + 1}: 1 replica ${measured.one.at(-1)!.requestsPerSecond} req/s (${cpuOf(measured.one.at(-1)!)} µs CPU/req), 2 replicas ${measured.two.at(-1)!.requestsPerSecond} req/s (${cpuOf(measured.two.at(-1)!)} µs CPU/req)`,
      );
    }
    const [oneRun, twoRun] = [median(measured.one), median(measured.two)];
    return {
      route: ROUTE,
      cpus: os.cpus().length,
      one: oneRun,
      two: twoRun,
      gain: Math.round((twoRun.requestsPerSecond / oneRun.requestsPerSecond) * 100) / 100,
      runs: {
        one: measured.one.map((r) => r.requestsPerSecond),
        two: measured.two.map((r) => r.requestsPerSecond),
      },
    };
  } finally {
    await two?.stop();
    await one?.stop();
    await redis.stop();
    rmSync(redisDir, { recursive: true, force: true });
  }
}

/** One line per side: req/s, latency, failures, and the CPU time per request over every process. */
function formatReplicas(result: ReplicasBenchResult): string {
  const line = (r: RouteLoad) =>
    `${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.non2xx + r.errors} failed, ${cpuOf(r)} µs CPU/req over every process`;
  return [
    `signed-in read ${result.route} through PORT at 50 connections on ${result.cpus} CPUs (median of ${result.runs.one.length} alternating runs; 1: ${result.runs.one.join('/')}, 2: ${result.runs.two.join('/')} req/s):`,
    `  1 replica:  ${line(result.one)}`,
    `  2 replicas: ${line(result.two)}`,
    `  2 replicas ÷ 1: ${result.gain.toFixed(2)}×`,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchReplicas({ durationSeconds: Number(process.env.BENCH_SECONDS ?? 5) });
  process.stdout.write(formatReplicas(result));
  process.exit(0);
}
