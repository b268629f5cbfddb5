import { sql, type Kysely } from 'kysely';
import type { XapiDelivery, XapiDeliveryLog } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { XapiDeliveriesTable } from '../db/tables/xapi';
import type { XapiStatement } from './statement-schema';

type Db = Kysely<Database>;

/** How long a claimed batch is held from other replicas while it is being sent. */
const CLAIM_MS = 2 * 60_000;
export const RETRY_FIRST_SECONDS = 30;
export const RETRY_MAX_SECONDS = 3600;
/** Sent statements and the log are kept this long. */
const KEEP_DAYS = 30;

export const findSettings = (db: Db) => db.selectFrom('xapi_settings').selectAll().executeTakeFirst();

export const saveSettings = (
  db: Db,
  settings: { endpoint: string; lrs_key: string; secret_sealed: string; enabled: boolean },
) =>
  db
    .insertInto('xapi_settings')
    .values({ id: true, ...settings })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...settings, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();

/** Queues statements once: a statement already queued (an event read again) stays as it is. */
export async function queueStatements(
  db: Db,
  statements: { id: string; statement: XapiStatement }[],
  now: Date,
) {
  if (statements.length === 0) return;
  await db
    .insertInto('xapi_statements')
    .values(
      statements.map(({ id, statement }) => ({
        id,
        statement: JSON.stringify(statement),
        queued_at: now,
        next_attempt_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface ClaimedStatement {
  id: string;
  statement: XapiStatement;
  attempts: number;
}

/** Takes up to `limit` statements due at `now`, oldest first, and holds them from other replicas while they are sent. */
export async function claimDue(db: Db, now: Date, limit: number): Promise<ClaimedStatement[]> {
  const { rows } = await sql<ClaimedStatement>`
    update xapi_statements set next_attempt_at = ${new Date(now.getTime() + CLAIM_MS)}
     where id in (
       select id from xapi_statements
        where sent_at is null and next_attempt_at <= ${now}
        order by next_attempt_at, queued_at
        limit ${limit}
        for update skip locked)
    returning id::text, statement, attempts
  `.execute(db);
  return rows;
}

export async function markSent(db: Db, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db.updateTable('xapi_statements').set({ sent_at: at }).where('id', 'in', ids).execute();
}

/** A failed send: each statement is due again after its back-off, 30 s doubling with each failure up to an hour. */
export async function markFailed(db: Db, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('xapi_statements')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql`${now}::timestamptz + make_interval(secs => least(${RETRY_FIRST_SECONDS} * power(2, attempts), ${RETRY_MAX_SECONDS}))`,
    }))
    .where('id', 'in', ids)
    .execute();
}

export const logDelivery = (db: Db, delivery: Omit<XapiDeliveriesTable, 'id' | 'at'> & { at: Date }) =>
  db.insertInto('xapi_deliveries').values(delivery).execute();

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The admin's view: what waits, when the LRS last accepted, the next retry, the latest sends. */
export async function deliveryLog(db: Db, limit = 50): Promise<XapiDeliveryLog> {
  const [queue, deliveries] = await Promise.all([
    db
      .selectFrom('xapi_statements')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('sent_at', 'is', null).as('pending'),
        eb.fn.max('sent_at').as('last_sent_at'),
        eb.fn
          .min('next_attempt_at')
          .filterWhere((w) => w.and([w('sent_at', 'is', null), w('attempts', '>', 0)]))
          .as('next_retry_at'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('xapi_deliveries').selectAll().orderBy('id', 'desc').limit(limit).execute(),
  ]);
  return {
    pending: Number(queue.pending),
    lastSentAt: iso(queue.last_sent_at),
    nextRetryAt: iso(queue.next_retry_at),
    deliveries: deliveries.map((row): XapiDelivery => ({
      at: iso(row.at)!,
      kind: row.kind,
      statements: row.statements,
      delivered: row.delivered,
      status: row.status,
      answer: row.answer,
    })),
  };
}

/** Forgets statements sent and sends logged more than 30 days ago. */
export async function pruneXapi(db: Db, now: Date) {
  const before = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  await db.deleteFrom('xapi_statements').where('sent_at', '<', before).execute();
  await db.deleteFrom('xapi_deliveries').where('at', '<', before).execute();
}
