/**
 * Search at the issue's size: a separate product (its own data folder and database) grown to 100× of the demo
 * catalogue (growth's copies: about 4,800 products) with eight article lessons of 80 words on every product that
 * has none (about 40,000 lessons). Words follow a skewed draw from a 1,000-word vocabulary, `practice` is in a
 * third of the lessons and `zephyrine` in one in 5,000, so a frequent word, a rare one and a typo are each asked.
 * Reports the index's size against the tables', each query's latency in process (the repository's calls one at a
 * time, no gateway: median and p99) and, unless `--in-process`, suggest and search through the gateway at 50
 * connections (p99 budgets: suggest ≤ 30 ms, search ≤ 60 ms; index ≤ 20% of the database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { startProduct } from '../scripts/lib/product';
import type { Database } from '../services/content/src/db/schema';
import { searchCatalogue, suggest } from '../services/content/src/search/search.repository';
import { addCopies } from './growth';
import { measureLoad, type RouteLoad } from './load';

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
  inProcess: Array<{ name: string; samples: number; p50: number; p99: number }>;
  routes: RouteLoad[];
}

/** The queries asked: a rare word, a word in a third of the lessons, a misspelling of it, and as-you-type. */
export const SEARCH_QUERIES = [
  { name: 'search: rare word', path: '/search?q=zephyrine', kind: 'search', q: 'zephyrine' },
  { name: 'search: frequent word', path: '/search?q=practice', kind: 'search', q: 'practice' },
  { name: 'search: typo', path: '/search?q=practcie', kind: 'search', q: 'practcie' },
  { name: 'suggest: prefix', path: '/search/suggest?q=prac', kind: 'suggest', q: 'prac' },
] as const;

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
      `with vocabulary as (
         select array_agg(a || b || c order by a, b, c) as words
         from unnest(array['ka','lo','mi','ne','ru','ta','vo','pe','si','du']) a,
              unnest(array['ber','cal','dom','fen','gir','hul','jas','kor','lim','mun']) b,
              unnest(array['a','e','i','o','u','an','en','in','on','us']) c)
       insert into content.course_lessons (id, section_id, product_id, title, kind, position, duration_seconds, body)
       select substr(md5('l:' || p.id || ':' || n), 1, 24), substr(md5('s:' || p.id), 1, 24), p.id,
         'Lesson ' || n, 'article', n, 300,
         '<p>' || words.text || case when random() < 1.0 / 3 then ' practice' else '' end
           || case when random() < 1.0 / 5000 then ' zephyrine' else '' end || '</p>'
       from unnest($1::text[]) p(id), generate_series(0, 7) n, vocabulary v,
       -- g in the aggregate keeps it at this level (v.words alone would make it the outer query's).
       lateral (select string_agg(v.words[1 + floor(power(random(), 3) * 1000)::int + 0 * g], ' ') as text
                from generate_series(1, 80 + 0 * n) g) words`,
      [batch],
    );
    await client.query('commit');
  }
  for (const table of ['course_sections', 'course_lessons', 'search_documents', 'search_words'])
    await client.query(`vacuum analyze content.${table}`);
}

async function sizes(client: pg.Client): Promise<{ indexBytes: number; tableBytes: number }> {
  const { rows } = await client.query<{ search: string; other: string }>(
    `select coalesce(sum(pg_total_relation_size(c.oid)) filter (where c.relname like 'search\\_%'), 0) as search,
            coalesce(sum(pg_total_relation_size(c.oid)) filter (where c.relname not like 'search\\_%'), 0) as other
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'content' and c.relkind = 'r'`,
  );
  return { indexBytes: Number(rows[0]!.search), tableBytes: Number(rows[0]!.other) };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Each query `samples` times, one at a time, straight through the repository (no HTTP). */
async function inProcess(databaseUrl: string, samples: number): Promise<SearchBenchResult['inProcess']> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    options: '-c search_path=content,public',
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    const figures: SearchBenchResult['inProcess'] = [];
    for (const query of SEARCH_QUERIES) {
      const ask = () =>
        query.kind === 'suggest'
          ? suggest(db, query.q, 8)
          : searchCatalogue(db, { q: query.q, sort: 'relevance', cursor: 0 });
      for (let i = 0; i < 3; i++) await ask();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const start = performance.now();
        await ask();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      figures.push({
        name: query.name,
        samples,
        p50: round(percentile(times, 50)),
        p99: round(percentile(times, 99)),
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
    env: { SKIP_BUILD: 'true', CATALOG_CACHE_TTL_MS: '0', EDGE_CACHE_SECONDS: '0' },
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
    for (const query of inProcessOnly ? [] : SEARCH_QUERIES)
      routes.push(
        await measureLoad({
          name: query.name,
          url: `${product.url}/api/v1${query.path}`,
          connections,
          durationSeconds,
          pids: { gateway: pids.gateway, content: pids.content },
        }),
      );
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
  process.stdout.write(
    `${result.products} products, ${result.lessons} lessons, ${result.documents} documents\n` +
      `index ${mb(result.indexBytes)}, other tables ${mb(result.tableBytes)}: adds ${Math.round(result.indexAddition * 1000) / 10}% to the database\n`,
  );
  for (const f of result.inProcess)
    process.stdout.write(
      `in process  ${f.name}: median ${f.p50} ms, p99 ${f.p99} ms (${f.samples} one at a time)\n`,
    );
  for (const r of result.routes)
    process.stdout.write(
      `gateway     ${r.name}: ${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms at ${r.connections} connections (${r.non2xx} non-2xx)\n`,
    );
}
