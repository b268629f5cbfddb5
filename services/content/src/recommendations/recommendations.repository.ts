import { sql, type Kysely } from 'kysely';
import { RECOMMENDATION_ROW_SIZE, type PublicProduct } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { PRODUCT_REF_COLUMNS, toPublicProduct, type ProductRecord } from '../products/products.repository';

type Db = Kysely<Database>;

/** `p.listed`: published, active, in an active category, by an active creator (what public lists show). */
const listed = sql<boolean>`p.listed`;

/** Listed products with what a card shows, leaving out `exclude` (a learner's completed products…). */
function cards(db: Db, exclude: readonly string[]) {
  let query = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('creators as cr', 'cr.id', 'p.creator_id')
    .selectAll('p')
    .select(PRODUCT_REF_COLUMNS)
    .where(listed);
  if (exclude.length > 0) query = query.where('p.id', 'not in', exclude);
  return query;
}

const shape = (rows: unknown[]) => rows.map((row) => toPublicProduct(row as ProductRecord));

/** The listed products among `ids`, in the order of `ids` (the order a ranking gave them). */
export async function productsInOrder(db: Db, ids: readonly string[]): Promise<PublicProduct[]> {
  if (ids.length === 0) return [];
  const rows = shape(await cards(db, []).where('p.id', 'in', ids).execute());
  const byId = new Map(rows.map((product) => [product._id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Most enrolled first (then best rated), in one category when named. */
export async function popularProducts(
  db: Db,
  { categoryId, exclude }: { categoryId?: string; exclude: readonly string[] },
): Promise<PublicProduct[]> {
  let query = cards(db, exclude);
  if (categoryId) query = query.where('p.category_id', '=', categoryId);
  const rows = await query
    .orderBy('p.enrolled_students', 'desc')
    .orderBy(sql`p.rating_average desc nulls last`)
    .orderBy('p.id')
    .limit(RECOMMENDATION_ROW_SIZE)
    .execute();
  return shape(rows);
}

/** Published since `since`, newest first. */
export async function newProducts(
  db: Db,
  { since, exclude }: { since: Date; exclude: readonly string[] },
): Promise<PublicProduct[]> {
  const rows = await cards(db, exclude)
    .where('p.created_at', '>=', since)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(RECOMMENDATION_ROW_SIZE)
    .execute();
  return shape(rows);
}

/** Rated products, best average first, more ratings breaking a tie. */
export async function topRatedProducts(
  db: Db,
  { exclude }: { exclude: readonly string[] },
): Promise<PublicProduct[]> {
  const rows = await cards(db, exclude)
    .where('p.rating_count', '>', 0)
    .orderBy('p.rating_average', 'desc')
    .orderBy('p.rating_count', 'desc')
    .orderBy('p.id')
    .limit(RECOMMENDATION_ROW_SIZE)
    .execute();
  return shape(rows);
}
