/**
 * What tracing and metrics cost: the same signed-in API read through the gateway (the premium list as a
 * subscriber: gateway identity, content, billing's entitlement over HTTP, Postgres) on the whole product
 * started twice, once with both off (OTEL_SDK_DISABLED, METRICS_DISABLED) and once with both on (every
 * span recorded and exported over OTLP/HTTP to a collector stand-in in this process, every request counted,
 * each process's metrics listener up). Target: at most 10% fewer requests per second. Then the public
 * /api/v1/health under the same load (it used to ask every service on every call: ~200 req/s, p99 > 2 s).
 *
 *   npx tsx bench/observability.ts          # BENCH_SECONDS (5) per run, 3 alternating runs per mode
 *   BENCH_TRACES_SAMPLER_ARG=0.1 npx tsx bench/observability.ts   # "on" records and exports 10% of traces
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct } from '../scripts/lib/product';
import { signIn } from './backend';
import { measureLoad, type RouteLoad } from './load';

export const LOSS_TARGET = 0.1;
const ROUTE = '/api/v1/content/premium/products?limit=20';

export interface ObservabilityBenchResult {
  route: string;
  off: RouteLoad;
  on: RouteLoad;
  /** 1 − on/off requests per second (0.05 = 5% fewer with tracing and metrics on). */
  loss: number;
  /** CPU time per request (gateway + content + billing) with both on over both off, minus 1 (median runs). */
  cpuIncrease: number;
  /** Each run's requests per second, in the order measured. */
  runs: { off: number[]; on: number[] };
  /** Spans the collector stand-in received during the "on" runs, and the OTLP requests that carried them. */
  exported: { spans: number; requests: number };
  health: RouteLoad;
}

/** An OTLP/HTTP collector stand-in: takes POST /v1/traces, counts spans (JSON: counted by their spanId keys). */
async function startCollector() {
  const counts = { spans: 0, requests: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      counts.requests += 1;
      counts.spans += body.split('"spanId"').length - 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, counts, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The run of median throughput (the machine is shared: single runs swing). */
const median = (runs: RouteLoad[]) => [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
/** CPU time our processes spent per request in a run (µs): steadier than req/s on a busy machine. */
const cpuOf = (run: RouteLoad) => Object.values(run.cpuMicrosPerRequest ?? {}).reduce((a, b) => a + b, 0);

async function start(mode: 'off' | 'on', env: NodeJS.ProcessEnv, say: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `catalyst-bench-obs-${mode}-`));
  say(`observability ${mode}: starting the product…`);
  // The launcher gives each service 60 s to answer /health: on a crowded machine one may miss it once.
  const product = await startProduct({ dataDir, env: { SKIP_BUILD: 'true', ...env } }).catch((error: Error) => {
    say(`observability ${mode}: the product did not start (${error.message.split('\n').find((l) => l.includes('failed')) ?? error.message}); once more`);
    return startProduct({ dataDir, env: { SKIP_BUILD: 'true', ...env } });
  });
  const member = { authorization: `Bearer ${await signIn(product.url, 'member')}` };
  const pids = { gateway: product.runtime.pids?.gateway, content: product.runtime.pids?.content, billing: product.runtime.pids?.billing };
  return {
    product,
    route: { name: `premium list (member), tracing and metrics ${mode}`, url: new URL(ROUTE, product.url).toString(), headers: member, pids },
    stop: async () => {
      await product.stop();
      // The last processes may still be writing their folders for a moment after the launcher exits.
      await new Promise((r) => setTimeout(r, 1_000));
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
      } catch {
        say(`observability ${mode}: could not remove ${dataDir}`);
      }
    },
  };
}

/**
 * Both products run side by side and are measured in turns (off, on, off, on, …): whatever else the
 * machine is doing weighs on both alike. Each mode's figure is its median run.
 */
export async function benchObservability({ durationSeconds = 5, warmupSeconds = 3, runs = 3, sampled = process.env.BENCH_TRACES_SAMPLER_ARG ?? '1', say = (line: string) => process.stderr.write(`[bench] ${line}\n`) } = {}): Promise<ObservabilityBenchResult> {
  const collector = await startCollector();
  const off = await start('off', { OTEL_SDK_DISABLED: 'true', METRICS_DISABLED: 'true' }, say);
  let on: Awaited<ReturnType<typeof start>> | undefined;
  try {
    on = await start('on', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER_ARG: sampled, METRICS_PORT: '0' }, say);
    for (const side of [off, on]) await measureLoad({ ...side.route, durationSeconds: warmupSeconds, warmupSeconds: 0 });
    const measured = { off: [] as RouteLoad[], on: [] as RouteLoad[] };
    for (let i = 0; i < runs; i++) {
      measured.off.push(await measureLoad({ ...off.route, durationSeconds, warmupSeconds: 1 }));
      measured.on.push(await measureLoad({ ...on.route, durationSeconds, warmupSeconds: 1 }));
      say(`observability run ${i + 1}: off ${measured.off.at(-1)!.requestsPerSecond} req/s (${cpuOf(measured.off.at(-1)!)} µs CPU/req), on ${measured.on.at(-1)!.requestsPerSecond} req/s (${cpuOf(measured.on.at(-1)!)} µs CPU/req)`);
    }
    const health = await measureLoad({ name: '/api/v1/health', url: new URL('/api/v1/health', on.product.url).toString(), durationSeconds, warmupSeconds: 1, pids: { gateway: on.route.pids.gateway } });
    say(`observability: /api/v1/health ${health.requestsPerSecond} req/s, p99 ${health.p99} ms`);
    const offRun = median(measured.off);
    const onRun = median(measured.on);
    const loss = Math.round((1 - onRun.requestsPerSecond / offRun.requestsPerSecond) * 1000) / 1000;
    const cpuMedian = (list: RouteLoad[]) => list.map(cpuOf).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const cpuIncrease = Math.round((cpuMedian(measured.on) / cpuMedian(measured.off) - 1) * 1000) / 1000;
    return { route: ROUTE, off: offRun, on: onRun, loss, cpuIncrease, runs: { off: measured.off.map((r) => r.requestsPerSecond), on: measured.on.map((r) => r.requestsPerSecond) }, exported: { ...collector.counts }, health };
  } finally {
    await on?.stop();
    await off.stop();
    await collector.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchObservability({ durationSeconds: Number(process.env.BENCH_SECONDS ?? 5) });
  const line = (r: RouteLoad) => `${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.non2xx + r.errors} failed, CPU µs/req ${JSON.stringify(r.cpuMicrosPerRequest ?? {})}`;
  process.stdout.write(
    [
      `signed-in read ${result.route} at 50 connections (median of 3 alternating runs; off ${result.runs.off.join('/')}, on ${result.runs.on.join('/')} req/s):`,
      `  off: ${line(result.off)}`,
      `  on:  ${line(result.on)}`,
      `  loss: ${(result.loss * 100).toFixed(1)}% (target ≤ ${LOSS_TARGET * 100}%); CPU per request +${(result.cpuIncrease * 100).toFixed(1)}%; exported ${result.exported.spans} spans in ${result.exported.requests} OTLP requests`,
      `/api/v1/health at 50 connections: ${line(result.health)}`,
      '',
    ].join('\n'),
  );
  process.exit(0);
}
