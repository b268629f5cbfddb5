/**
 * How cost grows with the catalogue: a separate product (its own data folder and database, the content
 * read cache off so every request reaches Postgres) measured with the demo catalogue, then with 10× and
 * 100× of it generated straight into the database (categories, creators and products copied with fresh
 * ids, slugs and names). Reports requests/s and p99 of the catalogue routes at each size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startProduct } from '../scripts/lib/product';
import { measureLoad, type RouteLoad } from './load';

export interface GrowthStep {
  scale: number;
  categories: number;
  products: number;
  routes: RouteLoad[];
}

export interface GrowthResult {
  steps: GrowthStep[];
  /** Per route: requests/s and p99 at the largest scale as a multiple of the demo catalogue's. */
  change: Array<{ name: string; rpsRatio: number; p99Ratio: number }>;
}

const PRODUCT_COLUMNS =
  'description, content, type, difficulty, duration, thumbnail, video_url, tags, price, instructor, enrolled_students, is_active, is_published, is_featured, sort_order, created_by_id, created_by_name, created_by_email';

/** Adds copies `from..to-1` of the original catalogue (copy k gets ids md5(id:k), names and slugs suffixed with k). */
async function addCopies(client: pg.Client, originals: { categories: string[]; creators: string[]; products: string[] }, from: number, to: number) {
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
            substr(md5(o.category_id || ':' || k), 1, 24), substr(md5(o.creator_id || ':' || k), 1, 24), ${PRODUCT_COLUMNS.split(', ').map((c) => `o.${c}`).join(', ')}
     from content.products o, unnest($2::int[]) k where o.id = any($1)`,
    [originals.products, copies],
  );
  await client.query('commit');
  await client.query('analyze content.categories; analyze content.creators; analyze content.products');
}

async function count(client: pg.Client, table: string): Promise<number> {
  return Number((await client.query<{ n: string }>(`select count(*) as n from content.${table}`)).rows[0]!.n);
}

export async function measureGrowth({ durationSeconds, scales = [1, 10, 100], connections = 50 }: { durationSeconds: number; scales?: number[]; connections?: number }): Promise<GrowthResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-growth-'));
  const product = await startProduct({ dataDir, env: { SKIP_BUILD: 'true', CATALOGUE_CACHE_TTL_MS: '0' } });
  const client = new pg.Client({ connectionString: product.runtime.databaseUrl });
  // The product's Postgres stops with it; a late notice of that is not a bench failure.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const ids = async (table: string) => (await client.query<{ id: string }>(`select id from content.${table}`)).rows.map((r) => r.id);
    const originals = { categories: await ids('categories'), creators: await ids('creators'), products: await ids('products') };
    const firstCategory = (await client.query<{ slug: string }>(`select slug from content.categories where is_active order by sort_order, name limit 1`)).rows[0]!.slug;
    const api = (p: string) => `${product.url}/api/v1${p}`;
    const routes = [
      { name: 'categories (page 1)', url: api('/categories?limit=20') },
      { name: 'products (page 1)', url: api('/content/products?limit=20') },
      { name: 'products (page 5)', url: api('/content/products?limit=20&page=5') },
      { name: 'products sorted by title', url: api('/content/products?limit=20&sort=title') },
      { name: 'catalogue search', url: api('/content/products?search=design&limit=20') },
      { name: 'category products', url: api(`/categories/${firstCategory}/products?limit=20`) },
    ];
    const steps: GrowthStep[] = [];
    let copies = 1;
    for (const scale of scales) {
      await addCopies(client, originals, copies, scale);
      copies = Math.max(copies, scale);
      const measured: RouteLoad[] = [];
      for (const route of routes) measured.push(await measureLoad({ ...route, connections, durationSeconds }));
      steps.push({ scale, categories: await count(client, 'categories'), products: await count(client, 'products'), routes: measured });
    }
    const first = steps[0]!;
    const last = steps[steps.length - 1]!;
    const change = first.routes.map((r, i) => ({
      name: r.name,
      rpsRatio: r.requestsPerSecond > 0 ? Math.round((last.routes[i]!.requestsPerSecond / r.requestsPerSecond) * 100) / 100 : 0,
      p99Ratio: r.p99 > 0 ? Math.round((last.routes[i]!.p99 / r.p99) * 100) / 100 : 0,
    }));
    return { steps, change };
  } finally {
    await client.end().catch(() => undefined);
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const result = await measureGrowth({ durationSeconds: Number(process.env.BENCH_DURATION ?? 3) });
  for (const step of result.steps) {
    process.stdout.write(`\n${step.scale}× (${step.categories} categories, ${step.products} products)\n`);
    for (const r of step.routes) process.stdout.write(`  ${r.name.padEnd(28)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non2xx ${r.non2xx}\n`);
  }
  process.stdout.write(`${JSON.stringify(result.change, null, 2)}\n`);
}
