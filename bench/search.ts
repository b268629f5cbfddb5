/**
 * Search at the size: a separate product (its own data folder and database) grown to 100× of the demo
 * catalogue (growth's copies: about 4,800 products) with eight article lessons of 80 words on every product that
 * has none (about 40,000 lessons). Words follow a skewed draw from a 1,000-word vocabulary, `practice` is in a
 * third of the lessons and `zephyrine` in one in 5,000, so a frequent word, a rare one and a typo are each asked.
 * Reports the index's size against the tables' (search's own tables and the `search_…` indexes it keeps on
 * content's tables, e.g. the lessons' expression index), each query's latency in process (the repository's calls
 * one at a time, no gateway and no cache: median and p99, and the CPU Postgres spent on each) and, unless
 * `--in-process`, suggest and search through the gateway at 50 connections with the product's caches as shipped,
 * each figure saying which path it measured: the same query on every request (answered by the gateway's edge
 * cache, which keeps a search ≤ 1 s) or a different one on every request (gateway → content → Postgres), with the
 * CPU time gateway, content and Postgres spent per request. Budgets: suggest p99 ≤ 30 ms, search p99 ≤ 60 ms,
 * index ≤ 20% of the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { SEARCH_SUGGESTIONS } from '@catalyst/contracts';
import { createDb } from '@catalyst/service-kit';
import { AS_SHIPPED, startProduct } from '../scripts/lib/product';
import type { Database } from '../services/content/src/db/schema';
import { searchCatalogue, suggest } from '../services/content/src/search/search.repository';
import { addCopies } from './growth';
import { cpuMs, measureLoad, parentPid, postgresCpuMs, type RouteLoad } from './load';

export const SEARCH_TARGETS = { suggestP99: 30, searchP99: 60, indexAddition: 0.2 } as const;

export interface SearchBenchResult {
  products: number;
  lessons: number;
  documents: number;
  /** Bytes: search's tables with their indexes and TOAST, and every other table of the content schema. */
  indexBytes: number;
  tableBytes: number;
  /** What the index adds to the database: search's tables over every other table of content. */
  indexAddition: number;
  /**
   * Each query one at a time through the repository: latency, and the CPU its database backend spent on it (read
   * from /proc: what a question costs Postgres; on this shared machine it moved about ±25% with the load where the
   * latency moved 2–4×, so compare changes alternated in one run).
   */
  inProcess: Array<{ name: string; samples: number; p50: number; p99: number; postgresCpuMs?: number }>;
  routes: RouteLoad[];
}

/**
 * The bench's 1,000 made-up words (`dubera` … `vomunus`), in the order the skewed draw favours them: the first
 * hundred are in most lessons, the last in few.
 */
export const VOCABULARY: readonly string[] = (() => {
  const sorted = (parts: string[]) => [...parts].sort();
  const words: string[] = [];
  for (const a of sorted(['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'pe', 'si', 'du']))
    for (const b of sorted(['ber', 'cal', 'dom', 'fen', 'gir', 'hul', 'jas', 'kor', 'lim', 'mun']))
      for (const c of sorted(['a', 'e', 'i', 'o', 'u', 'an', 'en', 'in', 'on', 'us'])) words.push(a + b + c);
  return words;
})();

/** A seeded shuffle, so every run asks the same sequence. */
function shuffled<T>(items: readonly T[], seed = 55): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Cycles through `items`, one per call: no item repeats until every other has been asked. */
function cycle(items: readonly string[]): Pick<SearchBenchQuery, 'q' | 'asked' | 'distinct'> {
  let next = 0;
  return { q: () => items[next++ % items.length]!, asked: () => next, distinct: items.length };
}

/** Every first 3 to all letters of the vocabulary's words: what one types on the way to a word. */
const PREFIXES = [...new Set(VOCABULARY.flatMap((w) => [...w].slice(2).map((_, i) => w.slice(0, i + 3))))];

export interface SearchBenchQuery {
  name: string;
  kind: 'search' | 'suggest';
  /** The words of the next request: the same every time, or a different one each time (`varied`). */
  q: () => string;
  /** What each request exercises through the gateway with the product's caches on. */
  varied: boolean;
  /** A varied query's: how many questions it has asked so far, and how many different ones it has. */
  asked?: () => number;
  distinct?: number;
}

/**
 * The queries asked: a rare word, a word in a third of the lessons, a misspelling of it and a prefix, each the
 * same on every request (through the gateway an answer kept by the edge cache for up to a second: the cache's
 * path), and a word and a prefix different on every request, drawn in turn from the vocabulary (1,000 words,
 * 1,300 prefixes: none asked twice within a second, so each goes through gateway, content and Postgres).
 */
export const SEARCH_QUERIES: readonly SearchBenchQuery[] = [
  { name: 'search: rare word', kind: 'search', q: () => 'zephyrine', varied: false },
  { name: 'search: frequent word', kind: 'search', q: () => 'practice', varied: false },
  { name: 'search: typo', kind: 'search', q: () => 'practcie', varied: false },
  { name: 'suggest: prefix', kind: 'suggest', q: () => 'prac', varied: false },
  {
    name: 'search: a different word each request',
    kind: 'search',
    ...cycle(shuffled(VOCABULARY)),
    varied: true,
  },
  {
    name: 'suggest: a different prefix each request',
    kind: 'suggest',
    ...cycle(shuffled(PREFIXES)),
    varied: true,
  },
];

const pathOf = (query: SearchBenchQuery, q: string) =>
  `/api/v1/search${query.kind === 'suggest' ? '/suggest' : ''}?q=${encodeURIComponent(q)}`;

/**
 * What a figure measured, said beside it; a varied query's with how many it asked in the run (its warm-up
 * second included) of how many different ones: past those, a question is asked again and content answers it
 * from what it kept (the catalogue has not changed).
 */
export const pathMeasured = (query: Pick<SearchBenchQuery, 'varied' | 'distinct'>, asked?: number) => {
  if (!query.varied) return 'the same query each request: answered by the gateway edge cache (kept ≤ 1 s)';
  const counted = asked === undefined ? '' : `; ${asked} asked, ${query.distinct} different`;
  const repeats =
    asked !== undefined && query.distinct !== undefined && asked > query.distinct
      ? `: the last ${asked - query.distinct} repeats, answered from content's kept answers`
      : '';
  return `each request a new query: gateway → content → Postgres${counted}${repeats}`;
};

/** Eight article lessons (one section) on every product without lessons, in one statement per 600 products. */
async function addLessons(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `select p.id from content.products p where not exists (select 1 from content.course_lessons l where l.product_id = p.id) order by p.id`,
  );
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 600) {
    const batch = ids.slice(i, i + 600);
    await client.query('begin');
    await client.query(
      `insert into content.course_sections (id, product_id, title, position)
       select substr(md5('s:' || id), 1, 24), id, 'Lessons', 0 from unnest($1::text[]) id`,
      [batch],
    );
    await client.query(
      `with vocabulary as (select $2::text[] as words)
       insert into content.course_lessons (id, section_id, product_id, title, kind, position, duration_seconds, body)
       select substr(md5('l:' || p.id || ':' || n), 1, 24), substr(md5('s:' || p.id), 1, 24), p.id,
         'Lesson ' || n, 'article', n, 300,
         '<p>' || words.text || case when random() < 1.0 / 3 then ' practice' else '' end
           || case when random() < 1.0 / 5000 then ' zephyrine' else '' end || '</p>'
       from unnest($1::text[]) p(id), generate_series(0, 7) n, vocabulary v,
       -- g in the aggregate keeps it at this level (v.words alone would make it the outer query's).
       lateral (select string_agg(v.words[1 + floor(power(random(), 3) * 1000)::int + 0 * g], ' ') as text
                from generate_series(1, 80 + 0 * n) g) words`,
      [batch, VOCABULARY],
    );
    await client.query('commit');
  }
  for (const table of ['course_sections', 'course_lessons', 'search_documents', 'search_words'])
    await client.query(`vacuum analyze content.${table}`);
}

/**
 * Search's bytes (its own tables with their indexes and TOAST, and the `search_…` indexes it keeps on content's
 * tables) and every other byte of the content schema's tables.
 */
async function sizes(client: pg.Client): Promise<{ indexBytes: number; tableBytes: number }> {
  const { rows } = await client.query<{ search: string; other: string }>(
    `with tables as (
       select c.oid, c.relname like 'search\\_%' as search from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'content' and c.relkind = 'r'),
     borrowed as (
       select coalesce(sum(pg_relation_size(i.indexrelid)), 0) as bytes from pg_index i
       join pg_class c on c.oid = i.indexrelid join tables t on t.oid = i.indrelid
       where not t.search and c.relname like 'search\\_%')
     select coalesce(sum(pg_total_relation_size(oid)) filter (where search), 0) + (select bytes from borrowed) as search,
            coalesce(sum(pg_total_relation_size(oid)) filter (where not search), 0) - (select bytes from borrowed) as other
     from tables`,
  );
  return { indexBytes: Number(rows[0]!.search), tableBytes: Number(rows[0]!.other) };
}

/** The database's postmaster: the parent of this client's backend (its children serve every connection). */
async function postmasterOf(client: pg.Client): Promise<number | undefined> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return parentPid(rows[0]!.pid);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Each query `samples` times, one at a time, straight through the repository (no HTTP), on one connection made as
 * content makes its own (so its statements are prepared as content's are): its backend's CPU time is read before
 * and after the samples (/proc, in clock ticks of 10 ms: the mean over the samples is good to about 10 ms / samples).
 */
async function inProcess(databaseUrl: string, samples: number): Promise<SearchBenchResult['inProcess']> {
  const db = createDb<Database>({ connectionString: databaseUrl, schema: 'content', poolSize: 1 });
  try {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const backend = rows[0]!.pid;
    const figures: SearchBenchResult['inProcess'] = [];
    for (const query of SEARCH_QUERIES) {
      const ask = () =>
        query.kind === 'suggest'
          ? suggest(db, query.q(), SEARCH_SUGGESTIONS)
          : searchCatalogue(db, { q: query.q(), sort: 'relevance', cursor: 0 });
      for (let i = 0; i < 3; i++) await ask();
      const times: number[] = [];
      const cpuBefore = cpuMs(backend);
      for (let i = 0; i < samples; i++) {
        const start = performance.now();
        await ask();
        times.push(performance.now() - start);
      }
      const cpuAfter = cpuMs(backend);
      times.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      figures.push({
        name: query.name,
        samples,
        p50: round(percentile(times, 50)),
        p99: round(percentile(times, 99)),
        // Unknown when the backend's /proc entry can't be read (a database on another host).
        postgresCpuMs:
          cpuBefore === undefined || cpuAfter === undefined
            ? undefined
            : round((cpuAfter - cpuBefore) / samples),
      });
    }
    return figures;
  } finally {
    await db.destroy();
  }
}

export interface SearchBenchOptions {
  durationSeconds: number;
  connections?: number;
  samples?: number;
  /** Skip the gateway runs (a busy machine's load figures say little). */
  inProcessOnly?: boolean;
  scale?: number;
  /** Keep the product (and its database) up until SIGTERM once the catalogue is made, to look inside. */
  hold?: boolean;
}

export async function measureSearch({
  durationSeconds,
  connections = 50,
  samples = 100,
  inProcessOnly = false,
  scale = 100,
  hold = false,
}: SearchBenchOptions): Promise<SearchBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-search-'));
  const product = await startProduct({
    dataDir,
    waitForMedia: true,
    // As shipped: the caches (content's s-maxage on search: 1 s; the gateway's edge cache; the repeated queries
    // measure them, the varied ones the path past them), the access log, 1% of answers checked.
    env: { ...AS_SHIPPED, SKIP_BUILD: 'true' },
  });
  const client = new pg.Client({ connectionString: product.runtime.databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const ids = async (table: string) =>
      (await client.query<{ id: string }>(`select id from content.${table}`)).rows.map((r) => r.id);
    const originals = {
      categories: await ids('categories'),
      creators: await ids('creators'),
      products: await ids('products'),
    };
    await addCopies(client, originals, 1, scale);
    await addLessons(client);
    const count = async (from: string) =>
      Number((await client.query<{ n: string }>(`select count(*) as n from content.${from}`)).rows[0]!.n);
    const { indexBytes, tableBytes } = await sizes(client);
    if (hold) {
      process.stdout.write(`holding ${product.runtime.databaseUrl} until SIGTERM\n`);
      await new Promise((resolve) => process.once('SIGTERM', resolve));
    }
    const measured = await inProcess(product.runtime.databaseUrl, samples);
    const routes: RouteLoad[] = [];
    const pids = product.runtime.pids ?? {};
    const postmaster = postmasterOf(client);
    for (const query of inProcessOnly ? [] : SEARCH_QUERIES) {
      const askedBefore = query.asked?.();
      const load = await measureLoad({
        name: query.name,
        url: `${product.url}${pathOf(query, query.q())}`,
        pathFor: query.varied ? () => pathOf(query, query.q()) : undefined,
        connections,
        durationSeconds,
        pids: { gateway: pids.gateway, content: pids.content },
        cpu: { postgres: async () => postgresCpuMs(await postmaster) },
      });
      const asked = askedBefore === undefined ? undefined : query.asked!() - askedBefore;
      routes.push({ ...load, name: `${query.name} (${pathMeasured(query, asked)})` });
    }
    return {
      products: await count('products'),
      lessons: await count('course_lessons'),
      documents: await count('search_documents'),
      indexBytes,
      tableBytes,
      indexAddition: Math.round((indexBytes / tableBytes) * 1000) / 1000,
      inProcess: measured,
      routes,
    };
  } finally {
    await client.end().catch(() => undefined);
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const arg = (name: string) =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
  const result = await measureSearch({
    durationSeconds: Number(arg('seconds') ?? process.env.BENCH_DURATION ?? 5),
    samples: Number(arg('samples') ?? 100),
    scale: Number(arg('scale') ?? 100),
    inProcessOnly: process.argv.includes('--in-process'),
    hold: process.argv.includes('--hold'),
  });
  const mb = (bytes: number) => `${Math.round(bytes / 1e5) / 10} MB`;
  const verdict = (pass: boolean) => (pass ? 'pass' : 'MISS');
  process.stdout.write(
    `${result.products} products, ${result.lessons} lessons, ${result.documents} documents\n` +
      `index ${mb(result.indexBytes)} (${result.indexBytes} bytes), other tables ${mb(result.tableBytes)} (${result.tableBytes} bytes): ` +
      `adds ${Math.round(result.indexAddition * 1000) / 10}% to the database ` +
      `(target ≤ ${SEARCH_TARGETS.indexAddition * 100}%: ${verdict(result.indexAddition <= SEARCH_TARGETS.indexAddition)})\n`,
  );
  for (const f of result.inProcess)
    process.stdout.write(
      `in process (repository → Postgres, no cache)  ${f.name}: median ${f.p50} ms, p99 ${f.p99} ms, ` +
        `Postgres CPU ${f.postgresCpuMs ?? 'unknown'} ms each (${f.samples} one at a time)\n`,
    );
  for (const r of result.routes) {
    const target = r.name.startsWith('suggest') ? SEARCH_TARGETS.suggestP99 : SEARCH_TARGETS.searchP99;
    const cpu = Object.entries(r.cpuMicrosPerRequest ?? {})
      .map(([name, us]) => `${name} ${us} µs`)
      .join(', ');
    process.stdout.write(
      `gateway  ${r.name}: ${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms at ${r.connections} connections ` +
        `(${r.non2xx} non-2xx; CPU per request: ${cpu || 'unknown'}) — target p99 ≤ ${target} ms: ` +
        `${verdict(r.p99 <= target && r.non2xx === 0 && r.errors === 0)}\n`,
    );
  }
}
