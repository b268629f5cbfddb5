/**
 * Where a page's main-thread time goes, in one browser's own terms: Chromium (playwright-core) at Lighthouse's
 * phone size (412×823) with the CPU 4× slower (DevTools' throttling), the V8 sampling profiler over the load
 * and six quiet seconds after it, and React's commits counted through the hook React DevTools would fill (a
 * production build tells it every commit). The same signed-in pages as bench/lighthouse.ts, with what a
 * sign-in left in the tab. Per page: the median run's busy time (everything but idle), its JavaScript and the
 * browser's own work ("program": parsing, style, layout, paint), the requests, the commits; then that run's
 * scripts by self time and each commit with the components that caused it (their state changed, their props
 * did not). Lighthouse's simulated figures (bench/lighthouse.ts) are the yardstick; this says why.
 *
 * `npx tsx bench/page-profile.ts --base http://127.0.0.1:18181 [--only "course player,product"] [--runs 5]
 * [--out /tmp/catalyst-page-profiles]` against a running product (`npm start`); the median run's
 * .cpuprofile stays in --out (open it in Chrome DevTools → Performance).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROME_FLAGS,
  CHROME_PATH,
  cliArg,
  cliBase,
  lighthousePlans,
  storageOf,
  type LighthousePlan,
} from './lighthouse';

const CPU_SLOWDOWN = 4;
const QUIET_MS = 6_000;

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** One React commit: when (ms since navigation), and the components whose own state made it. */
interface Commit {
  at: number;
  causes: string[];
  /** Function components this commit rendered. */
  rendered: number;
}

interface Run {
  busyMs: number;
  scriptMs: number;
  programMs: number;
  requests: number;
  commits: Commit[];
  byScript: Array<[string, number]>;
  profile: CpuProfile;
}

/**
 * Stands where React DevTools' hook would: React calls it on every commit. A cause is a component whose state
 * changed while its props did not (it rendered for itself, not because its parent did), named by its
 * (minified) name and the first element it renders.
 */
const COMMIT_HOOK = `(() => {
  const commits = [];
  window.__pageProfileCommits = commits;
  const describe = (fiber) => {
    let host = fiber.child;
    while (host && typeof host.type !== 'string') host = host.child;
    const props = host ? host.memoizedProps || {} : {};
    const label = props['data-testid'] || props['aria-label'] || props.className || '';
    return (fiber.type.displayName || fiber.type.name || '?') + (host ? ' > ' + host.type + (label ? ' ' + String(label).slice(0, 40) : '') : '');
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      // Only the fibers this commit rendered: a subtree it skipped keeps its fibers of an earlier commit, whose
      // alternates are older still (their state would look changed). A parent that rendered but kept its
      // children keeps the same child fiber as before.
      const causes = [];
      let rendered = 0;
      const stack = [[root.current.child, root.current.alternate === null || root.current.child !== root.current.alternate.child]];
      while (stack.length) {
        const [fiber, fresh] = stack.pop();
        if (!fiber) continue;
        stack.push([fiber.sibling, fresh]);
        if (!fresh) continue;
        const before = fiber.alternate;
        if (typeof fiber.type === 'function' && (!before || fiber.memoizedProps !== before.memoizedProps || fiber.memoizedState !== before.memoizedState)) rendered++;
        if (before && typeof fiber.type === 'function' && fiber.memoizedProps === before.memoizedProps && fiber.memoizedState !== before.memoizedState)
          causes.push(describe(fiber));
        stack.push([fiber.child, !before || fiber.child !== before.child]);
      }
      commits.push({ at: Math.round(performance.now()), causes, rendered });
    },
  };
})();`;

/** Self time by script (file name; the browser's own work under its V8 names: "(program)", "(garbage collector)"). */
function selfTimeByScript(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const script = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : frame.functionName;
    totals.set(script, (totals.get(script) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return totals;
}

async function profileOnce(browser: Browser, base: string, plan: LighthousePlan): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const { kept, local } = storageOf(plan);
    const origin = new URL(base).origin;
    await context.addInitScript(
      ({ o, s, l }) => {
        if (location.origin !== o) return;
        for (const [k, v] of Object.entries(s)) sessionStorage.setItem(k, v);
        for (const [k, v] of Object.entries(l)) localStorage.setItem(k, v);
      },
      { o: origin, s: kept, l: local },
    );
    await context.addInitScript(COMMIT_HOOK);
    const page = await context.newPage();
    let requests = 0;
    page.on('request', () => void requests++);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(new URL(plan.path, base).toString(), { waitUntil: 'load' });
    await page.waitForTimeout(QUIET_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const commits = await page.evaluate(
      () => (window as unknown as { __pageProfileCommits: Commit[] }).__pageProfileCommits,
    );
    const byScript = selfTimeByScript(profile);
    const idle = byScript.get('(idle)') ?? 0;
    const programMs = byScript.get('(program)') ?? 0;
    const busyMs = [...byScript.values()].reduce((sum, ms) => sum + ms, 0) - idle;
    byScript.delete('(idle)');
    return {
      busyMs,
      programMs,
      scriptMs: busyMs - programMs,
      requests,
      commits,
      byScript: [...byScript].sort((a, b) => b[1] - a[1]),
      profile,
    };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = cliBase();
  const runs = Number(cliArg('--runs') ?? 5);
  const only = (cliArg('--only') ?? 'course player,product').split(',');
  const out = cliArg('--out') ?? '/tmp/catalyst-page-profiles';
  mkdirSync(out, { recursive: true });
  const plans = (await lighthousePlans(base)).filter((plan) => only.includes(plan.name));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    for (const plan of plans) {
      const all: Run[] = [];
      for (let i = 0; i < runs; i++) all.push(await profileOnce(browser, base, plan));
      const sorted = [...all].sort((a, b) => a.busyMs - b.busyMs);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const file = path.join(out, `${plan.name.replace(/\W+/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(median.profile));
      console.log(
        `\n## ${plan.name} (${plan.path}): busy ${ms(median.busyMs)} (runs ${sorted.map((r) => Math.round(r.busyMs)).join(', ')}), ` +
          `JavaScript ${ms(median.scriptMs)}, browser ${ms(median.programMs)}; ${median.requests} requests; ` +
          `${median.commits.length} React commits (runs ${all.map((r) => r.commits.length).join(', ')}); profile ${file}`,
      );
      console.log('\nself time by script (median run):');
      for (const [script, value] of median.byScript.slice(0, 12))
        console.log(`  ${ms(value).padStart(7)}  ${script}`);
      console.log('\ncommits (ms since navigation: components rendered, what caused each):');
      for (const commit of median.commits)
        console.log(
          `  ${String(commit.at).padStart(5)}  ${String(commit.rendered).padStart(4)} rendered  ` +
            (commit.causes.slice(0, 4).join(' | ') || '(a root rendered, or a context changed)'),
        );
    }
  } finally {
    await browser.close();
  }
}
