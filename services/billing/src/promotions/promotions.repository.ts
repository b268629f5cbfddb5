import { sql, type Kysely } from 'kysely';
import type { BillingInterval } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { NewPromotionCode, PromotionCode } from '../db/tables/plans';

type Db = Kysely<Database>;

export async function insertPromotionCode(db: Db, row: NewPromotionCode): Promise<PromotionCode> {
  return db.insertInto('promotion_codes').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The active code with these letters, whatever their case; else the newest inactive one. */
export async function findCodeByLetters(db: Db, code: string): Promise<PromotionCode | undefined> {
  return db
    .selectFrom('promotion_codes')
    .selectAll()
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .orderBy('active', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findPromotion(db: Db, id: string): Promise<PromotionCode | undefined> {
  return db.selectFrom('promotion_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deactivatePromotion(db: Db, id: string): Promise<PromotionCode | undefined> {
  return db
    .updateTable('promotion_codes')
    .set({ active: false })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Every code, newest first, with its redemptions and what the subscriptions that redeemed it have paid. */
export async function listPromotions(db: Db) {
  return db
    .selectFrom('promotion_codes as c')
    .leftJoin('promotion_redemptions as r', 'r.promotion_code_id', 'c.id')
    .leftJoin('invoices as i', (join) =>
      join.onRef('i.stripe_subscription_id', '=', 'r.stripe_subscription_id').on('i.status', '=', 'paid'),
    )
    .selectAll('c')
    .select((eb) => [
      eb.fn.count<string>(sql`distinct r.user_id`).as('redemptions'),
      eb.fn.coalesce(eb.fn.sum<string>('i.amount_paid'), sql<string>`0`).as('revenue'),
    ])
    .groupBy('c.id')
    .orderBy('c.created_at', 'desc')
    .execute();
}

export async function redemptionsOf(db: Db, id: string) {
  return db
    .selectFrom('promotion_redemptions as r')
    .leftJoin('invoices as i', (join) =>
      join.onRef('i.stripe_subscription_id', '=', 'r.stripe_subscription_id').on('i.status', '=', 'paid'),
    )
    .select(['r.user_id', 'r.interval', 'r.created_at', 'r.stripe_subscription_id'])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('i.amount_paid'), sql<string>`0`).as('paid'))
    .where('r.promotion_code_id', '=', id)
    .groupBy(['r.user_id', 'r.interval', 'r.created_at', 'r.stripe_subscription_id'])
    .orderBy('r.created_at', 'desc')
    .limit(500)
    .execute();
}

export async function countRedemptions(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('promotion_redemptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promotion_code_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasRedeemed(db: Db, id: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('promotion_redemptions')
    .select('user_id')
    .where('promotion_code_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A completed checkout's code, recorded once per person (the sync that first sees it). */
export async function recordRedemption(
  db: Db,
  row: {
    promotion_code_id: string;
    user_id: string;
    stripe_subscription_id: string;
    interval: BillingInterval;
  },
): Promise<void> {
  await db
    .insertInto('promotion_redemptions')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
