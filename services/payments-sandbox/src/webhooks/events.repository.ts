import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Event } from '../db/tables/event';
import { stripeId } from '../wire/ids';
import { API_VERSION } from '../objects';

type Db = Kysely<Database>;

/**
 * Records an event in the outbox, in the same transaction as the state change it describes, so a
 * change is never without its webhook and a webhook never describes a change that rolled back.
 */
export async function enqueueEvent(
  db: Db,
  type: string,
  object: unknown,
  created: number,
  previousAttributes?: Record<string, unknown>,
) {
  const id = stripeId('evt');
  const payload = JSON.stringify(
    {
      id,
      object: 'event',
      api_version: API_VERSION,
      created,
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
  await db.insertInto('events').values({ id, type, payload, created }).execute();
  return id;
}

export async function dueEvents(db: Db, limit: number): Promise<Event[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('delivered_at', 'is', null)
    .where('gave_up', '=', false)
    .where('next_attempt_at', '<=', new Date())
    .orderBy('next_attempt_at')
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({ delivered_at: new Date(), attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markFailed(
  db: Db,
  id: string,
  { error, nextAttemptAt, giveUp }: { error: string; nextAttemptAt: Date; giveUp: boolean },
) {
  await db
    .updateTable('events')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      next_attempt_at: nextAttemptAt,
      gave_up: giveUp,
    }))
    .where('id', '=', id)
    .execute();
}

export async function findEvent(db: Db, id: string): Promise<Event | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEvents(db: Db, filter: { type?: string; limit: number }): Promise<Event[]> {
  let query = db.selectFrom('events').selectAll().orderBy('seq', 'desc').limit(filter.limit);
  if (filter.type) query = query.where('type', '=', filter.type);
  return query.execute();
}
