/**
 * How cost grows with the catalogue: a separate product (its own data folder and database, the content
 * read cache off so every request reaches Postgres) measured with the demo catalogue, then with 10× and
 * 100× of it generated straight into the database (categories, creators and products copied with fresh
 * ids, slugs and names). Reports requests/s and p99 of the catalogue routes at each size.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { LISTING_WINDOW, categoryListQuerySchema, productListQuerySchema } from '@catalyst/contracts';
import { startProduct } from '../scripts/lib/product';
import { findCategory, listCategories } from '../services/content/src/categories/categories.repository';
import type { Database } from '../services/content/src/db/schema';
import { listProducts } from '../services/content/src/products/products.repository';
import { measureLoad, type RouteLoad } from './load';

interface GrowthStep {
  scale: number;
  categories: number;
  products: number;
  routes: RouteLoad[];
}

export interface GrowthResult {
  steps: GrowthStep[];
  /**
   * Per route: requests/s and p99 at the largest scale as a multiple of the demo catalogue's, or (`against`) of
   * another route at the largest scale (the deepest page, empty in the demo catalogue, against page 1).
   */
  change: Array<{ name: string; rpsRatio: number; p99Ratio: number; against?: string }>;
}

const PRODUCT_COLUMNS =
  'description, content, type, difficulty, duration, thumbnail, video_url, tags, price, instructor, enrolled_students, is_active, is_published, is_featured, sort_order, created_by_id, created_by_name, created_by_email';

/** Adds copies `from..to-1` of the original catalogue (copy k gets ids md5(id:k), names and slugs suffixed with k). */
export async function addCopies(
  client: pg.Client,
  originals: { categories: string[]; creators: string[]; products: string[] },
  from: number,
  to: number,
) {
  const copies = Array.from({ length: to - from }, (_, i) => from + i);
  if (copies.length === 0) return;
  await client.query('begin');
  await client.query(
    `insert into content.categories (id, name, description, slug, icon, color, is_active, sort_order)
     select substr(md5(o.id || ':' || k), 1, 24), left(o.name, 40) || ' ' || k, o.description, o.slug || '-' || k, o.icon, o.color, o.is_active, o.sort_order
     from content.categories o, unnest($2::int[]) k where o.id = any($1)`,
    [originals.categories, copies],
  );
  await client.query(
    `insert into content.creators (id, name, description, slug, icon, color, is_active, sort_order)
     select substr(md5(o.id || ':' || k), 1, 24), o.name || ' ' || k, o.description, o.slug || '-' || k, o.icon, o.color, o.is_active, o.sort_order
     from content.creators o, unnest($2::int[]) k where o.id = any($1)`,
    [originals.creators, copies],
  );
  await client.query(
    `insert into content.products (id, product_id, slug, title, category_id, creator_id, ${PRODUCT_COLUMNS})
     select substr(md5(o.id || ':' || k), 1, 24), 'G' || k || substr(md5(o.id || ':' || k), 1, 8), o.slug || '-' || k, left(o.title, 180) || ' ' || k,
            substr(md5(o.category_id || ':' || k), 1, 24), substr(md5(o.creator_id || ':' || k), 1, 24), ${PRODUCT_COLUMNS.split(
              ', ',
            )
              .map((c) => `o.${c}`)
              .join(', ')}
     from content.products o, unnest($2::int[]) k where o.id = any($1)`,
    [originals.products, copies],
  );
  await client.query('commit');
  // Autovacuum would do this within a minute of a bulk insert (insert threshold); done at once so every size is
  // measured in its steady state (statistics and the visibility map that index-only scans rely on).
  for (const table of ['categories', 'creators', 'products'])
    await client.query(`vacuum analyze content.${table}`);
}

async function count(client: pg.Client, table: string): Promise<number> {
  return Number((await client.query<{ n: string }>(`select count(*) as n from content.${table}`)).rows[0]!.n);
}

/** A measured catalogue route: its address under /api/v1 and the repository calls its handler makes (for EXPLAIN). */
interface GrowthRoute {
  name: string;
  path: string;
  queries: (db: Kysely<Database>) => Promise<unknown>;
  /** Judged against this route at the same size instead of itself at 1×. */
  against?: string;
}

const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

/**
 * The routes measured at every size. A page judged against its own 1× figure is the same page at every size: full
 * at 1× already (48 products and 20 a page; 6 categories and 6 "design" matches, so 5 a page) or, for one
 * category's products (8, the first category keeps its own), partial at every size. The deepest page paging
 * allows (LISTING_WINDOW) exists only at 100× and is judged against page 1 of the same catalogue.
 */
function growthRoutes(firstCategory: string): GrowthRoute[] {
  const deepest = LISTING_WINDOW / 20;
  const products =
    (path: string): GrowthRoute['queries'] =>
    (db) =>
      listProducts(db, productListQuerySchema.parse(query(path)));
  const routes: Array<[string, string, GrowthRoute['queries']]> = [
    [
      'categories (page 1)',
      '/categories?limit=5',
      (db) => listCategories(db, categoryListQuerySchema.parse({ limit: '5' })),
    ],
    ['products (page 1)', '/content/products?limit=20', products('/content/products?limit=20')],
    ['products (page 2)', '/content/products?limit=20&page=2', products('/content/products?limit=20&page=2')],
    [
      `products (page ${deepest}, deepest)`,
      `/content/products?limit=20&page=${deepest}`,
      products(`/content/products?limit=20&page=${deepest}`),
    ],
    [
      'products sorted by title',
      '/content/products?limit=20&sort=title',
      products('/content/products?limit=20&sort=title'),
    ],
    [
      'catalogue search',
      '/content/products?search=design&limit=5',
      products('/content/products?search=design&limit=5'),
    ],
    [
      'category products',
      `/categories/${firstCategory}/products?limit=20`,
      async (db) => {
        const category = await findCategory(db, firstCategory);
        return listProducts(db, {
          ...productListQuerySchema.parse({ limit: '20' }),
          category: category!._id,
        });
      },
    ],
  ];
  return routes.map(([name, path, queries]) => ({
    name,
    path,
    queries,
    ...(name.includes('deepest') ? { against: 'products (page 1)' } : {}),
  }));
}

/** EXPLAIN ANALYZE of every statement a route's handler runs, with the parameters it sends. */
async function explainRoute(databaseUrl: string, route: GrowthRoute): Promise<string> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    options: '-c search_path=content,public',
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  try {
    await route.queries(db);
    const plans: string[] = [];
    for (const q of captured) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${q.sql}`,
        q.parameters as unknown[],
      );
      plans.push(
        `${q.sql}\n  -- ${JSON.stringify(q.parameters)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
    return plans.join('\n\n');
  } finally {
    await db.destroy();
  }
}

/** CPU ms used so far by the Postgres server: the postmaster's children (backends and workers) by pid. */
function postgresCpu(postmasterPid: number | undefined): Map<number, number> {
  const usage = new Map<number, number>();
  if (!postmasterPid) return usage;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmasterPid)
        usage.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      /* the process ended */
    }
  }
  return usage;
}

function postmasterPidOf(dataDir: string): number | undefined {
  try {
    return (
      Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) ||
      undefined
    );
  } catch {
    return undefined;
  }
}

export interface GrowthOptions {
  durationSeconds: number;
  scales?: number[];
  connections?: number;
  /** Only the routes whose name contains one of these. */
  only?: string[];
  /** Print EXPLAIN ANALYZE of each route's statements at each size. */
  explain?: (scale: number, route: string, plan: string) => void;
  /** Skip the load runs (with `explain`: plans only). */
  skipLoad?: boolean;
}

export async function measureGrowth({
  durationSeconds,
  scales = [1, 10, 100],
  connections = 50,
  only,
  explain,
  skipLoad = false,
}: GrowthOptions): Promise<GrowthResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-growth-'));
  const product = await startProduct({
    dataDir,
    waitForMedia: true,
    env: { SKIP_BUILD: 'true', CATALOG_CACHE_TTL_MS: '0', EDGE_CACHE_SECONDS: '0' },
  });
  const client = new pg.Client({ connectionString: product.runtime.databaseUrl });
  // The product's Postgres stops with it; a late notice of that is not a bench failure.
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
    const firstCategory = (
      await client.query<{ slug: string }>(
        `select slug from content.categories where is_active order by sort_order, name limit 1`,
      )
    ).rows[0]!.slug;
    const routes = growthRoutes(firstCategory).filter(
      (r) => !only?.length || only.some((o) => r.name.includes(o)),
    );
    const pids = product.runtime.pids ?? {};
    const postmaster = postmasterPidOf(dataDir);
    const steps: GrowthStep[] = [];
    let copies = 1;
    for (const scale of scales) {
      await addCopies(client, originals, copies, scale);
      copies = Math.max(copies, scale);
      if (explain)
        for (const route of routes)
          explain(scale, route.name, await explainRoute(product.runtime.databaseUrl, route));
      const measured: RouteLoad[] = [];
      for (const route of skipLoad ? [] : routes) {
        const before = postgresCpu(postmaster);
        const load = await measureLoad({
          name: route.name,
          url: `${product.url}/api/v1${route.path}`,
          connections,
          durationSeconds,
          pids: { gateway: pids.gateway, content: pids.content },
        });
        const after = postgresCpu(postmaster);
        const requests = load.requestsPerSecond * durationSeconds;
        let spent = 0;
        for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
        if (postmaster && requests > 0)
          load.cpuMicrosPerRequest = {
            ...load.cpuMicrosPerRequest,
            postgres: Math.round((spent * 1000) / requests),
          };
        measured.push(load);
      }
      steps.push({
        scale,
        categories: await count(client, 'categories'),
        products: await count(client, 'products'),
        routes: measured,
      });
    }
    const first = steps[0]!;
    const last = steps[steps.length - 1]!;
    const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);
    const change = first.routes.map((r, i) => {
      const against = routes[i]!.against;
      const reference = against ? last.routes.find((x) => x.name === against) : r;
      const at = last.routes[i]!;
      return {
        name: r.name,
        rpsRatio: reference ? ratio(at.requestsPerSecond, reference.requestsPerSecond) : 0,
        p99Ratio: reference ? ratio(at.p99, reference.p99) : 0,
        ...(against ? { against: `${against} at ${last.scale}×` } : {}),
      };
    });
    return { steps, change };
  } finally {
    await client.end().catch(() => undefined);
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--name=value` flags of this script. */
function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  const found = process.argv.find((a) => a === `--${name}` || a.startsWith(prefix));
  return found === undefined ? undefined : found.startsWith(prefix) ? found.slice(prefix.length) : '';
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const list = (v: string | undefined) =>
    v
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : undefined;
  const result = await measureGrowth({
    durationSeconds: Number(flag('seconds') || process.env.BENCH_DURATION || 3),
    scales: list(flag('scales'))?.map(Number),
    only: list(flag('only')),
    skipLoad: flag('no-load') !== undefined,
    explain:
      flag('explain') !== undefined
        ? (scale, route, plan) => process.stdout.write(`\n===== ${scale}× ${route}\n${plan}\n`)
        : undefined,
  });
  for (const step of result.steps) {
    process.stdout.write(`\n${step.scale}× (${step.categories} categories, ${step.products} products)\n`);
    for (const r of step.routes) {
      const cpu = Object.entries(r.cpuMicrosPerRequest ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      process.stdout.write(
        `  ${r.name.padEnd(28)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non2xx ${r.non2xx}  CPU µs/request: ${cpu}\n`,
      );
    }
  }
  if (result.steps.length > 1 && result.steps[0]!.routes.length > 0)
    process.stdout.write(`${JSON.stringify(result.change, null, 2)}\n`);
}
