import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Coupon, NewCoupon } from '../db/tables/coupon';
import type { NewPromotionCode, PromotionCode } from '../db/tables/promotion-code';

type Db = Kysely<Database>;

export async function insertCoupon(
  db: Db,
  row: Omit<NewCoupon, 'metadata'> & { metadata: Record<string, string> },
): Promise<Coupon> {
  return db
    .insertInto('coupons')
    .values({ ...row, metadata: JSON.stringify(row.metadata) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCoupon(db: Db, id: string): Promise<Coupon | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPromotionCode(
  db: Db,
  row: Omit<NewPromotionCode, 'metadata'> & { metadata: Record<string, string> },
): Promise<PromotionCode> {
  return db
    .insertInto('promotion_codes')
    .values({ ...row, metadata: JSON.stringify(row.metadata) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPromotionCode(
  db: Db,
  id: string,
  { lock = false } = {},
): Promise<PromotionCode | undefined> {
  let query = db.selectFrom('promotion_codes').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listPromotionCodes(
  db: Db,
  filter: { code?: string; active?: boolean; coupon?: string; limit: number },
): Promise<PromotionCode[]> {
  let query = db.selectFrom('promotion_codes').selectAll().orderBy('created', 'desc').limit(filter.limit);
  if (filter.code) query = query.where(sql`lower(code)`, '=', filter.code.toLowerCase());
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  if (filter.coupon) query = query.where('coupon', '=', filter.coupon);
  return query.execute();
}

export async function updatePromotionCode(
  db: Db,
  id: string,
  changes: { active?: boolean; metadata?: Record<string, string> },
): Promise<PromotionCode> {
  const { metadata, ...rest } = changes;
  return db
    .updateTable('promotion_codes')
    .set({ ...rest, ...(metadata ? { metadata: JSON.stringify(metadata) } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One redemption of a code and its coupon (a completed checkout). */
export async function countRedemption(db: Db, code: PromotionCode): Promise<void> {
  await db
    .updateTable('promotion_codes')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '+', 1) }))
    .where('id', '=', code.id)
    .execute();
  await db
    .updateTable('coupons')
    .set((eb) => ({ times_redeemed: eb('times_redeemed', '+', 1) }))
    .where('id', '=', code.coupon)
    .execute();
}

/** Whether the customer ever paid an invoice with money in it (restrictions.first_time_transaction). */
export async function hasPaidBefore(db: Db, customer: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('customer', '=', customer)
    .where('status', '=', 'paid')
    .where('amount_paid', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}
