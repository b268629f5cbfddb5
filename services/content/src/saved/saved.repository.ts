import { sql, type Kysely } from 'kysely';
import { SAVED_MAX, type SavedProduct } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { PRODUCT_REF_COLUMNS, toPublicProduct, type ProductRecord } from '../products/products.repository';

/** `p.listed`: published, active, in an active category, by an active creator (what public lists show). */
const listed = sql<boolean>`p.listed`;

/** Whether `productId` (an `_id`) is a product the public may see, so a member may save it. */
export async function isSavable(db: Kysely<Database>, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.id', '=', productId)
    .where(listed)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves the product for the member unless their list is full; saving it again keeps the first save (its
 * place in the list). Answers whether the product is on the list afterwards.
 */
export async function saveProduct(db: Kysely<Database>, userId: string, productId: string): Promise<boolean> {
  const inserted = await db
    .insertInto('saved_products')
    .columns(['user_id', 'product_id'])
    .expression(
      db
        .selectNoFrom([sql<string>`${userId}`.as('user_id'), sql<string>`${productId}`.as('product_id')])
        .where(
          db.selectFrom('saved_products').select(db.fn.countAll().as('n')).where('user_id', '=', userId),
          '<',
          SAVED_MAX,
        ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const kept = await db
    .selectFrom('saved_products')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return kept !== undefined;
}

export async function unsaveProduct(db: Kysely<Database>, userId: string, productId: string): Promise<void> {
  await db
    .deleteFrom('saved_products')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .execute();
}

/** The member's saves of products the public may see, joined to what a card shows. */
function savedOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('saved_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .where('s.user_id', '=', userId)
    .where(listed);
}

/** One page of the member's list, newest first, after the save `afterSeq` (exclusive); `limit + 1` rows read. */
export async function listSaved(
  db: Kysely<Database>,
  userId: string,
  { afterSeq, limit }: { afterSeq: string | null; limit: number },
): Promise<{ rows: (SavedProduct & { seq: string })[]; total: number }> {
  let page = savedOf(db, userId)
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('creators as cr', 'cr.id', 'p.creator_id')
    .selectAll('p')
    .select(PRODUCT_REF_COLUMNS)
    .select(['s.seq', 's.saved_at'])
    .orderBy('s.seq', 'desc')
    .limit(limit + 1);
  if (afterSeq !== null) page = page.where('s.seq', '<', afterSeq as never);
  const [rows, count] = await Promise.all([
    page.execute(),
    savedOf(db, userId).select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      seq: String(row.seq),
      savedAt: row.saved_at.toISOString(),
      product: toPublicProduct(row as unknown as ProductRecord),
    })),
    total: Number(count.n),
  };
}

/** The ids of every product on the member's list that the public may see, newest first. */
export async function listSavedIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await savedOf(db, userId).select('s.product_id').orderBy('s.seq', 'desc').execute();
  return rows.map((row) => row.product_id);
}

/** Forgets every save of a deleted account; answers how many there were. */
export async function deleteSavedOfUser(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('saved_products').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
