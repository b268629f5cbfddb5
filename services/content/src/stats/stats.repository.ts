import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The catalogue's own figures for the admin dashboard. */
export async function countCatalog(db: Db) {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from categories)`.as('categories'),
      sql<number>`(select count(*)::int from creators)`.as('creators'),
      sql<number>`(select count(*)::int from products)`.as('products'),
      sql<number>`(select count(*)::int from products where is_published)`.as('published'),
    ])
    .executeTakeFirstOrThrow();
  return {
    categories: row.categories,
    creators: row.creators,
    products: { total: row.products, published: row.published, draft: row.products - row.published },
  };
}
