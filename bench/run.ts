/**
 * `npm run bench`: starts the product as `npm start` does (own port, fresh data folder) and measures, in
 * one run, what a learner feels (front end, Chromium with CPU 4× slower and fast 4G) and what an operator
 * pays for (back end at 50 connections next to a bare node:http ceiling, gateway overhead, progress
 * writes with a read-back check), then how cost grows with 10× and 100× the catalogue in a second,
 * separate product, and what tracing and metrics cost (two more products, both on vs both off). Writes bench/results/latest.{json,md,svg}.
 *
 * `npm run bench -- --smoke` is a short version (< 2 minutes, 1 s runs, writes results/smoke.*) that
 * proves the harness works; its figures are not meant to be compared with targets.
 * BENCH_SECONDS (default 5) sets the length of each measured back-end run.
 */
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AS_SHIPPED, startProduct } from '../scripts/lib/product';
import {
  measureBackend,
  ROUTE_P99_TARGET_MS,
  shareOfCeiling,
  signIn,
  SIGNED_IN_ROUTES,
  SIGNED_IN_SHARE_TARGET,
  type BackendResult,
} from './backend';
import { benchCommunity, FANOUT_TARGET_MS, P99_TARGET_MS, type CommunityBenchResult } from './community';
import { benchCourse, type CourseBenchResult } from './course';
import { renderChart, type Panel } from './chart';
import {
  benchLighthouse,
  DESKTOP_LCP_TARGET_MS,
  lighthouseTable,
  PERFORMANCE_TARGET,
  type LighthouseResult,
} from './lighthouse';
import {
  launchChromium,
  measureVisit,
  singleVideoProduct,
  CPU_SLOWDOWN,
  type PageVisit,
  type VisitPlan,
} from './frontend';
import { measureGrowth, type GrowthResult } from './growth';
import { measureSearch, SEARCH_TARGETS, type SearchBenchResult } from './search';
import {
  benchObservability,
  LOSS_TARGET,
  PRODUCTION_RATIO,
  type ModeFigures,
  type ObservabilityBenchResult,
} from './observability';
import { benchReplicas, type ReplicasBenchResult } from './replicas';
import { benchMedia, type MediaBenchResult } from './media';
import { benchProgressWrites, ONE_LEARNER, ONE_LEARNER_TARGETS, type ProgressBenchResult } from './progress';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const smoke = process.argv.includes('--smoke');
const seconds = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 5);
const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);

interface Figure {
  group:
    | 'front end'
    | 'lighthouse'
    | 'back end'
    | 'media'
    | 'course'
    | 'community'
    | 'growth'
    | 'search'
    | 'observability'
    | 'replicas';
  name: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
  /** Reference figures (ceiling, direct) have no target of their own. */
  reference?: boolean;
}

const kib = (bytes: number) => Math.round(bytes / 102.4) / 10;
const JS_TARGETS: Record<string, number> = { welcome: 110, browse: 150, product: 180 };

async function frontEnd(baseUrl: string): Promise<PageVisit[]> {
  const [learner, member, admin] = [
    await signIn(baseUrl, 'learner'),
    await signIn(baseUrl, 'member'),
    await signIn(baseUrl, 'admin'),
  ];
  // A single-video product (the course bench opens a course's page beside one of these).
  const { productId } = await singleVideoProduct(baseUrl);
  const plans: VisitPlan[] = [
    { name: 'welcome', path: '/' },
    { name: 'browse', path: '/browse', session: { token: learner, role: 'user' } },
    {
      name: 'product',
      path: `/browse/premium/product/${productId}`,
      session: { token: member, role: 'user' },
    },
    { name: 'admin', path: '/admin', session: { token: admin, role: 'admin' } },
  ];
  const browser = await launchChromium();
  try {
    const visits: PageVisit[] = [];
    for (const plan of plans) {
      say(`front end: ${plan.name} (${plan.path})`);
      visits.push(await measureVisit(browser, baseUrl, plan));
    }
    return visits;
  } finally {
    await browser.close();
  }
}

function figuresOf(
  visits: PageVisit[],
  backend: BackendResult,
  progress: ProgressBenchResult,
  oneLearner: ProgressBenchResult,
  media: MediaBenchResult,
  course: CourseBenchResult,
  community: CommunityBenchResult,
  growth: GrowthResult | undefined,
): Figure[] {
  const figures: Figure[] = [];
  for (const v of visits) {
    const target = JS_TARGETS[v.name];
    figures.push({
      group: 'front end',
      name: `${v.name}: JS downloaded (gzip)`,
      value: kib(v.jsGzipBytes),
      unit: 'KiB',
      ...(target ? { target: `≤ ${target} KiB`, pass: kib(v.jsGzipBytes) <= target } : {}),
    });
    figures.push({
      group: 'front end',
      name: `${v.name}: LCP`,
      value: v.lcp,
      unit: 'ms',
      target: '≤ 1500 ms',
      pass: v.lcp > 0 && v.lcp <= 1500,
    });
    figures.push({
      group: 'front end',
      name: `${v.name}: CLS`,
      value: v.cls,
      unit: '',
      target: '≤ 0.02',
      pass: v.cls <= 0.02,
    });
    figures.push({
      group: 'front end',
      name: `${v.name}: repeat visit, hashed assets from cache`,
      value: v.repeat.fromCache,
      unit: `of ${v.repeat.hashedAssets}`,
      target: 'all',
      pass: v.repeat.fromNetwork.length === 0,
    });
    if (v.name !== 'admin')
      figures.push({
        group: 'front end',
        name: `${v.name}: admin remote files requested`,
        value: v.requestedAdminRemote ? 1 : 0,
        unit: '',
        target: '0',
        pass: !v.requestedAdminRemote,
      });
  }
  const { ceiling, routes, overhead } = backend;
  figures.push({
    group: 'back end',
    name: 'ceiling: bare node:http JSON',
    value: ceiling.requestsPerSecond,
    unit: `req/s (p99 ${ceiling.p99} ms)`,
    reference: true,
  });
  for (const r of routes) {
    figures.push({
      group: 'back end',
      name: `${r.name}: throughput`,
      value: r.requestsPerSecond,
      unit: `req/s (p50 ${r.p50} ms, ${r.non2xx + r.errors} failed)`,
      ...(r.non2xx + r.errors > 0 ? { target: 'no failures', pass: false } : {}),
    });
    figures.push({
      group: 'back end',
      name: `${r.name}: p99`,
      value: r.p99,
      unit: 'ms',
      target: `≤ ${ROUTE_P99_TARGET_MS} ms`,
      pass: r.p99 <= ROUTE_P99_TARGET_MS,
    });
  }
  for (const name of SIGNED_IN_ROUTES) {
    const r = routes.find((route) => route.name === name)!;
    const share = shareOfCeiling(r, ceiling);
    figures.push({
      group: 'back end',
      name: `${name} as a share of the ceiling`,
      value: share,
      unit: `% (CPU µs/req ${Object.entries(r.cpuMicrosPerRequest ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
      target: `≥ ${SIGNED_IN_SHARE_TARGET}%`,
      pass: share >= SIGNED_IN_SHARE_TARGET,
    });
  }
  const categories = routes.find((r) => r.name === 'public categories')!;
  const share =
    Math.round((categories.requestsPerSecond / Math.max(1, ceiling.requestsPerSecond)) * 1000) / 10;
  figures.push({
    group: 'back end',
    name: 'public categories as a share of the ceiling',
    value: share,
    unit: '%',
    target: '≥ 30%',
    pass: share >= 30,
  });
  figures.push({
    group: 'back end',
    name: 'content /categories direct',
    value: overhead.direct.requestsPerSecond,
    unit: `req/s (p99 ${overhead.direct.p99} ms)`,
    reference: true,
  });
  figures.push({
    group: 'back end',
    name: 'same route through the gateway, a new URL each time (proxy path)',
    value: overhead.gateway.requestsPerSecond,
    unit: `req/s (p99 ${overhead.gateway.p99} ms)`,
  });
  figures.push({
    group: 'back end',
    name: 'gateway keeps of direct throughput (proxy path)',
    value: Math.round(overhead.ratio * 1000) / 10,
    unit: '%',
    target: '≥ 60%',
    pass: overhead.ratio >= 0.6,
  });
  figures.push({
    group: 'back end',
    name: 'the floor of a proxy hop: a bare node:http proxy keeps of direct',
    value: Math.round(overhead.bareProxyRatio * 1000) / 10,
    unit: `% (${overhead.bareProxy.requestsPerSecond} req/s)`,
    reference: true,
  });
  // The same URL as clients repeat it: the edge cache answers (the public categories run above).
  const repeated =
    Math.round((categories.requestsPerSecond / Math.max(1, overhead.direct.requestsPerSecond)) * 1000) / 10;
  figures.push({
    group: 'back end',
    name: 'through the gateway, the URL clients repeat (edge cache), vs direct',
    value: repeated,
    unit: '%',
  });
  figures.push({
    group: 'back end',
    name: 'progress saves',
    value: progress.writesPerSecond,
    unit: `writes/s (p99 ${progress.latencyMs.p99} ms, ${progress.errors} failed)`,
    target: '≥ 2000/s',
    pass: progress.writesPerSecond >= 2000,
  });
  figures.push({
    group: 'back end',
    name: 'progress saves lost or corrupt (read back after)',
    value: progress.lost + progress.corrupt,
    unit: `of ${progress.pairsChecked} rows`,
    target: '0',
    pass: progress.lost + progress.corrupt === 0,
  });
  const learner = `one learner saving over ${oneLearner.products} products, ${oneLearner.connections} connections`;
  figures.push({
    group: 'back end',
    name: `${learner}: saves`,
    value: oneLearner.writesPerSecond,
    unit: `writes/s (p50 ${oneLearner.latencyMs.p50} ms, ${oneLearner.errors} failed)`,
    target: `≥ ${ONE_LEARNER_TARGETS.writesPerSecond}/s`,
    pass: oneLearner.writesPerSecond >= ONE_LEARNER_TARGETS.writesPerSecond && oneLearner.errors === 0,
  });
  figures.push({
    group: 'back end',
    name: `${learner}: p99`,
    value: oneLearner.latencyMs.p99,
    unit: 'ms',
    target: `≤ ${ONE_LEARNER_TARGETS.p99Ms} ms`,
    pass: oneLearner.latencyMs.p99 <= ONE_LEARNER_TARGETS.p99Ms,
  });
  figures.push({
    group: 'back end',
    name: `${learner}: lost or corrupt (read back after)`,
    value: oneLearner.lost + oneLearner.corrupt,
    unit: `of ${oneLearner.pairsChecked} rows`,
    target: '0',
    pass: oneLearner.lost + oneLearner.corrupt === 0,
  });
  const { processing, firstFrame, segments } = media;
  figures.push({
    group: 'media',
    name: `processing a ${processing.sourceSeconds} s ${processing.sourceHeight}p upload (${processing.renditions.join('p + ')}p, poster, storyboard)`,
    value: processing.multipleOfRealTime,
    unit: `× real time (${processing.processingSeconds} s)`,
    target: '≥ 2×',
    pass: processing.multipleOfRealTime >= 2,
  });
  figures.push({
    group: 'media',
    name: `HLS product page: Play to first frame (CPU ${CPU_SLOWDOWN}× slower, loopback; median of ${firstFrame.runsMs.length})`,
    value: firstFrame.medianMs,
    unit: `ms (runs ${firstFrame.runsMs.join(', ')}; ${firstFrame.fromNavigationMs.join(', ')} ms from navigation)`,
    target: '≤ 1000 ms',
    pass: firstFrame.medianMs <= 1000,
  });
  const mbps = (r: { requestsPerSecond: number }) =>
    Math.round((r.requestsPerSecond * segments.segmentBytes) / 1e5) / 10;
  figures.push({
    group: 'media',
    name: `${Math.round(segments.segmentBytes / 1024)} KiB segment from media directly`,
    value: segments.direct.requestsPerSecond,
    unit: `req/s (${mbps(segments.direct)} MB/s, p99 ${segments.direct.p99} ms)`,
    reference: true,
  });
  figures.push({
    group: 'media',
    name: 'the same segment through the gateway',
    value: segments.gateway.requestsPerSecond,
    unit: `req/s (${mbps(segments.gateway)} MB/s, p99 ${segments.gateway.p99} ms; ${Math.round(segments.ratio * 100)}% of direct)`,
    ...(segments.gateway.non2xx + segments.gateway.errors > 0 ? { target: 'no failures', pass: false } : {}),
  });
  const { outline, outlineUncached, page, productPage } = course;
  figures.push({
    group: 'course',
    name: `${course.lessons}-lesson course: outline (${Math.round(course.outlineBytes / 1024)} KiB), repeated address`,
    value: outline.p99,
    unit: `ms p99 (${outline.requestsPerSecond} req/s)`,
    target: '≤ 25 ms',
    pass: outline.p99 <= 25 && outline.non2xx + outline.errors === 0,
  });
  figures.push({
    group: 'course',
    name: `${course.lessons}-lesson course: outline, a distinct address each time (reaches content)`,
    value: outlineUncached.p99,
    unit: `ms p99 (${outlineUncached.requestsPerSecond} req/s; CPU µs/req ${Object.entries(
      outlineUncached.cpuMicrosPerRequest ?? {},
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    target: '≤ 25 ms',
    pass: outlineUncached.p99 <= 25 && outlineUncached.non2xx + outlineUncached.errors === 0,
  });
  figures.push({
    group: 'course',
    name: `${course.lessons}-lesson course page (member, a lesson half-way): median LCP`,
    value: Math.round(page.lcp),
    unit: `ms (rounds ${course.lcpRuns.course.join(', ')})`,
    target: '≤ 1500 ms',
    pass: page.lcp > 0 && page.lcp <= 1500,
  });
  figures.push({
    group: 'course',
    name: `${course.lessons}-lesson course page: CLS (worst round)`,
    value: course.worstCls.course,
    unit: '',
    target: '≤ 0.02',
    pass: course.worstCls.course <= 0.02,
  });
  figures.push({
    group: 'course',
    name: 'single-video product page, same browser run: median LCP',
    value: Math.round(productPage.lcp),
    unit: `ms (rounds ${course.lcpRuns.product.join(', ')})`,
    target: '≤ 1500 ms',
    pass: productPage.lcp > 0 && productPage.lcp <= 1500,
  });
  figures.push({
    group: 'course',
    name: `${course.lessons}-lesson course page LCP ÷ product page LCP (medians, same run)`,
    value: course.lcpRatio,
    unit: '×',
    reference: true,
  });
  figures.push({
    group: 'course',
    name: `${course.lessons}-lesson course page: JS downloaded (gzip)`,
    value: kib(page.jsGzipBytes),
    unit: 'KiB',
    target: `≤ ${JS_TARGETS.product} KiB`,
    pass: kib(page.jsGzipBytes) <= JS_TARGETS.product!,
  });
  for (const p of community.pages) {
    figures.push({
      group: 'community',
      name: `${p.name}: p99`,
      value: p.p99,
      unit: `ms (p50 ${p.p50} ms, ${p.requestsPerSecond} req/s, ${p.non2xx + p.errors} failed)`,
      target: `≤ ${P99_TARGET_MS} ms`,
      pass: p.p99 <= P99_TARGET_MS && p.non2xx + p.errors === 0,
    });
  }
  for (const sort of ['oldest', 'top'] as const) {
    figures.push({
      group: 'community',
      name: `thread replies, ${sort} first: page 100 p99 ÷ page 1 p99`,
      value: community.deepRatio[sort],
      unit: '×',
      target: '≤ 2×',
      pass: community.deepRatio[sort] <= 2,
    });
  }
  const { fanout } = community;
  figures.push({
    group: 'community',
    name: `live board: event streams opened`,
    value: fanout.opened,
    unit: `of ${fanout.streams} (${fanout.openMs} ms)`,
    target: 'all',
    pass: fanout.opened === fanout.streams,
  });
  figures.push({
    group: 'community',
    name: `live board: one question reaches every one of ${fanout.streams} streams, slowest`,
    value: fanout.max,
    unit: `ms (p50 ${fanout.p50}, p99 ${fanout.p99}; ${fanout.withinTarget} within ${FANOUT_TARGET_MS} ms, ${fanout.received} at all)`,
    target: `≤ ${FANOUT_TARGET_MS} ms`,
    pass: fanout.opened === fanout.streams && fanout.withinTarget === fanout.streams,
  });
  if (growth) {
    const last = growth.steps[growth.steps.length - 1]!;
    for (const c of growth.change) {
      figures.push({
        group: 'growth',
        name: `${c.name}: req/s at ${last.scale}× vs ${c.against ?? '1×'}`,
        value: c.rpsRatio,
        unit: '×',
        target: '≥ 0.5×',
        pass: c.rpsRatio >= 0.5,
      });
      figures.push({
        group: 'growth',
        name: `${c.name}: p99 at ${last.scale}× vs ${c.against ?? '1×'}`,
        value: c.p99Ratio,
        unit: '×',
        target: '≤ 2×',
        pass: c.p99Ratio <= 2,
      });
    }
  }
  return figures;
}

/** Lighthouse (mobile defaults, median of 3 runs) per page, and LCP at 1280×900 with the CPU 4× slower. */
function lighthouseFigures(l: LighthouseResult): Figure[] {
  const figures: Figure[] = [];
  const c = l.calibration;
  if (c)
    figures.push({
      group: 'lighthouse',
      name: "this machine: a blank page's main-thread work (what every page's scores stand on)",
      value: c.blankPageMainThreadMs,
      unit: `ms (runs ${c.runs.join(', ')}; Lighthouse benchmark index ${c.benchmarkIndex})`,
      reference: true,
    });
  for (const p of l.pages) {
    const s = p.scores;
    figures.push({
      group: 'lighthouse',
      name: `${p.name} (${p.page.length > 40 ? `${p.page.slice(0, 40)}…` : p.page}): performance`,
      value: s.performance,
      unit: `(runs ${p.runs.join(', ')}; LCP ${p.metrics.lcp} ms, TBT ${p.metrics.tbt} ms)`,
      target: `≥ ${PERFORMANCE_TARGET}`,
      pass: s.performance >= PERFORMANCE_TARGET,
    });
    const rest = [s.accessibility, s['best-practices'], s.seo];
    figures.push({
      group: 'lighthouse',
      name: `${p.name}: accessibility / best practices / SEO`,
      value: s.accessibility,
      unit: `/ ${s['best-practices']} / ${s.seo}`,
      target: '100 each',
      pass: rest.every((v) => v >= 100),
    });
  }
  for (const d of l.desktop)
    figures.push({
      group: 'lighthouse',
      name: `${d.name}: LCP at 1280×900, CPU 4× slower, no network throttling`,
      value: d.lcp,
      unit: `ms (runs ${d.runs.join(', ')})`,
      target: `≤ ${DESKTOP_LCP_TARGET_MS} ms`,
      pass: d.lcp > 0 && d.lcp <= DESKTOP_LCP_TARGET_MS,
    });
  return figures;
}

/** The cost of tracing and metrics (off vs the shipped default vs exporting, products measured in rounds) and the public health check under load. */
function observabilityFigures(o: ObservabilityBenchResult): Figure[] {
  const cpu = (r: ModeFigures['median']) =>
    Object.entries(r.cpuMicrosPerRequest ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const figures: Figure[] = [];
  const off = o.modes.off;
  if (off)
    figures.push({
      group: 'observability',
      name: 'signed-in read through the gateway, tracing and request metrics off',
      value: off.median.requestsPerSecond,
      unit: `req/s (median of ${o.rounds} rounds; p99 ${off.median.p99} ms; CPU µs/req ${cpu(off.median)})`,
      reference: true,
    });
  for (const [mode, name] of [
    ['control', 'A/A control (a second product exactly as off: the run’s resolution)'],
    ['on', 'shipped default (trace context propagated, nothing exported; metrics on)'],
    ['exporting', `exporting every sampled span over OTLP (sampling ${o.sampled})`],
    ['sampled', `exporting over OTLP at the advised production sampling (${PRODUCTION_RATIO})`],
  ] as const) {
    const m = o.modes[mode];
    if (!m || m.loss === undefined) continue;
    const failed = m.median.non2xx + m.median.errors > 0;
    figures.push({
      group: 'observability',
      name: `the same, ${name}`,
      value: m.median.requestsPerSecond,
      unit: `req/s (p99 ${m.median.p99} ms; CPU µs/req ${cpu(m.median)}${(mode === 'exporting' || mode === 'sampled') && o.exported[mode] ? `; ${o.exported[mode].spans} spans exported` : ''})`,
      ...(failed ? { target: 'no failures', pass: false } : { reference: true }),
    });
    const lost = {
      group: 'observability' as const,
      name: `throughput lost, ${name}`,
      value: Math.round(m.loss * 1000) / 10,
      unit: `% (median of per-round ratios; CPU per request ${m.cpuIncrease! >= 0 ? '+' : ''}${Math.round(m.cpuIncrease! * 1000) / 10}%; runs off ${off?.runs.join('/')}, ${mode} ${m.runs.join('/')})`,
    };
    // The target is the shipped default's; the exporting configuration's cost is stated beside it.
    figures.push(
      mode === 'on'
        ? { ...lost, target: `≤ ${LOSS_TARGET * 100}%`, pass: m.loss <= LOSS_TARGET }
        : { ...lost, reference: true },
    );
  }
  if (o.health)
    figures.push({
      group: 'observability',
      name: '/api/v1/health at 50 connections',
      value: o.health.requestsPerSecond,
      unit: `req/s (p99 ${o.health.p99} ms)`,
      target: 'p99 ≤ 100 ms',
      pass: o.health.p99 <= 100 && o.health.non2xx + o.health.errors === 0,
    });
  return figures;
}

/** Two replicas of everything vs one on this machine (two products, one Redis, measured in turns). */
function replicasFigures(r: ReplicasBenchResult): Figure[] {
  const cpu = (run: ReplicasBenchResult['one']) =>
    Object.values(run.cpuMicrosPerRequest ?? {}).reduce((a, b) => a + b, 0);
  const failed = (run: ReplicasBenchResult['one']) =>
    run.non2xx + run.errors > 0 ? { target: 'no failures', pass: false } : {};
  return [
    {
      group: 'replicas',
      name: 'signed-in read through PORT, 1 replica of everything',
      value: r.one.requestsPerSecond,
      unit: `req/s (p99 ${r.one.p99} ms; ${cpu(r.one)} µs CPU/req over every process)`,
      reference: true,
      ...failed(r.one),
    },
    {
      group: 'replicas',
      name: `the same with 2 replicas behind the launcher's balancers (${r.cpus} CPUs)`,
      value: r.two.requestsPerSecond,
      unit: `req/s (p99 ${r.two.p99} ms; ${cpu(r.two)} µs CPU/req over every process)`,
      ...failed(r.two),
    },
    {
      group: 'replicas',
      name: '2 replicas ÷ 1',
      value: r.gain,
      unit: `× (runs 1: ${r.runs.one.join('/')}, 2: ${r.runs.two.join('/')}; bounded by the CPUs, see bench/README.md)`,
      reference: true,
    },
  ];
}

/** The CPU each process spent per request of a run, when it could be read. */
const cpuPerRequest = (r: SearchBenchResult['routes'][number]) =>
  Object.entries(r.cpuMicrosPerRequest ?? {})
    .map(([name, us]) => `, ${name} ${us} µs CPU/request`)
    .join('');

/** Search on a 100× catalogue with lessons: the index's size and suggest and search p99 through the gateway. */
function searchFigures(result: SearchBenchResult | undefined): Figure[] {
  if (!result) return [];
  const figures: Figure[] = [
    {
      group: 'search',
      name: `index size over the other tables (${result.products} products, ${result.lessons} lessons)`,
      value: Math.round(result.indexAddition * 100),
      unit: '%',
      target: `≤ ${SEARCH_TARGETS.indexAddition * 100}%`,
      pass: result.indexAddition <= SEARCH_TARGETS.indexAddition,
    },
  ];
  for (const r of result.routes) {
    const target = r.name.startsWith('suggest') ? SEARCH_TARGETS.suggestP99 : SEARCH_TARGETS.searchP99;
    figures.push({
      group: 'search',
      name: `${r.name}: p99 at ${r.connections} connections`,
      value: r.p99,
      unit: `ms (${r.requestsPerSecond} req/s, ${r.non2xx} non-2xx${cpuPerRequest(r)})`,
      target: `≤ ${target} ms`,
      pass: r.p99 <= target && r.non2xx === 0 && r.errors === 0,
    });
  }
  for (const f of result.inProcess)
    figures.push({
      group: 'search',
      name: `${f.name}: in process, one at a time (median ${f.p50} ms)`,
      value: f.p99,
      unit: 'ms p99',
      reference: true,
    });
  return figures;
}

function markdown(
  at: string,
  figures: Figure[],
  visits: PageVisit[],
  backend: BackendResult,
  growth: GrowthResult | undefined,
  lighthouse: LighthouseResult | undefined,
): string {
  const row = (f: Figure) =>
    `| ${f.name} | ${f.value} ${f.unit} | ${f.target ?? (f.reference ? 'reference' : '')} | ${f.pass === undefined ? '' : f.pass ? 'pass' : '**MISS**'} |`;
  const lines = [
    `# Catalyst benchmarks (${at}${smoke ? ', smoke: harness check only' : ''})`,
    '',
    `Machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' / ',
      )} at the end. Loopback only; autocannon at 50 connections, ${seconds} s per measured run after a ${smoke ? 1 : 3} s warm-up (every route warmed once first); every ratio is measured in this run.`,
    `Front end: Chromium (playwright-core), CPU ${CPU_SLOWDOWN}× slower, DevTools "Fast 4G" (165 ms RTT, ~8.1 Mbit/s down), 412×823 viewport, fresh profile per page; the repeat visit reuses the profile.`,
    '',
    '![figures](latest.svg)',
    '',
  ];
  for (const group of [
    'front end',
    'lighthouse',
    'back end',
    'media',
    'course',
    'community',
    'growth',
    'search',
    'observability',
    'replicas',
  ] as const) {
    const inGroup = figures.filter((f) => f.group === group);
    if (inGroup.length === 0) continue;
    lines.push(
      `## ${group[0]!.toUpperCase()}${group.slice(1)}`,
      '',
      '| figure | value | target | |',
      '|---|---|---|---|',
      ...inGroup.map(row),
      '',
    );
  }
  lines.push(
    '### LCP elements and layout shifts',
    '',
    '| page | LCP element | FCP ms | shifted |',
    '|---|---|---|---|',
  );
  for (const v of visits)
    lines.push(`| ${v.page} | ${v.lcpElement || '–'} | ${v.fcp} | ${v.shiftSources.join(', ') || '–'} |`);
  if (lighthouse)
    lines.push('', '### Lighthouse per page (mobile defaults, median of 3)', '', lighthouseTable(lighthouse));
  lines.push(
    '',
    '### Back-end runs',
    '',
    'CPU µs/request: CPU time each process spent per answered request during the run (steadier than req/s on a shared machine).',
    '',
    '| route | path | req/s | p50 ms | p99 ms | non-2xx | errors | CPU µs/request |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const r of [
    backend.ceiling,
    ...backend.routes,
    backend.overhead.direct,
    backend.overhead.gateway,
    backend.overhead.bareProxy,
  ])
    lines.push(
      `| ${r.name} | ${r.path} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${Object.entries(
        r.cpuMicrosPerRequest ?? {},
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} |`,
    );
  if (growth) {
    lines.push(
      '',
      '### How cost grows (separate product, content read cache off so every request reaches Postgres)',
      '',
    );
    const head = growth.steps.map((s) => `${s.scale}× (${s.products} products, ${s.categories} categories)`);
    lines.push(`| route | ${head.join(' | ')} |`, `|---|${head.map(() => '---').join('|')}|`);
    growth.steps[0]!.routes.forEach((r, i) =>
      lines.push(
        `| ${r.name} | ${growth.steps.map((s) => `${s.routes[i]!.requestsPerSecond} req/s, p99 ${s.routes[i]!.p99} ms`).join(' | ')} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

function chart(
  at: string,
  visits: PageVisit[],
  backend: BackendResult,
  progress: ProgressBenchResult,
  growth: GrowthResult | undefined,
): string {
  const panels: Panel[] = [
    {
      title: 'JavaScript per first visit, gzip',
      unit: 'KiB',
      bars: visits.map((v) => ({
        label: v.page.length > 28 ? `${v.name} page` : v.page,
        value: kib(v.jsGzipBytes),
        target: JS_TARGETS[v.name],
        pass: JS_TARGETS[v.name] ? kib(v.jsGzipBytes) <= JS_TARGETS[v.name]! : undefined,
      })),
    },
    {
      title: 'Largest Contentful Paint, CPU 4× slower, fast 4G',
      unit: 'ms',
      bars: visits.map((v) => ({
        label: v.name,
        value: v.lcp,
        note: `CLS ${v.cls}`,
        target: 1500,
        pass: v.lcp <= 1500 && v.cls <= 0.02,
      })),
    },
    {
      title: 'Back end at 50 connections',
      unit: 'req/s',
      bars: [
        {
          label: 'bare node:http (ceiling)',
          value: backend.ceiling.requestsPerSecond,
          note: `p99 ${backend.ceiling.p99} ms`,
          reference: true,
        },
        ...backend.routes.map((r) => ({
          label: r.name,
          value: r.requestsPerSecond,
          note: `p99 ${r.p99} ms`,
          pass: r.p99 <= 25,
        })),
        {
          label: 'content /categories direct',
          value: backend.overhead.direct.requestsPerSecond,
          note: `p99 ${backend.overhead.direct.p99} ms`,
          reference: true,
        },
        {
          label: 'same through the gateway',
          value: backend.overhead.gateway.requestsPerSecond,
          note: `${Math.round(backend.overhead.ratio * 100)}% of direct`,
          pass: backend.overhead.ratio >= 0.6,
        },
        {
          label: 'progress saves',
          value: progress.writesPerSecond,
          note: `p99 ${progress.latencyMs.p99} ms, lost ${progress.lost}`,
          target: 2000,
          pass: progress.writesPerSecond >= 2000 && progress.lost === 0,
        },
      ],
    },
  ];
  if (growth) {
    panels.push({
      title: 'Catalogue routes as the catalogue grows (cache off)',
      unit: 'req/s',
      bars: growth.steps[0]!.routes.flatMap((r, i) =>
        growth.steps.map((s) => ({
          label: `${r.name} ${s.scale}×`,
          value: s.routes[i]!.requestsPerSecond,
          note: `p99 ${s.routes[i]!.p99} ms`,
          reference: s.scale === 1,
        })),
      ),
    });
  }
  return renderChart(`Catalyst bench ${at}`, panels);
}

async function main() {
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-'));
  const built = ['shell', 'mfe-catalog', 'mfe-player', 'mfe-account', 'mfe-admin', 'mfe-community'].every(
    (app) => existsSync(path.join(root, app, 'dist')),
  );
  say('starting the product (and waiting until it has processed its demo media)…');
  // The benchmark registers its load users from this one address.
  const product = await startProduct({
    dataDir,
    waitForMedia: true,
    // As shipped: an access-log line per request (LOG_LEVEL=info), the request metrics on, 1% of answers checked.
    env: {
      ...AS_SHIPPED,
      REGISTER_MAX_PER_ADDRESS: '10000',
      ...(smoke && built ? { SKIP_BUILD: 'true' } : {}),
    },
  });
  let visits: PageVisit[];
  let lighthouse: LighthouseResult | undefined;
  let backend: BackendResult;
  let progress: ProgressBenchResult;
  let oneLearner: ProgressBenchResult;
  let media: MediaBenchResult;
  let course: CourseBenchResult;
  let community: CommunityBenchResult;
  try {
    say(`product up at ${product.url} after ${Math.round((Date.now() - started) / 1000)} s`);
    visits = await frontEnd(product.url);
    if (process.env.BENCH_LIGHTHOUSE !== 'false') {
      say('lighthouse: every page, mobile defaults, median of 3 runs (smoke: welcome and browse, 1 run)');
      lighthouse = await benchLighthouse(
        product.url,
        smoke ? { runs: 1, only: ['welcome', 'browse'], desktop: false, say } : { say },
      );
    }
    say('back end: ceiling, routes, gateway overhead');
    backend = await measureBackend({
      baseUrl: product.url,
      services: product.runtime.services,
      pids: product.runtime.pids,
      durationSeconds: seconds,
      warmupSeconds: smoke ? 1 : 3,
    });
    say('back end: progress saves');
    progress = await benchProgressWrites({
      baseUrl: product.url,
      databaseUrl: product.runtime.databaseUrl,
      durationSeconds: smoke ? 2 : Math.max(10, seconds * 2),
      users: smoke ? 4 : 40,
      productsPerUser: smoke ? 3 : 10,
      connections: 50,
    });
    say('back end: one learner saving progress over 20 products');
    oneLearner = await benchProgressWrites({
      baseUrl: product.url,
      databaseUrl: product.runtime.databaseUrl,
      durationSeconds: smoke ? 2 : Math.max(10, seconds * 2),
      ...ONE_LEARNER,
      pids: {
        gateway: product.runtime.pids?.gateway,
        progress: product.runtime.pids?.progress,
        content: product.runtime.pids?.content,
      },
    });
    say('media: processing a 720p upload, first frame of its stream, segment throughput');
    media = await benchMedia({
      baseUrl: product.url,
      services: product.runtime.services,
      durationSeconds: seconds,
      sourceSeconds: smoke ? 10 : 60,
      firstFrameRuns: smoke ? 1 : 3,
    });
    say('course: a 200-lesson curriculum, its outline under load and its page in Chromium');
    course = await benchCourse({
      baseUrl: product.url,
      pids: product.runtime.pids,
      durationSeconds: seconds,
    });
    say('community: a thread of 10,000 replies paged under load, one live question to 1,000 event streams');
    community = await benchCommunity({
      baseUrl: product.url,
      databaseUrl: product.runtime.databaseUrl,
      pids: product.runtime.pids,
      durationSeconds: seconds,
      streams: smoke ? 100 : undefined,
      say,
    });
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  let growth: GrowthResult | undefined;
  if (!smoke || process.env.BENCH_GROWTH === 'true') {
    say('growth: a second product with 1×, 10× and 100× the demo catalogue');
    growth = await measureGrowth({ durationSeconds: smoke ? 1 : Math.max(3, Math.round(seconds / 2)) });
  }
  let search: SearchBenchResult | undefined;
  if (!smoke || process.env.BENCH_SEARCH === 'true') {
    say('search: a product at 100× with about 40,000 lessons, suggest and search at 50 connections');
    search = await measureSearch({ durationSeconds: smoke ? 1 : seconds, samples: smoke ? 5 : 100 });
  }

  say(
    'observability: tracing and metrics off vs the shipped default vs exporting (three products, measured in rounds), /api/v1/health under load',
  );
  const observability = await benchObservability({
    durationSeconds: seconds,
    warmupSeconds: smoke ? 1 : 20,
    rounds: smoke ? 1 : 5,
    say,
  });
  say('replicas: 2 replicas of everything vs 1 (two products, one Redis, measured in turns)');
  const replicas = await benchReplicas({
    durationSeconds: seconds,
    warmupSeconds: smoke ? 1 : 3,
    runs: smoke ? 1 : 3,
    say,
  });

  const at = new Date().toISOString();
  const figures = [
    ...figuresOf(visits, backend, progress, oneLearner, media, course, community, growth),
    ...searchFigures(search),
    ...(lighthouse ? lighthouseFigures(lighthouse) : []),
    ...observabilityFigures(observability),
    ...replicasFigures(replicas),
  ];
  const results = {
    at,
    smoke,
    seconds,
    machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg() },
    tookSeconds: Math.round((Date.now() - started) / 1000),
    figures,
    frontEnd: visits,
    lighthouse,
    backEnd: backend,
    progress,
    oneLearner,
    media,
    course,
    community,
    growth,
    search,
    observability,
    replicas,
  };
  const outDir = path.join(here, 'results');
  mkdirSync(outDir, { recursive: true });
  const name = smoke ? 'smoke' : 'latest';
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const md = markdown(at, figures, visits, backend, growth, lighthouse).replace('latest.svg', `${name}.svg`);
  writeFileSync(path.join(outDir, `${name}.md`), md);
  writeFileSync(path.join(outDir, `${name}.svg`), chart(at, visits, backend, progress, growth));
  process.stdout.write(md);
  say(`done in ${results.tookSeconds} s; wrote bench/results/${name}.{json,md,svg}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
