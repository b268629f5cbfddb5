/** What every area of the security suite shares: the product under test, an HTTP helper, the database, results. */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import type {
  ApiError,
  CurriculumOutline,
  Lesson,
  ProductDetail,
  SessionResponse,
} from '@catalyst/contracts';
import type { ApiBody } from '../lib/api-body';

/** An answer; `body` is its JSON (undefined when it was not JSON), read as the API's shape with `data` of type D. */
export interface Res<D = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: ApiBody<D> | undefined;
}

export interface Failure {
  name: string;
  expected: string;
  seen: string;
}

/** The fixture personas: a creator is the demo creator (Maya Chen's account), a learner without a plan. */
export type Role = 'anonymous' | 'learner' | 'member' | 'creator' | 'admin';

export interface Fixtures {
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
  users: Record<Exclude<Role, 'anonymous'>, { id: string; email: string; password: string }>;
  /** A published premium (not free) product, its slug, category and creator. */
  product: { _id: string; slug: string; productId: string; categoryId: string; creatorId: string };
  categorySlug: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent byte for byte (no JSON encoding). */
  raw?: string | Buffer | FormData;
  headers?: Record<string, string>;
  /** Client address as the trusted proxy reports it (TRUST_PROXY=1); random when unset. */
  ip?: string;
  /** Base URL other than the gateway's API (a service port). */
  base?: string;
  /** An answer that may never end (an event stream): a 2xx is read up to its headers, then let go. */
  stream?: boolean;
}

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The one error shape: { success: false, message, errors?: [{ field, message }] } and nothing else. */
export function isErrorShape(body: unknown): body is ApiError {
  if (!body || typeof body !== 'object') return false;
  const { success, message, errors } = body as Record<string, unknown>;
  if (success !== false || typeof message !== 'string' || message === '') return false;
  if (Object.keys(body).some((k) => !['success', 'message', 'errors'].includes(k))) return false;
  if (errors === undefined) return true;
  return Array.isArray(errors) && errors.every(isFieldError);
}

const isFieldError = (e: unknown) =>
  !!e &&
  typeof e === 'object' &&
  typeof (e as Record<string, unknown>).field === 'string' &&
  typeof (e as Record<string, unknown>).message === 'string';

/** Text no error body may carry: stack frames, file paths, SQL and driver messages. */
const LEAK =
  /\bat [\w$.<>]+ \(|\bat file:|\.tsx?:\d+|node_modules|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|syntax error at or near|violates (unique|foreign key|check) constraint|relation "[^"]+"|column "[^"]+"|\bpg_|ECONNREFUSED|TypeError|ReferenceError|SyntaxError: /i;
export const leaksInternals = (text: string) => LEAK.test(text);

export class Suite {
  passed = 0;
  failures: Failure[] = [];
  /** Every error answer seen anywhere in the run, for the "no stack traces or SQL" check. */
  errorBodies: { where: string; text: string }[] = [];
  fixtures!: Fixtures;
  private area = '';

  constructor(
    readonly url: string,
    readonly runtime: { services: Record<string, number>; databaseUrl: string },
    readonly db: pg.Pool,
    /** The product's DATA_DIR: its outbox and the per-install secrets. */
    readonly dataDir: string,
    /** Every line the product logged (the suite runs it at LOG_LEVEL=info), for the log checks. */
    readonly logs: string[] = [],
  ) {}

  get api() {
    return `${this.url}/api/v1`;
  }

  serviceUrl(name: string) {
    return `http://127.0.0.1:${this.runtime.services[name]}`;
  }

  setArea(area: string) {
    this.area = area;
  }

  /** Records one case. */
  check(name: string, ok: boolean, expected: string, seen: string | (() => string)) {
    if (ok) {
      this.passed++;
      return true;
    }
    const failure = {
      name: `${this.area}: ${name}`,
      expected,
      seen: typeof seen === 'function' ? seen() : seen,
    };
    this.failures.push(failure);
    console.log(`FAIL ${failure.name}\n     expected: ${failure.expected}\n     seen:     ${failure.seen}`);
    return false;
  }

  /** Runs a case body; an exception is that case's failure. */
  async test(name: string, fn: () => Promise<void>) {
    try {
      await fn();
    } catch (error) {
      this.check(
        name,
        false,
        'the case to run',
        `it threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }

  async request<D = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<Res<D>> {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp(), ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.raw !== undefined) body = opts.raw as BodyInit;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = `${opts.base ?? this.api}${path}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 20_000);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { method, headers, body, redirect: 'manual', signal: controller.signal });
      if (opts.stream && res.status < 300) {
        controller.abort();
        return { status: res.status, headers: res.headers, text: '', body: undefined };
      }
      text = await res.text();
    } finally {
      clearTimeout(timer);
    }
    let parsed: ApiBody<D> | undefined;
    try {
      parsed = text ? (JSON.parse(text) as ApiBody<D>) : undefined;
    } catch {
      parsed = undefined;
    }
    if (res.status >= 400)
      this.errorBodies.push({ where: `${method} ${url.slice(0, 160)}`, text: text.slice(0, 4000) });
    return { status: res.status, headers: res.headers, text, body: parsed };
  }

  /**
   * A new account as a person makes one: register (the answer never carries a session, so it cannot tell
   * a taken address from a free one), then sign in with the same credentials.
   */
  async registerAccount(fields: {
    name?: string;
    email: string;
    password?: string;
    extra?: Record<string, unknown>;
  }) {
    const account = {
      name: fields.name ?? 'Security Tester',
      email: fields.email,
      password: fields.password ?? 'Secure-pass-1',
    };
    const reg = await this.request('POST', '/auth/register', { body: { ...account, ...fields.extra } });
    if (reg.status !== 201) throw new Error(`register failed: ${describe(reg)}`);
    const login = await this.request<SessionResponse>('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    if (login.status !== 200) throw new Error(`sign-in after register failed: ${describe(login)}`);
    const { user, token } = dataOf(login);
    return { ...account, id: user._id, token, user, registerAnswer: reg };
  }

  /** A 4xx in the one error shape. */
  expectClientError(name: string, res: Res, statuses?: number[]) {
    const ok =
      res.status >= 400 &&
      res.status < 500 &&
      (!statuses || statuses.includes(res.status)) &&
      isErrorShape(res.body);
    return this.check(name, ok, `${statuses ? statuses.join('/') : '4xx'} in the one error shape`, () =>
      describe(res),
    );
  }

  /** The SQL counting every table of every service schema in one statement (the tables, read once). */
  private countAllSql: Promise<string> | null = null;

  /**
   * Row count of every table of every service schema, in one round trip: bad input snapshots them before and
   * after each of its 6,000 requests, and a query a table (about a hundred) spent most of its minutes on those.
   */
  async rowCounts(): Promise<Map<string, number>> {
    this.countAllSql ??= this.db
      .query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
         where table_schema in ('auth','content','progress','billing','community') and table_type = 'BASE TABLE'
         and table_name not like 'kysely_%' order by 1, 2`,
      )
      .then(({ rows }) =>
        rows
          .map(
            ({ schema, name }) =>
              `select '${schema}.${name}' as t, count(*)::int as n from "${schema}"."${name}"`,
          )
          .join('\nunion all '),
      );
    // named: each connection of the pool plans it once
    const { rows } = await this.db.query<{ t: string; n: number }>({
      name: 'row-counts',
      text: await this.countAllSql,
    });
    return new Map(rows.map(({ t, n }) => [t, n]));
  }

  /** Row count of one table, named `schema.table`. */
  async rowCount(table: string): Promise<number> {
    const [schema, name] = table.split('.');
    const r = await this.db.query<{ n: string }>(`select count(*)::text as n from "${schema}"."${name}"`);
    return Number(r.rows[0]!.n);
  }
}

export const describe = (res: Res) => `${res.status} ${res.text.slice(0, 300).replace(/\s+/g, ' ')}`;

/** The `data` of an answer a step relies on; throws naming the answer when it carries none. */
export function dataOf<D>(res: Res<D>): D {
  const data = res.body?.data;
  if (data === undefined) throw new Error(`expected data in the answer: ${describe(res)}`);
  return data;
}

/**
 * What community's mail batch does on its own schedule (every NOTIFY_FLUSH_MS), whichever request is being checked:
 * it sends the replies an earlier write queued. No request makes these moves, so they are not its writes.
 */
const MAIL_BATCH_MOVES: Record<string, 'up' | 'down'> = {
  'community.notification_sends': 'up',
  'community.pending_notifications': 'down',
  // progress's analytics rollup deletes the watch events it has rolled up (only a save adds one)
  'progress.watch_events': 'down',
};

/**
 * Tables written only on a timer, whichever request is being checked: progress's co-watching refresh (soon after
 * start, then every CO_WATCHED_REFRESH_SECONDS) rewrites co_watched from all progress; its analytics rollup
 * (ANALYTICS_ROLLUP_SECONDS) the daily figures; community's creator news is fed by content's announcement timer
 * and emptied by community's mail jobs. No request writes them.
 */
const SCHEDULED_REBUILDS = new Set([
  'progress.co_watched',
  'progress.item_days',
  'progress.item_figures',
  'progress.lesson_figures',
  'progress.analytics_rollup_state',
  'community.creator_news_items',
  'community.creator_news',
]);

/**
 * A service's event consumers (service-kit's followEvents) each add their cursor row when they start following,
 * some a while after the product is up: a row added there is no request's write.
 */
const isConsumerCursorAdded = (table: string, was: number, n: number) =>
  table.endsWith('.event_cursors') && n > was;

/** Tables whose counts changed between two snapshots (the mail batch's and the scheduled rebuilds' moves left out). */
export function countChanges(before: Map<string, number>, after: Map<string, number>, ignore: string[] = []) {
  const changed: string[] = [];
  for (const [table, n] of after) {
    const was = before.get(table) ?? 0;
    if (
      ignore.includes(table) ||
      SCHEDULED_REBUILDS.has(table) ||
      n === was ||
      MAIL_BATCH_MOVES[table] === (n > was ? 'up' : 'down') ||
      isConsumerCursorAdded(table, was, n)
    )
      continue;
    changed.push(`${table} ${was}→${n}`);
  }
  return changed;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The media grant an answer hands its browser (`catalyst_media=<grant>`, for a Cookie header), or '' when
 * it hands none.
 */
export function mediaGrantOf(res: Res): string {
  for (const cookie of res.headers.getSetCookie()) {
    const pair = cookie.split(';')[0]!;
    if (/^catalyst_media=[^;]+$/.test(pair)) return pair;
  }
  return '';
}

/**
 * A demo lesson's stream as the member's product page gives it (waiting for the worker to publish it), with
 * the member's media grant that page handed (`cookie`, for a Cookie header): the stream plays only with it.
 */
export async function demoStream(
  suite: Suite,
  memberToken: string,
  slug: string,
): Promise<{ assetId: string; token: string; cookie: string }> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const res = await suite.request<ProductDetail>('GET', `/content/premium/products/${slug}`, {
      token: memberToken,
    });
    const url = res.body?.data?.stream?.url;
    if (url) {
      const parsed = new URL(url, 'http://x.invalid');
      return {
        assetId: parsed.pathname.split('/')[5]!,
        token: parsed.searchParams.get('token')!,
        cookie: mediaGrantOf(res),
      };
    }
    await sleep(500);
  }
  throw new Error(
    `access matrix: the demo product ${slug} has no stream after 90 s (is the media worker running?)`,
  );
}

/** A demo course (packages/demo/src/courses.ts) as content serves it: its product id and slug. */
export async function demoCourse(suite: Suite, slug: string): Promise<{ _id: string; slug: string }> {
  const res = await suite.request<CurriculumOutline>('GET', `/content/products/${slug}/curriculum`);
  if (res.status !== 200 || !res.body?.data?.sections?.length)
    throw new Error(`the demo course ${slug} has no curriculum: ${describe(res)}`);
  return { _id: res.body.data.productId, slug };
}

/**
 * A lesson resource's signed download link as the member's lesson answer gives it (the first lesson of
 * `slug` with resources): its asset, token and address under /api/v1, and the member's media grant that
 * answer handed (`cookie`): the link downloads only with it.
 */
export async function demoResource(
  suite: Suite,
  memberToken: string,
  slug: string,
  lessonId: string,
): Promise<{ assetId: string; token: string; path: string; fileName: string; cookie: string }> {
  const res = await suite.request<Lesson>('GET', `/content/products/${slug}/lessons/${lessonId}`, {
    token: memberToken,
  });
  const resource = res.body?.data?.resources?.[0];
  if (res.status !== 200 || !resource)
    throw new Error(`the member's lesson ${slug}/${lessonId} has no resource: ${describe(res)}`);
  const parsed = new URL(resource.url, 'http://x.invalid');
  return {
    assetId: parsed.pathname.split('/').pop()!,
    token: parsed.searchParams.get('token')!,
    path: `${parsed.pathname.replace(/^\/api\/v1/, '')}${parsed.search}`,
    fileName: resource.fileName,
    cookie: mediaGrantOf(res),
  };
}

/** The demo course the curriculum cases use (not the one the demo member is part-way through), by its lessons' keys. */
export const DEMO_COURSE = {
  slug: 'css-grid-layout-workshop',
  freeLesson: 'welcome',
  lockedLesson: 'first-grid',
  resourceLesson: 'vocabulary',
  otherResourceLesson: 'exercise',
} as const;

/** What a stored payload does when it runs: it leaves its name in window.__xss (and nothing else). */
export const xssMark = (name: string) => `window.__xss=(window.__xss||[]).concat('${name}')`;

/** What a page that rendered stored payloads shows: whether anything ran, and its text. */
export interface WatchedPage {
  /** Names the payloads that ran left in window.__xss (undefined: none ran). */
  xss: string[] | undefined;
  /** alert/confirm/prompt dialogs opened. */
  dialogs: string[];
  /** Content-Security-Policy violations attempted (zod's one eval probe aside). */
  violations: string[];
  /** Injected elements and handlers in the DOM: elements with on* handlers, javascript: links and frames, scripts inside the page's content. */
  injected: number;
  text: string;
}

/** What the watched page's init script and the payloads leave on its window. */
type WatchedWindow = Window & { __xss?: string[]; __violations?: string[] };

const INJECTED =
  'img[onerror], svg[onload], [onerror], [onload], [onclick], [onfocus], [onmouseover], [onanimationstart], iframe[src^="javascript" i], a[href^="javascript" i], area[href^="javascript" i], form[action^="javascript" i], main script, article script';

/**
 * Opens `path` in Chromium as the holder of `token` (none: a visitor) and checks that the stored markup it
 * renders stays text: no injected script ran (window.__xss, dialogs), no injected element or handler is in
 * the DOM, and no CSP violation was even attempted. `ready` waits for what the page must show first (a
 * remote loads after the page); the page's state is answered for the caller's own checks. The one "no script
 * runs in Chromium" check every area uses.
 */
export async function expectNoScriptRuns(
  suite: Suite,
  browser: Browser,
  {
    where,
    path,
    token,
    ready,
    act,
  }: {
    where: string;
    path: string;
    token?: string;
    ready?: (page: Page) => Promise<unknown>;
    act?: (page: Page) => Promise<unknown>;
  },
): Promise<WatchedPage> {
  const context = await browser.newContext();
  try {
    await context.addInitScript((t) => {
      if (t) sessionStorage.setItem('token', t);
      localStorage.setItem('cookieConsent', 'essential');
      const watched = window as WatchedWindow;
      watched.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        watched.__violations!.push(
          `${e.violatedDirective} blocked=${e.blockedURI} source=${e.sourceFile}:${e.lineNumber} sample=${e.sample}`,
        ),
      );
    }, token ?? '');
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${suite.url}${path}`, { waitUntil: 'load' });
    const readyError = ready
      ? await ready(page).then(
          () => undefined,
          (error: unknown) => String(error instanceof Error ? error.message.split('\n')[0] : error),
        )
      : undefined;
    if (act && !readyError) await act(page);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(500);
    const state = await page.evaluate(
      (selector) => ({
        xss: (window as WatchedWindow).__xss,
        // zod probes for eval support with Function('') once (caught); only other violations can be injected content.
        violations: (window as WatchedWindow).__violations!.filter((v) => !v.includes('blocked=eval')),
        injected: document.querySelectorAll(selector).length,
        text: document.body.innerText,
      }),
      INJECTED,
    );
    const watched: WatchedPage = { ...state, dialogs };
    if (ready)
      suite.check(
        `${where}: the page shows what it stores`,
        readyError === undefined,
        'the stored texts rendered',
        () => `${readyError} — page text: ${state.text.slice(0, 300).replace(/\s+/g, ' ')}`,
      );
    suite.check(
      `${where}: no injected script ran`,
      !watched.xss && dialogs.length === 0,
      'window.__xss unset, no dialogs',
      JSON.stringify({ xss: watched.xss, dialogs }),
    );
    suite.check(
      `${where}: no injected element or handler in the DOM`,
      watched.injected === 0,
      '0 elements',
      String(watched.injected),
    );
    suite.check(
      `${where}: no CSP violation attempted`,
      watched.violations.length === 0,
      'none',
      watched.violations.join(' | '),
    );
    return watched;
  } finally {
    await context.close();
  }
}
