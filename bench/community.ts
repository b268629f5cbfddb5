/**
 * Community under load (issue 20's proof), through the gateway:
 *
 * - **A thread of 10,000 replies**: a discussion started through the API gets 10,000 replies written
 *   straight into the community schema (one INSERT … SELECT; the API's rate limit would take days), then its
 *   replies are read as a reader pages them: page 1 and page 100 (following `nextCursor`), oldest and top
 *   first, autocannon at 50 connections with the member's token. Keyset pages should cost the same at any
 *   depth: each p99 is judged against the signed-in routes' target and the deep page against page 1 (same run).
 * - **Live board fan-out**: 1,000 event streams (`/community/live/:productId/events`, the member's token,
 *   raw node:http sockets spread over loopback addresses 127.0.0.x so the gateway's per-address connection
 *   cap is kept) are opened on a webinar whose session runs now; one question is asked through the API and
 *   the time until each stream has it is measured. Target: every stream within 1 s.
 *
 * `benchCommunity({ baseUrl, databaseUrl, pids, durationSeconds })` runs against a product already started
 * (bench/run.ts); `npx tsx bench/community.ts [--seconds 5] [--streams 1000] [--smoke]` starts one of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isFreeProduct } from '../packages/contracts/src/catalog-terms';
import { signIn } from './backend';
import { cpuMs, measureLoad, type RouteLoad } from './load';

const THREAD_REPLIES = 10_000;
const STREAMS = 1_000;
/** Pages of 20 followed to reach the deep page (2,000 replies in). */
const DEEP_PAGE = 100;
/** The webinar whose live session the fan-out uses (a demo product). */
const WEBINAR = 'scaling-postgres-webinar';
/** Streams per loopback address: under the gateway's MAX_CONNECTIONS_PER_ADDRESS (64 by default). */
const STREAMS_PER_ADDRESS = 50;
export const P99_TARGET_MS = 25;
export const FANOUT_TARGET_MS = 1_000;

interface ThreadPageLoad extends RouteLoad {
  sort: 'oldest' | 'top';
  page: number;
}

interface FanoutResult {
  streams: number;
  /** Streams that answered 200 text/event-stream. */
  opened: number;
  openMs: number;
  /** Streams that carried the question (within the wait), and how long after the ask each did, ms. */
  received: number;
  withinTarget: number;
  p50: number;
  p99: number;
  max: number;
  /** The ask's own answer time (the question is on the wire to every stream by then or soon after). */
  askMs: number;
  /** CPU time the gateway and community spent delivering it (ms, from the ask until the last stream had it). */
  cpuMs: Record<string, number>;
  /** Why streams did not open (status or error, counted). */
  failures: Record<string, number>;
}

export interface CommunityBenchResult {
  replies: number;
  pages: ThreadPageLoad[];
  /** Page 100's p99 ÷ page 1's, per sort (same run). */
  deepRatio: { oldest: number; top: number };
  fanout: FanoutResult;
}

async function api<T>(
  baseUrl: string,
  method: string,
  route: string,
  token: string | undefined,
  body?: unknown,
): Promise<T> {
  const res = await fetch(new URL(`/api/v1${route}`, baseUrl), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = (await res.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    message?: string;
  } | null;
  if (!res.ok || !parsed?.success)
    throw new Error(`${method} ${route} → ${res.status} ${parsed?.message ?? ''}`);
  return parsed.data as T;
}

/** A thread on a premium product, then THREAD_REPLIES replies by the member inserted in one statement. */
async function bigThread(
  baseUrl: string,
  databaseUrl: string,
  member: string,
  replies: number,
): Promise<string> {
  const listed = await api<{ items: Array<{ _id: string; price: number | null }> }>(
    baseUrl,
    'GET',
    '/content/products?limit=20',
    undefined,
  );
  const product = listed.items.find((item) => !isFreeProduct(item));
  if (!product) throw new Error('no premium product among the first 20 listed');
  const { user: me } = await api<{ user: { _id: string; name: string } }>(baseUrl, 'GET', '/auth/me', member);
  const thread = await api<{ _id: string }>(baseUrl, 'POST', '/community/threads', member, {
    productId: product._id,
    title: 'A very busy discussion',
    body: 'Ten thousand replies follow.',
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // Ids as the service makes them (24 hex), times a second apart, upvotes spread for the 'top' order.
    await client.query(
      `insert into community.posts (id, thread_id, is_opening, author_id, author_name, body_md, body_html, created_at, upvotes)
       select substr(md5($1 || ':' || g), 1, 24), $1, false, $2, $3,
              'Reply ' || g || ': ' || repeat('a few words to read, ', 6),
              '<p>Reply ' || g || ': ' || repeat('a few words to read, ', 6) || '</p>',
              now() - make_interval(secs => $4 - g), (g * 7919) % 50
       from generate_series(1, $4::int) g`,
      [thread._id, me._id, me.name, replies],
    );
    await client.query(
      'update community.threads set reply_count = reply_count + $2, last_activity_at = now() where id = $1',
      [thread._id, replies],
    );
    await client.query('commit');
    await client.query('analyze community.posts');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return thread._id;
}

/** The cursor of page `page` (1-based) of a thread's replies, following nextCursor from page 1. */
async function cursorOf(
  baseUrl: string,
  member: string,
  threadId: string,
  sort: 'oldest' | 'top',
  page: number,
): Promise<string> {
  let cursor: string | null = null;
  for (let n = 1; n < page; n += 1) {
    const query: string = `?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer: { items: unknown[]; nextCursor: string | null } = await api(
      baseUrl,
      'GET',
      `/community/threads/${threadId}/replies${query}`,
      member,
    );
    if (!answer.nextCursor)
      throw new Error(`the thread has no page ${page} (${sort}): it ended at page ${n}`);
    cursor = answer.nextCursor;
  }
  return cursor ?? '';
}

interface OpenStream {
  req: ClientRequest;
  status: number;
  opened: boolean;
  buffer: string;
  receivedAt?: number;
  error?: string;
}

/** Opens one event stream on its own socket from `localAddress`; `marker` is what the measured event carries. */
function openStream(
  url: URL,
  token: string,
  localAddress: string,
  marker: () => string | undefined,
): Promise<OpenStream> {
  return new Promise((resolve) => {
    const stream: OpenStream = {
      req: undefined as unknown as ClientRequest,
      status: 0,
      opened: false,
      buffer: '',
    };
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'GET',
        localAddress,
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        stream.status = res.statusCode ?? 0;
        stream.opened =
          stream.status === 200 && /text\/event-stream/.test(String(res.headers['content-type']));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (stream.receivedAt !== undefined) return;
          const wanted = marker();
          // Only the tail is kept: enough to find the marker across a chunk boundary.
          stream.buffer = (stream.buffer + chunk).slice(-4_096);
          if (wanted && stream.buffer.includes(wanted)) stream.receivedAt = performance.now();
        });
        res.on('error', () => undefined);
        resolve(stream);
      },
    );
    stream.req = req;
    req.on('error', (error: NodeJS.ErrnoException) => {
      stream.error = error.code ?? error.message;
      resolve(stream);
    });
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Opens `count` streams on the webinar's board, asks one question, and times its arrival on each. */
async function measureFanout({
  baseUrl,
  member,
  admin,
  count,
  pids = {},
}: {
  baseUrl: string;
  member: string;
  admin: string;
  count: number;
  pids?: Record<string, number | undefined>;
}): Promise<FanoutResult> {
  const webinar = await api<{ _id: string }>(baseUrl, 'GET', `/content/products/${WEBINAR}`, undefined);
  await api(baseUrl, 'PUT', `/admin/community/live/${webinar._id}`, admin, {
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    durationMinutes: 120,
    joinUrl: 'https://meet.example.com/bench',
  });
  const url = new URL(`/api/v1/community/live/${webinar._id}/events`, baseUrl);
  let marker: string | undefined;
  const started = performance.now();
  const streams: OpenStream[] = [];
  // Opened in batches, each stream from a loopback address holding at most STREAMS_PER_ADDRESS of them.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => {
      const n = i + j;
      return openStream(
        url,
        member,
        `127.0.${1 + Math.floor(n / STREAMS_PER_ADDRESS / 250)}.${2 + (Math.floor(n / STREAMS_PER_ADDRESS) % 250)}`,
        () => marker,
      );
    });
    streams.push(...(await Promise.all(batch)));
  }
  const openMs = Math.round(performance.now() - started);
  const failures: Record<string, number> = {};
  for (const s of streams)
    if (!s.opened)
      failures[s.error ?? `HTTP ${s.status}`] = (failures[s.error ?? `HTTP ${s.status}`] ?? 0) + 1;
  try {
    // Every subscription is registered once its headers are out; a moment more for the last ones.
    await new Promise((r) => setTimeout(r, 1_000));
    const tag = Math.random().toString(36).slice(2, 10);
    marker = `fan-out ${tag}`;
    const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
    const askedAt = performance.now();
    await api(baseUrl, 'POST', `/community/live/${webinar._id}/questions`, member, {
      body: `Which index for this query? (${marker})`,
    });
    const askMs = Math.round(performance.now() - askedAt);
    const open = streams.filter((s) => s.opened);
    const deadline = askedAt + 10_000;
    while (performance.now() < deadline && open.some((s) => s.receivedAt === undefined))
      await new Promise((r) => setTimeout(r, 20));
    const cpu: Record<string, number> = {};
    for (const [name, pid] of Object.entries(pids)) {
      const end = cpuMs(pid);
      const start = before[name];
      if (start !== undefined && end !== undefined) cpu[name] = Math.round(end - start);
    }
    const latencies = open
      .flatMap((s) => (s.receivedAt === undefined ? [] : [s.receivedAt - askedAt]))
      .sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      streams: count,
      opened: open.length,
      openMs,
      received: latencies.length,
      withinTarget: latencies.filter((ms) => ms <= FANOUT_TARGET_MS).length,
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? NaN),
      askMs,
      cpuMs: cpu,
      failures,
    };
  } finally {
    for (const s of streams) s.req.destroy();
  }
}

export async function benchCommunity({
  baseUrl,
  databaseUrl,
  durationSeconds,
  pids = {},
  streams = STREAMS,
  replies = THREAD_REPLIES,
  say = () => undefined,
}: {
  baseUrl: string;
  databaseUrl: string;
  durationSeconds: number;
  pids?: Record<string, number | undefined>;
  streams?: number;
  replies?: number;
  say?: (line: string) => void;
}): Promise<CommunityBenchResult> {
  const member = await signIn(baseUrl, 'member');
  const admin = await signIn(baseUrl, 'admin');
  say(`community: a thread of ${replies.toLocaleString('en-US')} replies`);
  const threadId = await bigThread(baseUrl, databaseUrl, member, replies);
  const headers = { authorization: `Bearer ${member}` };
  const cpuOf = { gateway: pids.gateway, community: pids.community };
  const pages: ThreadPageLoad[] = [];
  for (const sort of ['oldest', 'top'] as const) {
    for (const page of [1, DEEP_PAGE]) {
      const cursor = page === 1 ? '' : await cursorOf(baseUrl, member, threadId, sort, page);
      const url = new URL(
        `/api/v1/community/threads/${threadId}/replies?sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        baseUrl,
      ).toString();
      say(`community: replies, ${sort} first, page ${page}`);
      const load = await measureLoad({
        name: `thread of ${replies.toLocaleString('en-US')} replies: ${sort} first, page ${page}`,
        url,
        headers,
        durationSeconds,
        pids: cpuOf,
      });
      pages.push({ ...load, sort, page });
    }
  }
  const ratio = (sort: 'oldest' | 'top') => {
    const [first, deep] = [
      pages.find((p) => p.sort === sort && p.page === 1)!,
      pages.find((p) => p.sort === sort && p.page === DEEP_PAGE)!,
    ];
    return Math.round((deep.p99 / Math.max(1, first.p99)) * 100) / 100;
  };
  say(`community: ${streams} event streams, one question`);
  const fanout = await measureFanout({ baseUrl, member, admin, count: streams, pids: cpuOf });
  return { replies, pages, deepRatio: { oldest: ratio('oldest'), top: ratio('top') }, fanout };
}

/** The section's lines: each figure with its target and PASS or MISS. */
function communityReport(result: CommunityBenchResult): string[] {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const cpu = (load: RouteLoad) =>
    Object.entries(load.cpuMicrosPerRequest ?? {})
      .map(([name, us]) => `${name} ${us}`)
      .join(', ');
  const lines = result.pages.map(
    (p) =>
      `${verdict(p.p99 <= P99_TARGET_MS && p.non2xx + p.errors === 0)}  ${p.name}: p50 ${p.p50} ms, p99 ${p.p99} ms (target ≤ ${P99_TARGET_MS} ms), ${p.requestsPerSecond} req/s, ${p.non2xx + p.errors} failed; CPU µs/request ${cpu(p)}`,
  );
  for (const sort of ['oldest', 'top'] as const)
    lines.push(
      `${verdict(result.deepRatio[sort] <= 2)}  page ${DEEP_PAGE} ÷ page 1 p99, ${sort} first: ${result.deepRatio[sort]}× (target ≤ 2×: paging stays flat)`,
    );
  const f = result.fanout;
  const failed = Object.entries(f.failures)
    .map(([why, n]) => `${why} ×${n}`)
    .join(', ');
  lines.push(
    `${verdict(f.opened === f.streams)}  event streams opened: ${f.opened} of ${f.streams} in ${f.openMs} ms${failed ? ` (refused: ${failed})` : ''}`,
  );
  lines.push(
    `${verdict(f.opened === f.streams && f.withinTarget === f.streams)}  one question to ${f.streams} streams: ${f.withinTarget} within ${FANOUT_TARGET_MS} ms, ${f.received} at all; p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms (target: every stream ≤ ${FANOUT_TARGET_MS} ms); the ask answered in ${f.askMs} ms; CPU ms ${Object.entries(
      f.cpuMs,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return lines;
}

// Standalone: start the product on a free port, run, print.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const smoke = process.argv.includes('--smoke');
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const { startProduct } = await import('../scripts/lib/product');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-community-'));
  const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  say('starting the product…');
  const product = await startProduct({ dataDir, waitForMedia: true, env: { LOG_LEVEL: 'warn' } });
  try {
    const result = await benchCommunity({
      baseUrl: product.url,
      databaseUrl: product.runtime.databaseUrl,
      pids: product.runtime.pids,
      durationSeconds: arg('--seconds') ?? (smoke ? 1 : 5),
      streams: arg('--streams') ?? (smoke ? 100 : STREAMS),
      say,
    });
    process.stdout.write(
      `${[
        `Community bench (${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')})`,
        ...communityReport(result),
        '',
      ].join('\n')}`,
    );
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
