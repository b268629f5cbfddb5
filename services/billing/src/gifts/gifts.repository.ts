import { sql, type Kysely } from 'kysely';
import type { AdminGift, Gift as GiftView } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { Gift, GiftUpdate, NewGift } from '../db/tables/gift';

type Db = Kysely<Database>;

export async function insertGift(db: Db, row: NewGift): Promise<Gift> {
  return db.insertInto('gifts').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findGiftByCode(db: Db, code: string, { lock = false } = {}) {
  let query = db.selectFrom('gifts').selectAll().where('code', '=', code);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findGiftById(db: Db, id: string, { lock = false } = {}) {
  let query = db.selectFrom('gifts').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findGiftBySession(db: Db, sessionId: string) {
  return db.selectFrom('gifts').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
}

export async function updateGift(db: Db, id: string, changes: GiftUpdate): Promise<Gift> {
  return db.updateTable('gifts').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A pending gift becomes paid, once: undefined when it was paid already (the other caller sends the mails). */
export async function markGiftPaid(db: Db, id: string, paymentIntent: string | null) {
  return db
    .updateTable('gifts')
    .set({ status: 'paid', payment_intent: paymentIntent, receipt_sent_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Claims the paid e-mail gifts due by `day` (YYYY-MM-DD) and not yet sent: each claimed once. */
export async function claimDueGiftMails(db: Db, day: string): Promise<Gift[]> {
  return db
    .updateTable('gifts')
    .set({ sent_at: new Date() })
    .where('status', '=', 'paid')
    .where('delivery', '=', 'email')
    .where('sent_at', 'is', null)
    .where(sql<boolean>`send_on <= ${day}::date`)
    .returningAll()
    .execute();
}

export async function listGiftsOfBuyer(db: Db, userId: string): Promise<Gift[]> {
  return db
    .selectFrom('gifts')
    .selectAll()
    .where('buyer_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

export async function listGifts(db: Db): Promise<Gift[]> {
  return db.selectFrom('gifts').selectAll().orderBy('created_at', 'desc').limit(200).execute();
}

/** A `date` column's value (pg reads it as local midnight) as YYYY-MM-DD. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The buyer's view; the code only once paid. */
export function toGiftView(row: Gift, publicUrl: string): GiftView {
  const paid = row.status !== 'pending';
  return {
    id: row.id,
    months: row.months,
    amount: row.amount / 100,
    currency: row.currency,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    delivery: row.delivery,
    sendOn: dayOf(row.send_on),
    message: row.message,
    status: row.status,
    code: paid ? row.code : null,
    redeemUrl: paid ? giftRedeemUrl(publicUrl, row.code) : null,
    sentAt: iso(row.sent_at),
    createdAt: row.created_at.toISOString(),
  };
}

export function toAdminGift(row: Gift): AdminGift {
  const { code: _code, redeemUrl: _url, ...rest } = toGiftView(row, '');
  return { ...rest, buyerEmail: row.buyer_email, redeemedAt: iso(row.redeemed_at) };
}

export const giftRedeemUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}/gift/${code}`;
