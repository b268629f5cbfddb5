/**
 * What tracing and metrics cost: the same signed-in API read through the gateway (the premium list as a
 * subscriber: gateway identity, content, billing's entitlement over HTTP, Postgres) on the whole product
 * started once per configuration, side by side:
 *
 *   off        OTEL_SDK_DISABLED=true, METRICS_DISABLED=true: no trace ids, no request metrics (the baseline)
 *   on         the shipped default: trace context made, continued and passed on (x-trace-id, log lines, the
 *              next hop's traceparent), nothing recorded or exported (no OTEL_EXPORTER_OTLP_ENDPOINT), every
 *              request counted, each process's metrics listener up (METRICS_PORT=0)
 *   exporting  the same with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP collector stand-in in this
 *              process, sampling BENCH_TRACES_SAMPLER_ARG (default 1: every trace recorded and exported)
 *   sampled    exporting as above with parentbased_traceidratio at 0.1 (the production setting README advises)
 *   control    a second product configured exactly as off: its "loss" is what two identical products differ by
 *              in this run (instance and machine noise), the resolution the other figures must be read against
 *
 * The configurations are measured in rounds, and in each round every configuration is loaded at the same
 * moment (50 connections each, for the same seconds): on a shared machine whose load swings within seconds,
 * that is the only way whatever else it does weighs on all of them alike (BENCH_OBSERVABILITY_SCHEME=turns
 * measures them one after another instead, the order rotating). A configuration's loss is the median over
 * rounds of 1 − its req/s ÷ off's req/s in the same round; its figure is its median run.
 * Target: the shipped default ("on") loses at most 10%. The exporting configuration's cost is reported beside it.
 * Then the public /api/v1/health under the same load (it used to ask every service on every call).
 *
 *   npx tsx bench/observability.ts                       # BENCH_SECONDS (5) per run, BENCH_ROUNDS (5) rounds, BENCH_RATE (150) req/s in the CPU rounds
 *   BENCH_WARMUP_SECONDS=20 npx tsx bench/observability.ts   # every product loaded together this long before the rounds (default 20)
 *   BENCH_TRACES_SAMPLER_ARG=0.1 npx tsx bench/observability.ts   # "exporting" records and exports 10% of traces
 *   BENCH_OBSERVABILITY_MODES=off,on npx tsx bench/observability.ts   # only these configurations
 *   BENCH_OBSERVABILITY_EXTRA='{"ratio10":{"OTEL_TRACES_SAMPLER_ARG":"0.1"}}' …   # more configurations (over "on") in the same rounds
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct } from '../scripts/lib/product';
import { signIn } from './backend';
import { cpuAtRate, measureLoad, type RouteLoad } from './load';

export const LOSS_TARGET = 0.1;
const ROUTE = '/api/v1/content/premium/products?limit=20';

export type ObservabilityMode = 'off' | 'control' | 'on' | 'exporting' | 'sampled';
const OBSERVABILITY_MODES: readonly ObservabilityMode[] = ['off', 'control', 'on', 'exporting', 'sampled'];
/** The sampling ratio of the "sampled" configuration: what README recommends for production. */
export const PRODUCTION_RATIO = '0.1';

export interface ModeFigures {
  /** What this configuration is, in words (for the report). */
  label: string;
  /** Its median run (by requests per second). */
  median: RouteLoad;
  /** Each round's requests per second, in round order. */
  runs: number[];
  /** Median over rounds of gateway + content + billing CPU µs per request. */
  cpuMicrosPerRequest: number;
  /** Median over rounds of 1 − req/s ÷ off's req/s in the same round (absent for off). */
  loss?: number;
  /** Median CPU per request over off's, minus 1 (absent for off). */
  cpuIncrease?: number;
  /** At a fixed request rate (every configuration at once): median gateway + content + billing CPU µs per request, and each round's. */
  atRate?: { cpuMicrosPerRequest: number; runs: number[]; increase?: number };
}

export interface ObservabilityBenchResult {
  route: string;
  rounds: number;
  scheme: 'together' | 'turns';
  durationSeconds: number;
  /** The sampling ratio of the exporting configuration. */
  sampled: string;
  /** off, on, exporting, and any extra configuration asked for (BENCH_OBSERVABILITY_EXTRA). */
  modes: Partial<Record<ObservabilityMode, ModeFigures>> & Record<string, ModeFigures>;
  /** Spans each exporting configuration's collector stand-in received during the measured rounds, and the OTLP requests that carried them. */
  exported: Partial<Record<'exporting' | 'sampled', { spans: number; requests: number }>>;
  /** The fixed rate (req/s per configuration) of the CPU rounds; 0: not measured. */
  rate: number;
  /** Load average (1 min) when the rounds started and ended. */
  load: { start: number; end: number };
  health?: RouteLoad;
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** The run of median throughput (the machine is shared: single runs swing). */
const medianRun = (runs: RouteLoad[]) =>
  [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((runs.length - 1) / 2)]!;
/** CPU time our processes spent per request in a run (µs): steadier than req/s on a busy machine. */
const cpuOf = (run: RouteLoad) => Object.values(run.cpuMicrosPerRequest ?? {}).reduce((a, b) => a + b, 0);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

async function start(mode: string, env: NodeJS.ProcessEnv, say: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `catalyst-bench-obs-${mode}-`));
  say(`observability ${mode}: starting the product…`);
  // The launcher gives each service 60 s to answer /health: on a crowded machine one may miss it once.
  const product = await startProduct({
    dataDir,
    waitForMedia: true,
    env: { SKIP_BUILD: 'true', ...env },
  }).catch((error: Error) => {
    say(
      `observability ${mode}: the product did not start (${error.message.split('\n').find((l) => l.includes('failed')) ?? error.message}); once more`,
    );
    return startProduct({ dataDir, waitForMedia: true, env: { SKIP_BUILD: 'true', ...env } });
  });
  const member = { authorization: `Bearer ${await signIn(product.url, 'member')}` };
  const pids = {
    gateway: product.runtime.pids?.gateway,
    content: product.runtime.pids?.content,
    billing: product.runtime.pids?.billing,
  };
  return {
    product,
    route: {
      name: `premium list (member), observability ${mode}`,
      url: new URL(ROUTE, product.url).toString(),
      headers: member,
      pids,
    },
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

/** The environment of each configuration (see the file's comment). */
function environments(
  collectorUrl: Record<'exporting' | 'sampled', string>,
  sampled: string,
): Record<ObservabilityMode, NodeJS.ProcessEnv> {
  // Whatever the bench itself was started with must not decide a configuration.
  const none = {
    OTEL_SDK_DISABLED: '',
    METRICS_DISABLED: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    OTEL_TRACES_SAMPLER: '',
    OTEL_TRACES_SAMPLER_ARG: '',
  };
  return {
    off: { ...none, OTEL_SDK_DISABLED: 'true', METRICS_DISABLED: 'true' },
    control: { ...none, OTEL_SDK_DISABLED: 'true', METRICS_DISABLED: 'true' },
    on: { ...none, METRICS_PORT: '0' },
    exporting: {
      ...none,
      METRICS_PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl.exporting,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: sampled,
    },
    sampled: {
      ...none,
      METRICS_PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl.sampled,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: PRODUCTION_RATIO,
    },
  };
}

const LABELS: Record<ObservabilityMode, (sampled: string) => string> = {
  off: () => 'tracing and request metrics off (OTEL_SDK_DISABLED, METRICS_DISABLED)',
  control: () =>
    'A/A control: a second product exactly as off (what identical products differ by in this run)',
  on: () => 'shipped default: trace context propagated, nothing exported (no OTLP endpoint), metrics on',
  exporting: (sampled) =>
    `exporting over OTLP/HTTP to an in-process receiver, sampling ${sampled}, metrics on`,
  sampled: () =>
    `exporting over OTLP/HTTP to an in-process receiver, sampling ${PRODUCTION_RATIO} (parentbased_traceidratio), metrics on`,
};

/**
 * Every configuration's product runs side by side; they are measured in rounds, each configuration once
 * per round, the order rotating so none always follows another.
 */
export async function benchObservability({
  durationSeconds = 5,
  warmupSeconds = 20,
  rounds = 5,
  rate = 150,
  scheme = 'together',
  modes = OBSERVABILITY_MODES,
  extra = {},
  sampled = process.env.BENCH_TRACES_SAMPLER_ARG ?? '1',
  health = true,
  say = (line: string) => process.stderr.write(`[bench] ${line}\n`),
}: {
  durationSeconds?: number;
  warmupSeconds?: number;
  rounds?: number;
  /** Requests per second each configuration gets in the CPU rounds (0: none). */
  rate?: number;
  /** together: every configuration loaded at once in each round; turns: one after another, the order rotating. */
  scheme?: 'together' | 'turns';
  modes?: readonly ObservabilityMode[];
  /** More configurations to measure in the same rounds: name → environment over the "on" one (A/B of a setting). */
  extra?: Record<string, NodeJS.ProcessEnv>;
  sampled?: string;
  health?: boolean;
  say?: (line: string) => void;
} = {}): Promise<ObservabilityBenchResult> {
  const wanted: string[] = ['off', ...modes.filter((m) => m !== 'off'), ...Object.keys(extra)];
  const collectors = { exporting: await startCollector(), sampled: await startCollector() };
  const base = environments(
    { exporting: collectors.exporting.url, sampled: collectors.sampled.url },
    sampled,
  );
  const env: Record<string, NodeJS.ProcessEnv> = {
    ...base,
    ...Object.fromEntries(Object.entries(extra).map(([name, vars]) => [name, { ...base.on, ...vars }])),
  };
  const products: Record<string, Awaited<ReturnType<typeof start>>> = {};
  try {
    for (const mode of wanted) products[mode] = await start(mode, env[mode]!, say);
    // Warmed together, as they are then measured: a few seconds each left the first rounds at a fifth of the last ones' rate.
    await Promise.all(
      wanted.map((mode) =>
        measureLoad({ ...products[mode]!.route, durationSeconds: warmupSeconds, warmupSeconds: 0 }),
      ),
    );
    const loadStart = os.loadavg()[0]!;
    const measured: Record<string, RouteLoad[]> = Object.fromEntries(
      wanted.map((m) => [m, [] as RouteLoad[]]),
    );
    const before = {
      exporting: { ...collectors.exporting.counts },
      sampled: { ...collectors.sampled.counts },
    };
    for (let round = 0; round < rounds; round++) {
      if (scheme === 'together') {
        // Every configuration loaded at the same moment: whatever else the machine does hits all of them alike.
        const runs = await Promise.all(
          wanted.map((mode) => measureLoad({ ...products[mode]!.route, durationSeconds, warmupSeconds: 1 })),
        );
        wanted.forEach((mode, i) => measured[mode]!.push(runs[i]!));
      } else {
        const order = wanted.map((_, i) => wanted[(i + round) % wanted.length]!);
        for (const mode of order)
          measured[mode]!.push(
            await measureLoad({ ...products[mode]!.route, durationSeconds, warmupSeconds: 1 }),
          );
      }
      say(
        `observability round ${round + 1} (${scheme}, load ${os.loadavg()[0]!.toFixed(1)}): ${wanted.map((m) => `${m} ${measured[m]![round]!.requestsPerSecond} req/s ${cpuOf(measured[m]![round]!)} µs CPU/req`).join('; ')}`,
      );
    }
    const atRate: Record<string, number[]> = Object.fromEntries(wanted.map((m) => [m, [] as number[]]));
    for (let round = 0; rate > 0 && round < rounds; round++) {
      const cpu = await Promise.all(
        wanted.map(async (mode) => (await cpuAtRate(products[mode]!.route, rate, durationSeconds)).total),
      );
      wanted.forEach((mode, i) => atRate[mode]!.push(cpu[i]!));
      say(
        `observability CPU round ${round + 1} at ${rate} req/s each (load ${os.loadavg()[0]!.toFixed(1)}): ${wanted.map((m) => `${m} ${atRate[m]![round]} µs/req`).join('; ')}`,
      );
    }
    const loadEnd = os.loadavg()[0]!;
    const result: ObservabilityBenchResult = {
      route: ROUTE,
      rounds,
      rate,
      scheme,
      durationSeconds,
      sampled,
      modes: {},
      exported: Object.fromEntries(
        (['exporting', 'sampled'] as const)
          .filter((m) => wanted.includes(m))
          .map((m) => [
            m,
            {
              spans: collectors[m].counts.spans - before[m].spans,
              requests: collectors[m].counts.requests - before[m].requests,
            },
          ]),
      ),
      load: { start: round3(loadStart), end: round3(loadEnd) },
    };
    const offCpu = medianOf(measured.off!.map(cpuOf));
    for (const mode of wanted) {
      const runs = measured[mode]!;
      const cpu = medianOf(runs.map(cpuOf));
      result.modes[mode] = {
        label:
          mode in LABELS
            ? LABELS[mode as ObservabilityMode](sampled)
            : `the default with ${JSON.stringify(extra[mode])}`,
        median: medianRun(runs),
        runs: runs.map((r) => r.requestsPerSecond),
        cpuMicrosPerRequest: Math.round(cpu),
        ...(mode === 'off'
          ? {}
          : {
              loss: round3(
                medianOf(runs.map((r, i) => 1 - r.requestsPerSecond / measured.off![i]!.requestsPerSecond)),
              ),
              cpuIncrease: round3(cpu / offCpu - 1),
            }),
        ...(rate > 0
          ? {
              atRate: {
                cpuMicrosPerRequest: Math.round(medianOf(atRate[mode]!)),
                runs: atRate[mode]!,
                ...(mode === 'off'
                  ? {}
                  : { increase: round3(medianOf(atRate[mode]!.map((v, i) => v / atRate.off![i]! - 1))) }),
              },
            }
          : {}),
      };
    }
    const healthOn = products.on ?? products[wanted.at(-1)!]!;
    if (health) {
      result.health = await measureLoad({
        name: '/api/v1/health',
        url: new URL('/api/v1/health', healthOn.product.url).toString(),
        durationSeconds,
        warmupSeconds: 1,
        pids: { gateway: healthOn.route.pids.gateway },
      });
      say(
        `observability: /api/v1/health ${result.health.requestsPerSecond} req/s, p99 ${result.health.p99} ms`,
      );
    }
    return result;
  } finally {
    for (const mode of [...wanted].reverse()) await products[mode]?.stop();
    await collectors.exporting.close();
    await collectors.sampled.close();
  }
}

/** The report's lines (also what `npx tsx bench/observability.ts` prints). */
function describeObservability(result: ObservabilityBenchResult): string[] {
  const line = (r: RouteLoad) =>
    `${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.non2xx + r.errors} failed, CPU µs/req ${JSON.stringify(r.cpuMicrosPerRequest ?? {})}`;
  const how =
    result.scheme === 'together'
      ? 'every configuration loaded at the same time in each round'
      : 'configurations one after another in each round, the order rotating';
  const lines = [
    `signed-in read ${result.route} at 50 connections per configuration, ${result.rounds} rounds of ${result.durationSeconds} s, ${how} (load average ${result.load.start} → ${result.load.end}):`,
  ];
  for (const [mode, m] of Object.entries(result.modes)) {
    lines.push(`  ${mode}: ${m.label}`);
    lines.push(
      `    runs ${m.runs.join(' / ')} req/s; median run ${line(m.median)}; CPU µs/req (median) ${m.cpuMicrosPerRequest}`,
    );
    if (m.atRate)
      lines.push(
        `    CPU µs per request at ${result.rate} req/s: ${m.atRate.cpuMicrosPerRequest} (rounds ${m.atRate.runs.join(' / ')})${m.atRate.increase !== undefined ? `, ${m.atRate.increase >= 0 ? '+' : ''}${(m.atRate.increase * 100).toFixed(1)}% vs off (median of per-round ratios)` : ''}`,
      );
    if (m.loss !== undefined) {
      const verdict =
        mode === 'on' ? ` (target ≤ ${LOSS_TARGET * 100}%: ${m.loss <= LOSS_TARGET ? 'PASS' : 'MISS'})` : '';
      lines.push(
        `    throughput lost vs off: ${(m.loss * 100).toFixed(1)}% (median of per-round ratios)${verdict}; CPU per request ${m.cpuIncrease! >= 0 ? '+' : ''}${(m.cpuIncrease! * 100).toFixed(1)}%`,
      );
    }
  }
  for (const [mode, e] of Object.entries(result.exported))
    lines.push(`  ${mode} exported ${e.spans} spans in ${e.requests} OTLP requests`);
  if (result.health) lines.push(`/api/v1/health at 50 connections: ${line(result.health)}`);
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const modes = (process.env.BENCH_OBSERVABILITY_MODES?.split(',').filter((m): m is ObservabilityMode =>
    OBSERVABILITY_MODES.includes(m as ObservabilityMode),
  ) ?? OBSERVABILITY_MODES) as ObservabilityMode[];
  const extra = process.env.BENCH_OBSERVABILITY_EXTRA
    ? (JSON.parse(process.env.BENCH_OBSERVABILITY_EXTRA) as Record<string, NodeJS.ProcessEnv>)
    : {};
  const result = await benchObservability({
    durationSeconds: Number(process.env.BENCH_SECONDS ?? 5),
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 20),
    rounds: Number(process.env.BENCH_ROUNDS ?? 5),
    rate: Number(process.env.BENCH_RATE ?? 150),
    scheme: process.env.BENCH_OBSERVABILITY_SCHEME === 'turns' ? 'turns' : 'together',
    modes,
    extra,
    health: process.env.BENCH_HEALTH !== 'false',
  });
  process.stdout.write(`${describeObservability(result).join('\n')}\n`);
  process.exit(0);
}
