/**
 * Lighthouse over two running products in one sitting, run by run alternated (a, b, then b, a, …), so that two
 * builds of the same pages compare on a machine whose speed moves between runs. On a 2-core host one build's
 * product page read TBT 261, 273 and 694 ms in one sitting and 348, 706 and 722 ms in the next (bench/README.md,
 * Latest figures): a median of 3 a side, taken minutes apart, cannot order two builds there; pairs can. Each run
 * is bench/lighthouse.ts's (mobile defaults, a fresh profile, the signed-in storage a page needs, read from
 * each product on its own). Per page: each side's median performance, TBT, main-thread work and LCP, and the
 * median of b − a over the pairs with how many pairs b read lower.
 *
 * `npx tsx bench/lighthouse-pair.ts --a http://127.0.0.1:18181 --b http://127.0.0.1:18182
 * [--only "product,course player"] [--pairs 5] [--json out.json]` against two products started as README.md
 * says (one per checkout, each on its own PORT and DATA_DIR).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { auditOnce, cliArg, finishedRun, lighthousePlans, median, type LighthousePlan } from './lighthouse';

type Side = 'a' | 'b';

export interface PairRun {
  page: string;
  pair: number;
  side: Side;
  performance: number;
  tbtMs: number;
  mainThreadMs: number;
  lcpMs: number;
  load: number;
}

export interface PairSummary {
  page: string;
  pairs: number;
  /** Each side's median over its runs. */
  sides: Record<Side, { performance: number; tbtMs: number; mainThreadMs: number; lcpMs: number }>;
  /** The median over the pairs of b − a, and in how many pairs b read lower (a higher score for performance). */
  difference: Record<'performance' | 'tbtMs' | 'mainThreadMs' | 'lcpMs', { median: number; bBetter: number }>;
}

const FIGURES = ['performance', 'tbtMs', 'mainThreadMs', 'lcpMs'] as const;

/** One page's runs, summed up as each side's medians and the pairs' differences. */
export function summarisePairs(page: string, runs: PairRun[]): PairSummary {
  const mine = runs.filter((run) => run.page === page);
  const pairs = [...new Set(mine.map((run) => run.pair))].flatMap((pair) => {
    const a = mine.find((run) => run.pair === pair && run.side === 'a');
    const b = mine.find((run) => run.pair === pair && run.side === 'b');
    return a && b ? [{ a, b }] : [];
  });
  const sideOf = (side: Side) => {
    const of = mine.filter((run) => run.side === side);
    return Object.fromEntries(
      FIGURES.map((f) => [f, median(of.map((run) => run[f]))]),
    ) as PairSummary['sides'][Side];
  };
  const difference = Object.fromEntries(
    FIGURES.map((f) => [
      f,
      {
        median: median(pairs.map(({ a, b }) => b[f] - a[f])),
        bBetter: pairs.filter(({ a, b }) => (f === 'performance' ? b[f] > a[f] : b[f] < a[f])).length,
      },
    ]),
  ) as PairSummary['difference'];
  return { page, pairs: pairs.length, sides: { a: sideOf('a'), b: sideOf('b') }, difference };
}

/** One audit of `plan` on `base`, again (twice at most) when Lighthouse cannot finish it. */
async function auditRun(
  base: string,
  plan: LighthousePlan,
): Promise<Omit<PairRun, 'page' | 'pair' | 'side'>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const load = Number(os.loadavg()[0]!.toFixed(1));
    const lhr = await auditOnce(base, plan, undefined);
    if (!finishedRun(lhr)) continue;
    const n = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      tbtMs: n('total-blocking-time'),
      mainThreadMs: n('mainthread-work-breakdown'),
      lcpMs: n('largest-contentful-paint'),
      load,
    };
  }
  throw new Error(`lighthouse could not finish a run of ${plan.path} on ${base}`);
}

export async function benchLighthousePairs(
  bases: Record<Side, string>,
  {
    only,
    pairs = 5,
    say = () => undefined,
  }: { only: string[]; pairs?: number; say?: (line: string) => void },
): Promise<{ runs: PairRun[]; pages: PairSummary[] }> {
  const plans = {
    a: (await lighthousePlans(bases.a)).filter((plan) => only.includes(plan.name)),
    b: (await lighthousePlans(bases.b)).filter((plan) => only.includes(plan.name)),
  };
  const missing = only.filter(
    (name) => !plans.a.some((p) => p.name === name) || !plans.b.some((p) => p.name === name),
  );
  if (missing.length > 0) throw new Error(`no page named ${missing.join(', ')} on both products`);
  const runs: PairRun[] = [];
  for (const page of only) {
    for (let pair = 1; pair <= pairs; pair++) {
      for (const side of pair % 2 === 1 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
        const plan = plans[side].find((p) => p.name === page)!;
        const run = { page, pair, side, ...(await auditRun(bases[side], plan)) };
        say(JSON.stringify(run));
        runs.push(run);
      }
    }
  }
  return { runs, pages: only.map((page) => summarisePairs(page, runs)) };
}

/** The Markdown table of a sitting's pages. */
export function pairTable(pages: PairSummary[]): string {
  const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
  const lines = [
    '| page | pairs | performance a → b | TBT a → b (ms) | main thread a → b (ms) | LCP a → b (ms) | b − a, median (b better in) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const p of pages) {
    const { a, b } = p.sides;
    const d = p.difference;
    lines.push(
      `| ${p.page} | ${p.pairs} | ${a.performance} → ${b.performance} | ${a.tbtMs} → ${b.tbtMs} | ${a.mainThreadMs} → ${b.mainThreadMs} | ${a.lcpMs} → ${b.lcpMs} | performance ${signed(d.performance.median)} (${d.performance.bBetter}), TBT ${signed(d.tbtMs.median)} (${d.tbtMs.bBetter}), main thread ${signed(d.mainThreadMs.median)} (${d.mainThreadMs.bBetter}), LCP ${signed(d.lcpMs.median)} (${d.lcpMs.bBetter}) |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const a = cliArg('--a');
  const b = cliArg('--b');
  if (!a || !b) throw new Error('--a and --b: the two running products, http://127.0.0.1:<port> each');
  const only = (cliArg('--only') ?? 'product,course player').split(',').map((name) => name.trim());
  const pairs = Number(cliArg('--pairs') ?? 5);
  if (!Number.isInteger(pairs) || pairs < 1) throw new Error('--pairs: a whole number of pairs, 1 or more');
  const result = await benchLighthousePairs(
    { a, b },
    { only, pairs, say: (line) => process.stderr.write(`[lighthouse-pair] ${line}\n`) },
  );
  const json = cliArg('--json');
  if (json) writeFileSync(json, JSON.stringify(result, null, 2));
  process.stdout.write(`${pairTable(result.pages)}\n`);
}
