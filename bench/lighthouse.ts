/**
 * An outside auditor over every page a person opens: the npm `lighthouse` package driving system Chromium
 * (`--headless=new --no-sandbox --disable-gpu`, a fresh profile per run), Lighthouse's mobile defaults
 * (Moto G Power screen, simulated slow 4G, 4× CPU), median of 3 runs per page (by performance score; each
 * category's median reported). Signed-in pages start with what a sign-in in that tab leaves in
 * sessionStorage (web-kit's token and role hint), written into every document of the audited tab before
 * its scripts run (Lighthouse clears the origin's storage before it navigates; a new document is written
 * again). A second, desktop pass measures LCP at 1280×900 with the CPU 4× slower and no network throttling
 * (DevTools throttling, not simulated) for welcome, browse and admin. Every page's main-thread work and TBT are
 * also given as multiples of a blank page's main-thread work audited in the same run (YARDSTICK_TARGET), a
 * yardstick that holds on a slow machine too; the machine (CPU, cores, load) is named beside them.
 *
 * `npx tsx bench/lighthouse.ts [--base http://127.0.0.1:18181] [--runs 3] [--only welcome,browse] [--no-desktop]`
 * audits a running product (`npm start`); `npm run bench` runs it on the product it starts.
 * `--accessibility-only [--theme light,dark]` is the accessibility category alone, one run a page in each theme
 * (the choice web-kit's useThemeChoice keeps, which the gateway's head script puts on <html> before the first
 * paint): every page's score in each theme and the failing audits, with the elements they name.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTIFICATION_SETTINGS_PATH, NOTIFICATIONS_PATH } from '@catalyst/contracts/notification-terms';
import { THEME_ATTRIBUTE, THEME_STORAGE_KEY } from '@catalyst/web-kit/first-paint';
import { ROLE_HINT_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@catalyst/web-kit/session-keys';
import { LEARNING_TAB_STORAGE_KEY } from '../mfe-player/src/notes/learningTab';
import { mediaSettled } from '../scripts/lib/product';
import { signIn } from './backend';
import { singleVideoProduct } from './frontend';
import { loadLighthouse, type PuppeteerBrowser } from './lighthouse-package';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const PERFORMANCE_TARGET = 98;
const CATEGORY_TARGET = 100;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthousePlan {
  name: string;
  path: string;
  session?: { token: string; role: 'user' | 'admin' };
  /** More of what the person left in localStorage before (a remembered choice the page opens with). */
  local?: Record<string, string>;
  /** A page anyone opens without signing in. */
  public: boolean;
}

interface LighthousePage {
  name: string;
  page: string;
  public: boolean;
  /** Median of the runs, 0–100. */
  scores: Record<Category, number>;
  /** Of the median run (by performance): ms. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  runs: number[];
  /** Failing audits of the median run, largest weight or saving first: what Lighthouse names. */
  opportunities: string[];
  /** The median run's largest contentful paint, as the page reported it (see auditOnce). */
  lcpElement: string;
  /** The median run's main-thread work (Lighthouse's mainthread-work-breakdown), ms. */
  mainThreadMs: number;
  /** The median run against the blank page of the same run: a yardstick that holds on any machine. */
  yardstick?: Yardstick;
  pass: boolean;
}

/** A page's main-thread work and TBT as multiples of the blank page's main-thread work in the same run. */
interface Yardstick {
  mainThreadRatio: number;
  tbtRatio: number;
  /** Both within YARDSTICK_TARGET. */
  pass: boolean;
}

/** A page may cost at most 4× the blank page's main-thread work, and block for at most half of it. */
export const YARDSTICK_TARGET = { mainThreadRatio: 4, tbtRatio: 0.5 } as const;
/** The absolute figures (scores, ms) are judged on a machine whose blank page costs at most this much. */
export const CALIBRATED_BLANK_MAX_MS = 300;

const ratio = (value: number, of: number) => (of > 0 ? Math.round((value / of) * 100) / 100 : 0);

export function yardstickOf(page: { mainThreadMs: number; tbtMs: number }, blankMs: number): Yardstick {
  const mainThreadRatio = ratio(page.mainThreadMs, blankMs);
  const tbtRatio = ratio(page.tbtMs, blankMs);
  return {
    mainThreadRatio,
    tbtRatio,
    pass:
      blankMs > 0 &&
      mainThreadRatio <= YARDSTICK_TARGET.mainThreadRatio &&
      tbtRatio <= YARDSTICK_TARGET.tbtRatio,
  };
}

interface DesktopLcp {
  name: string;
  page: string;
  lcp: number;
  runs: number[];
  lcpElement: string;
}

interface LhResult {
  /** The page's own word on its largest contentful paint (see auditOnce); not part of Lighthouse's report. */
  lcpElement?: string;
  /** The theme on the audited page's <html> at the end of the run (THEME_ATTRIBUTE; none: the system's). */
  shownTheme?: string | null;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      metricSavings?: Record<string, number>;
      details?: { type?: string; overallSavingsMs?: number; items?: Array<Record<string, unknown>> };
    }
  >;
}

/** Whether Lighthouse finished a run: no runtime error and a performance score (else the run is run again). */
export const finishedRun = (lhr: LhResult): boolean =>
  !lhr.runtimeError && lhr.categories.performance.score !== null;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** What the learning tools keep when a learner picks their Transcript tab (mfe-player's NotesPanel). */
const TRANSCRIPT_TAB = { [LEARNING_TAB_STORAGE_KEY]: 'transcript' };

/** The pages a person opens, with the ids they need read from the running product. */
export async function lighthousePlans(baseUrl: string): Promise<LighthousePlan[]> {
  const get = async <T>(p: string, token?: string): Promise<T> => {
    const res = await fetch(new URL(`/api/v1${p}`, baseUrl), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) throw new Error(`GET ${p} answered ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  const [learner, member, admin] = [
    await signIn(baseUrl, 'learner'),
    await signIn(baseUrl, 'member'),
    await signIn(baseUrl, 'admin'),
  ];
  const { items: categories } = await get<{ items: Array<{ slug: string; _id: string }> }>(
    '/content/categories',
  );
  const category = categories[0];
  if (!category) throw new Error('no category listed');
  const creatorList = await get<Array<{ _id: string }>>(
    `/users/premium/categories/${category.slug}/creators`,
    member,
  );
  const { productId } = await singleVideoProduct(baseUrl);
  // A course: the first listed product with lessons, opened at its first lesson.
  const listed = await get<{
    items: Array<{ productId: string; slug: string; creator?: { slug: string } | null }>;
  }>('/content/products?limit=50');
  // the first listed course's creator: their public page, where a learner follows them
  const creatorSlug = listed.items.find((item) => item.creator)?.creator?.slug;
  let coursePath: string | undefined;
  let coursePage: string | undefined;
  for (const item of listed.items) {
    const outline = await get<{ lessonCount: number; sections: Array<{ lessons: Array<{ id: string }> }> }>(
      `/content/products/${item.slug}/curriculum`,
    );
    const first = outline.sections.flatMap((s) => s.lessons)[0];
    if (outline.lessonCount > 0 && first) {
      coursePath = `/browse/premium/product/${item.productId}/lesson/${first.id}`;
      // the same course's public page, as a visitor (and a search engine) opens it
      coursePage = `/courses/${encodeURIComponent(item.slug)}`;
      break;
    }
  }
  // The member's certificate (issued on their first read of their certificates).
  const certificates = await get<Array<{ code: string }>>('/certificates', member);
  const asLearner = { token: learner, role: 'user' as const };
  const asMember = { token: member, role: 'user' as const };
  const asAdmin = { token: admin, role: 'admin' as const };
  const plans: LighthousePlan[] = [
    { name: 'welcome', path: '/', public: true },
    ...(coursePage ? [{ name: 'course page', path: coursePage, public: true }] : []),
    // /about is a signed-in page (a visitor is asked to sign in); the legal pages are the footer's addresses.
    { name: 'about', path: '/about', session: asMember, public: false },
    { name: 'privacy', path: '/privacy-policy', public: true },
    { name: 'terms', path: '/terms-and-conditions', public: true },
    ...(creatorSlug
      ? [{ name: 'creator page', path: `/creators/${encodeURIComponent(creatorSlug)}`, public: true }]
      : []),
    { name: 'browse', path: '/browse', session: asLearner, public: false },
    { name: 'search', path: '/search?q=design', session: asLearner, public: false },
    { name: 'category', path: `/browse/category/${category.slug}`, session: asMember, public: false },
    ...(creatorList[0]
      ? [
          {
            name: 'creator library',
            path: `/browse/category/${category.slug}/creator/${creatorList[0]._id}`,
            session: asMember,
            public: false,
          },
        ]
      : []),
    { name: 'product', path: `/browse/premium/product/${productId}`, session: asMember, public: false },
    ...(coursePath ? [{ name: 'course player', path: coursePath, session: asMember, public: false }] : []),
    // The same two with the learning tools' Transcript tab chosen last time: its lines, loaded, are audited too.
    {
      name: 'product (transcript)',
      path: `/browse/premium/product/${productId}`,
      session: asMember,
      local: TRANSCRIPT_TAB,
      public: false,
    },
    ...(coursePath
      ? [
          {
            name: 'course player (transcript)',
            path: coursePath,
            session: asMember,
            local: TRANSCRIPT_TAB,
            public: false,
          },
        ]
      : []),
    { name: 'subscription', path: '/subscription', session: asMember, public: false },
    { name: 'profile', path: '/profile', session: asMember, public: false },
    { name: 'learning record', path: '/learning', session: asMember, public: false },
    { name: 'notifications', path: NOTIFICATIONS_PATH, session: asMember, public: false },
    { name: 'notification settings', path: NOTIFICATION_SETTINGS_PATH, session: asMember, public: false },
    ...(certificates[0]
      ? [{ name: 'certificate', path: `/certificates/${certificates[0].code}`, public: true }]
      : []),
    { name: 'admin', path: '/admin', session: asAdmin, public: false },
    { name: 'admin products', path: '/admin/products', session: asAdmin, public: false },
    { name: 'admin categories', path: '/admin/categories', session: asAdmin, public: false },
    { name: 'admin creators', path: '/admin/creators', session: asAdmin, public: false },
    { name: 'admin certificates', path: '/admin/certificates', session: asAdmin, public: false },
  ];
  return plans;
}

async function launch(dir: string): Promise<PuppeteerBrowser> {
  const { puppeteer } = await loadLighthouse();
  return puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    userDataDir: dir,
    args: CHROME_FLAGS,
    defaultViewport: null,
  });
}

const LCP_KEY = '__benchLargestContentfulPaint';

/** One Lighthouse run in a fresh profile; a signed-in plan's session is written into every document of the tab. */
/** What the person left in the tab (sessionStorage: `kept`) and the browser (localStorage) before opening the page. */
export function storageOf(plan: LighthousePlan): {
  kept: Record<string, string>;
  local: Record<string, string>;
} {
  return {
    kept: plan.session
      ? { [TOKEN_STORAGE_KEY]: plan.session.token, [ROLE_HINT_STORAGE_KEY]: plan.session.role }
      : {},
    // A signed-in person has answered the cookie banner already; a newcomer on a public page sees it.
    local: { ...(plan.session ? { cookieConsent: 'essential' } : {}), ...plan.local },
  };
}

export async function auditOnce(
  baseUrl: string,
  plan: LighthousePlan,
  config: object | undefined,
  flags: object = {},
): Promise<LhResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-lh-'));
  const browser = await launch(dir);
  try {
    const page = await browser.newPage();
    const origin = new URL(baseUrl).origin;
    const { kept, local } = storageOf(plan);
    await page.evaluateOnNewDocument(
      (o: string, s: Record<string, string>, l: Record<string, string>, key: string) => {
        if (location.origin !== o) return;
        for (const [k, v] of Object.entries(s)) sessionStorage.setItem(k, v);
        for (const [k, v] of Object.entries(l)) localStorage.setItem(k, v);
        // The largest contentful paint's element, as the page saw it: Lighthouse 12's own audit of it fails
        // on this Chromium ("RootCauses … frame_sequence") and names nothing.
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as
            (PerformanceEntry & { element?: Element | null; size?: number }) | undefined;
          const element = entry?.element;
          if (!entry || !element) return;
          // production class names are hashes: the tag and the start of its text say which element it is
          const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
          (window as unknown as Record<string, string>)[key] =
            `${element.tagName.toLowerCase()}${text ? ` "${text}"` : ''}, ${entry.size ?? 0} px²`;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      },
      origin,
      kept,
      local,
      LCP_KEY,
    );
    const { lighthouse } = await loadLighthouse();
    const result = await lighthouse(
      new URL(plan.path, baseUrl).toString(),
      { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES], ...flags },
      config,
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${plan.path}`);
    const lcpElement = await page
      .evaluate(
        (key: string) => (window as unknown as Record<string, string | undefined>)[key] ?? '',
        LCP_KEY,
      )
      .catch(() => '');
    const shownTheme = await page
      .evaluate((attribute: string) => document.documentElement.getAttribute(attribute), THEME_ATTRIBUTE)
      .catch(() => null);
    // LIGHTHOUSE_SAVE_DIR keeps every run's full report (open it in the Lighthouse viewer to dig in).
    const keep = process.env.LIGHTHOUSE_SAVE_DIR;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      writeFileSync(
        path.join(keep, `${plan.name.replace(/\W+/g, '-')}-${Date.now()}.json`),
        JSON.stringify(result.lhr),
      );
    }
    return { ...(result.lhr as unknown as LhResult), lcpElement, shownTheme };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The failing audits Lighthouse names, the largest (savings in ms, else category weight) first. */
function opportunitiesOf(lhr: LhResult): string[] {
  const weights = new Map<string, number>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category].auditRefs)
      if (ref.weight > 0) weights.set(ref.id, Math.max(weights.get(ref.id) ?? 0, ref.weight));
  }
  // The metrics themselves are what is judged, not what to do: name the audits behind them.
  const metrics = new Set([
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
    'interactive',
    'max-potential-fid',
  ]);
  const savings = (a: LhResult['audits'][string]) =>
    a.details?.overallSavingsMs ??
    Object.entries(a.metricSavings ?? {}).reduce((sum, [k, v]) => sum + (k === 'CLS' ? v * 1000 : v), 0);
  const failing = Object.values(lhr.audits).filter(
    (a) =>
      !metrics.has(a.id) &&
      a.score !== null &&
      a.score < 0.9 &&
      ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode) &&
      (weights.has(a.id) || savings(a) > 0),
  );
  const rank = (a: (typeof failing)[number]) =>
    savings(a) * 10 + (weights.get(a.id) ?? 0) * (1 - (a.score ?? 0)) * 100;
  return failing
    .sort((a, b) => rank(b) - rank(a))
    .slice(0, 3)
    .map(
      (a) =>
        `${a.title}${a.displayValue ? ` (${a.displayValue})` : savings(a) ? ` (${Math.round(savings(a))} ms)` : ''}`,
    );
}

const score = (lhr: LhResult, c: Category) => Math.round((lhr.categories[c].score ?? 0) * 100);

async function auditPage(baseUrl: string, plan: LighthousePlan, runs = 3): Promise<LighthousePage> {
  const results: LhResult[] = [];
  // A run Lighthouse could not finish (a runtime error, no score: the machine too busy to paint in time) is
  // run again, twice at most, rather than counted as 0.
  for (let attempts = 0; results.length < runs && attempts < runs + 2; attempts++) {
    const lhr = await auditOnce(baseUrl, plan, undefined);
    if (finishedRun(lhr)) results.push(lhr);
  }
  if (results.length === 0) throw new Error(`lighthouse could not finish a run of ${plan.path}`);
  const byPerformance = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const mid = byPerformance[Math.floor(byPerformance.length / 2)];
  if (!mid) throw new Error('no runs');
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(results.map((r) => score(r, c)))]),
  ) as Record<Category, number>;
  const n = (id: string) => Math.round(mid.audits[id]?.numericValue ?? 0);
  const pass =
    scores.performance >= PERFORMANCE_TARGET &&
    scores.accessibility >= CATEGORY_TARGET &&
    scores['best-practices'] >= CATEGORY_TARGET &&
    scores.seo >= CATEGORY_TARGET;
  return {
    name: plan.name,
    page: plan.path,
    public: plan.public,
    scores,
    metrics: {
      fcp: n('first-contentful-paint'),
      lcp: n('largest-contentful-paint'),
      tbt: n('total-blocking-time'),
      cls: Math.round((mid.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      si: n('speed-index'),
    },
    runs: results.map((r) => score(r, 'performance')),
    opportunities: pass ? [] : opportunitiesOf(mid),
    lcpElement: mid.lcpElement ?? '',
    mainThreadMs: n('mainthread-work-breakdown'),
    pass,
  };
}

/** 1280×900, CPU 4× slower, no network throttling (applied by DevTools, not simulated): LCP only. */
const DESKTOP_CONFIG = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1280, height: 900, deviceScaleFactor: 1, disabled: false },
    throttlingMethod: 'devtools',
    throttling: {
      rttMs: 0,
      throughputKbps: 0,
      requestLatencyMs: 0,
      downloadThroughputKbps: 0,
      uploadThroughputKbps: 0,
      cpuSlowdownMultiplier: 4,
    },
  },
};

async function desktopLcp(baseUrl: string, plan: LighthousePlan, runs = 3): Promise<DesktopLcp> {
  const values: number[] = [];
  let element = '';
  for (let attempts = 0; values.length < runs && attempts < runs + 2; attempts++) {
    const lhr = await auditOnce(baseUrl, plan, DESKTOP_CONFIG, { onlyCategories: ['performance'] });
    const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
    if (lhr.runtimeError || lcp === 0) continue;
    values.push(lcp);
    element = lhr.lcpElement || element;
  }
  return { name: plan.name, page: plan.path, lcp: median(values), runs: values, lcpElement: element };
}

/**
 * What this machine's Chromium spends on a page with nothing in it (Lighthouse's main-thread work, median of the
 * runs) and Lighthouse's own CPU benchmark. Scores from two machines compare only next to these: a machine whose
 * system calls are slow makes every page's main thread slower (bench/README.md, sixteenth round), and the
 * benchmark index, a JavaScript loop, does not see it.
 */
interface LighthouseCalibration {
  blankPageMainThreadMs: number;
  runs: number[];
  benchmarkIndex: number;
  machine: Machine;
}

/** Which machine the figures came from: its CPU, and how busy it was when the blank page was audited. */
interface Machine {
  cpu: string;
  cores: number;
  loadAverage: number;
}

const thisMachine = (): Machine => ({
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
  cores: os.availableParallelism(),
  loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
});

/** The machine and its calibration in one line: what every figure of the run is read beside. */
export const machineLine = (c: LighthouseCalibration) =>
  `${c.machine.cpu}, ${c.machine.cores} cores, load average ${c.machine.loadAverage}; a blank page's main-thread work ${c.blankPageMainThreadMs} ms (runs ${c.runs.join(', ')}), Lighthouse benchmark index ${c.benchmarkIndex}` +
  (c.blankPageMainThreadMs <= CALIBRATED_BLANK_MAX_MS
    ? ` (calibrated: ≤ ${CALIBRATED_BLANK_MAX_MS} ms)`
    : ` (slower than the calibration's ${CALIBRATED_BLANK_MAX_MS} ms: judge the pages by their ratios)`);

const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Blank</title>' +
  '<meta name="description" content="A page with nothing to load"></head><body><h1>Blank</h1><p>Nothing to load.</p></body></html>';

async function calibrate(runs = 3): Promise<LighthouseCalibration> {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BLANK_PAGE),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const work: number[] = [];
    const index: number[] = [];
    const machine = thisMachine();
    for (let i = 0; i < runs; i++) {
      const lhr = await auditOnce(base, { name: 'blank', path: '/', public: true }, undefined, {
        onlyCategories: ['performance'],
      });
      work.push(Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0));
      index.push(Math.round(lhr.environment?.benchmarkIndex ?? 0));
    }
    return { blankPageMainThreadMs: median(work), runs: work, benchmarkIndex: median(index), machine };
  } finally {
    server.close();
  }
}

export interface LighthouseResult {
  calibration?: LighthouseCalibration;
  pages: LighthousePage[];
  desktop: DesktopLcp[];
}

export const DESKTOP_LCP_TARGET_MS = 1200;
const DESKTOP_PAGES = ['welcome', 'browse', 'admin'];

export async function benchLighthouse(
  baseUrl: string,
  options: { runs?: number; only?: string[]; desktop?: boolean; say?: (line: string) => void } = {},
): Promise<LighthouseResult> {
  const say = options.say ?? (() => undefined);
  const plans = (await lighthousePlans(baseUrl)).filter(
    (p) => !options.only || options.only.includes(p.name),
  );
  const calibration = await calibrate(options.runs ?? 3);
  say(`lighthouse calibration: ${machineLine(calibration)}`);
  const pages: LighthousePage[] = [];
  for (const plan of plans) {
    const audited = await auditPage(baseUrl, plan, options.runs ?? 3);
    const yardstick = yardstickOf(
      { mainThreadMs: audited.mainThreadMs, tbtMs: audited.metrics.tbt },
      calibration.blankPageMainThreadMs,
    );
    const page = { ...audited, yardstick };
    say(
      `lighthouse ${plan.name} (${plan.path}): perf ${page.scores.performance} [${page.runs.join(', ')}], a11y ${page.scores.accessibility}, BP ${page.scores['best-practices']}, SEO ${page.scores.seo}; LCP ${page.metrics.lcp} ms (${page.lcpElement || '?'}), TBT ${page.metrics.tbt} ms; main thread ${page.mainThreadMs} ms = ${yardstick.mainThreadRatio}× blank, TBT ${yardstick.tbtRatio}× blank${yardstick.pass ? '' : ' (MISS)'}${page.opportunities.length ? `; ${page.opportunities[0]}` : ''}`,
    );
    pages.push(page);
  }
  const desktop: DesktopLcp[] = [];
  if (options.desktop !== false) {
    for (const plan of plans.filter((p) => DESKTOP_PAGES.includes(p.name))) {
      const d = await desktopLcp(baseUrl, plan, options.runs ?? 3);
      say(`lighthouse desktop ${plan.name}: LCP ${d.lcp} ms [${d.runs.join(', ')}] (${d.lcpElement})`);
      desktop.push(d);
    }
  }
  return { calibration, pages, desktop };
}

/** The Markdown table of a run. */
export function lighthouseTable(result: LighthouseResult): string {
  const c = result.calibration;
  const lines = c ? [`Machine: ${machineLine(c)}.`, ''] : [];
  const { mainThreadRatio, tbtRatio } = YARDSTICK_TARGET;
  lines.push(
    `| page | perf | a11y | BP | SEO | LCP ms | LCP element | TBT ms | CLS | main thread ms | main thread ÷ blank (≤ ${mainThreadRatio}) | TBT ÷ blank (≤ ${tbtRatio}) | top opportunity (below target) |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const judged = (value: number | undefined, target: number) =>
    value === undefined ? '—' : value <= target ? `${value}×` : `**${value}× MISS**`;
  for (const p of result.pages) {
    lines.push(
      `| ${p.name} | ${p.scores.performance} | ${p.scores.accessibility} | ${p.scores['best-practices']} | ${p.scores.seo} | ${p.metrics.lcp} | ${p.lcpElement ? `\`${p.lcpElement}\`` : '—'} | ${p.metrics.tbt} | ${p.metrics.cls} | ${p.mainThreadMs} | ${judged(p.yardstick?.mainThreadRatio, mainThreadRatio)} | ${judged(p.yardstick?.tbtRatio, tbtRatio)} | ${p.opportunities[0] ?? '—'} |`,
    );
  }
  if (result.desktop.length) {
    lines.push(
      '',
      '| page (1280×900, 4× CPU, no network throttling) | LCP ms (median) | runs | LCP element |',
      '|---|---|---|---|',
    );
    for (const d of result.desktop)
      lines.push(`| ${d.name} | ${d.lcp} | ${d.runs.join(', ')} | \`${d.lcpElement}\` |`);
  }
  return lines.join('\n');
}

/** The value after `name` on the command line, if given. */
export function cliArg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** `--base`: the running product the audits open (required). */
export function cliBase(): string {
  const base = cliArg('--base');
  if (!base) throw new Error('--base http://127.0.0.1:<port> of a running product (npm start)');
  return base;
}

/** The themes a person chooses between on the page itself (web-kit's THEME_CHOICES without the system's). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A plan opened with a theme kept in the browser, as the profile's Appearance setting keeps it. */
export const withTheme = (plan: LighthousePlan, theme: Theme): LighthousePlan => ({
  ...plan,
  local: { ...plan.local, [THEME_STORAGE_KEY]: theme },
});

/** One page's accessibility score in each theme, and the audits that failed there. */
interface AccessibilityRow {
  name: string;
  page: string;
  scores: Partial<Record<Theme, number>>;
  /** Per theme: each failing audit's id, then the elements it names (their text and Lighthouse's reason). */
  failing: Partial<Record<Theme, Array<{ id: string; elements: string[] }>>>;
}

export interface AccessibilityResult {
  themes: Theme[];
  rows: AccessibilityRow[];
}

/**
 * The scored accessibility audits of a run that did not pass, with what each names (a contrast's colours and
 * ratio). Lighthouse's unscored ones (weight 0, such as label-content-name-mismatch) are left out.
 */
function failingAccessibility(lhr: LhResult): Array<{ id: string; elements: string[] }> {
  return lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is LhResult['audits'][string] => a !== undefined && a.score !== null && a.score < 1)
    .map((a) => ({
      id: a.id,
      elements: (a.details?.items ?? []).map((item) => {
        const node = item.node as { nodeLabel?: string; selector?: string; explanation?: string } | undefined;
        const reason = node?.explanation?.split('\n').find((line) => /contrast|ratio|color/i.test(line));
        const label = (node?.nodeLabel ?? node?.selector ?? '?').replace(/\s+/g, ' ').slice(0, 60);
        return `${label}${reason ? ` (${reason.trim()})` : ''}`;
      }),
    }));
}

/**
 * The accessibility category alone over every page, one run a page in each theme (the category does not move
 * with the machine's load: one run decides it). Each Lighthouse run is a fresh profile, so the theme is in the
 * browser's storage before the page's first byte, as it is for a person who chose it.
 */
export async function benchAccessibility(
  baseUrl: string,
  options: { themes?: Theme[]; only?: string[]; say?: (line: string) => void } = {},
): Promise<AccessibilityResult> {
  const say = options.say ?? (() => undefined);
  const themes = options.themes ?? [...THEMES];
  const plans = (await lighthousePlans(baseUrl)).filter(
    (p) => !options.only || options.only.includes(p.name),
  );
  const rows: AccessibilityRow[] = [];
  for (const plan of plans) {
    const row: AccessibilityRow = { name: plan.name, page: plan.path, scores: {}, failing: {} };
    for (const theme of themes) {
      // a run Lighthouse could not finish is run again, twice at most
      let lhr: LhResult | undefined;
      for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++)
        lhr = await auditOnce(baseUrl, withTheme(plan, theme), undefined, {
          onlyCategories: ['accessibility'],
        });
      if (!lhr || lhr.runtimeError) throw new Error(`lighthouse could not finish ${plan.path} (${theme})`);
      // a pass that never showed the theme would score the other one: the head script puts it on before paint
      if (lhr.shownTheme !== theme)
        throw new Error(
          `${plan.path} showed theme ${lhr.shownTheme ?? 'none'}, not ${theme}: does the gateway serve the shell's first paint (first-paint.json beside its index.html), whose head script applies the kept theme?`,
        );
      row.scores[theme] = score(lhr, 'accessibility');
      row.failing[theme] = failingAccessibility(lhr);
      say(
        `accessibility ${plan.name} (${plan.path}), ${theme}: ${row.scores[theme]}${row.failing[theme].map((f) => `\n  ${f.id}: ${f.elements.join('; ') || '(no element named)'}`).join('')}`,
      );
    }
    rows.push(row);
  }
  return { themes, rows };
}

/** The Markdown table of an accessibility pass: each page's score in each theme, the failing audits' ids. */
export function accessibilityTable(result: AccessibilityResult): string {
  const lines = [
    `| page | ${result.themes.map((t) => `${t} a11y`).join(' | ')} | failing audits |`,
    `|---|${result.themes.map(() => '---|').join('')}---|`,
  ];
  for (const row of result.rows) {
    const failing = result.themes.flatMap((t) => (row.failing[t] ?? []).map((f) => `${f.id} (${t})`));
    lines.push(
      `| ${row.name} | ${result.themes.map((t) => String(row.scores[t] ?? '—')).join(' | ')} | ${failing.join(', ') || '—'} |`,
    );
  }
  return lines.join('\n');
}

/** `--theme light,dark`: the themes an accessibility pass opens each page in (both unless given). */
function cliThemes(): Theme[] {
  const given = cliArg('--theme')?.split(',') ?? [...THEMES];
  const unknown = given.filter((t) => !(THEMES as readonly string[]).includes(t));
  if (unknown.length > 0)
    throw new Error(`--theme takes ${THEMES.join(', ')} (comma-separated), not ${unknown.join(', ')}`);
  return given as Theme[];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = cliBase();
  if (cliArg('--theme') && !process.argv.includes('--accessibility-only'))
    throw new Error(
      '--theme goes with --accessibility-only (the full pass audits the theme a new browser shows)',
    );
  const say = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`);
  // A product just started is still transcoding its demo videos: audit once that is done.
  const { waitedMs, processed } = await mediaSettled(base);
  if (processed > 0)
    say(`waited ${(waitedMs / 1000).toFixed(1)} s for the media worker (${processed} asset(s) processing)`);
  if (process.argv.includes('--accessibility-only')) {
    const result = await benchAccessibility(base, {
      themes: cliThemes(),
      only: cliArg('--only')?.split(','),
      say,
    });
    process.stdout.write(`${accessibilityTable(result)}\n`);
    const out = cliArg('--json');
    if (out) writeFileSync(out, JSON.stringify(result, null, 2));
    process.exit(
      result.rows.every((r) => result.themes.every((t) => r.scores[t] === CATEGORY_TARGET)) ? 0 : 1,
    );
  }
  const result = await benchLighthouse(base, {
    runs: Number(cliArg('--runs') ?? 3),
    only: cliArg('--only')?.split(','),
    desktop: !process.argv.includes('--no-desktop'),
    say,
  });
  process.stdout.write(`${lighthouseTable(result)}\n`);
  const out = cliArg('--json');
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
