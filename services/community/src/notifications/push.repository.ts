import type { Kysely, Transaction } from 'kysely';
import {
  PUSH_DEVICES_MAX,
  PUSHED_BY_DEFAULT,
  type PushSubscriptionBody,
  type PushSubscriptions,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification-centre';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stores a browser's subscription for this person, or refreshes it (an endpoint belongs to whoever subscribed it
 * last); past PUSH_DEVICES_MAX, their oldest goes, so no one has the server push to endless addresses.
 */
export async function upsertSubscription(db: Kysely<Database>, userId: string, body: PushSubscriptionBody) {
  await db.transaction().execute(async (trx) => {
    await storeSubscription(trx, userId, body);
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(PUSH_DEVICES_MAX),
      )
      .execute();
  });
}

async function storeSubscription(db: Db, userId: string, body: PushSubscriptionBody): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
      })),
    )
    .execute();
}

/** Drops one of this person's subscriptions (another person's endpoint is left alone). */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptions> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at', 'last_success_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return {
    subscriptions: rows.map((row) => ({
      endpoint: row.endpoint,
      createdAt: row.created_at.toISOString(),
      lastSuccessAt: row.last_success_at?.toISOString() ?? null,
    })),
  };
}

/**
 * Queues a push of each of these stored notifications to each browser of its owner, when the owner wants that type
 * pushed (their switch, else PUSHED_BY_DEFAULT); in the caller's transaction, so a stored notification is never
 * left without its pushes.
 */
export async function queuePushes(db: Db, rows: NotificationRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const [subscriptions, chosen] = await Promise.all([
    db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('user_id', 'in', userIds).execute(),
    db
      .selectFrom('notification_preferences')
      .select(['user_id', 'type', 'push'])
      .where('user_id', 'in', userIds)
      .where('push', 'is not', null)
      .execute(),
  ]);
  if (subscriptions.length === 0) return 0;
  const choice = new Map(chosen.map((row) => [`${row.user_id}/${row.type}`, row.push]));
  const values = rows
    .filter((row) => choice.get(`${row.user_id}/${row.type}`) ?? PUSHED_BY_DEFAULT.includes(row.type))
    .flatMap((row) =>
      subscriptions
        .filter((s) => s.user_id === row.user_id)
        .map((s) => ({ subscription_id: s.id, notification_seq: row.seq, next_attempt_at: now })),
    );
  if (values.length === 0) return 0;
  await db
    .insertInto('push_sends')
    .values(values)
    .onConflict((oc) => oc.columns(['subscription_id', 'notification_seq']).doNothing())
    .execute();
  return values.length;
}

/** A push due now, with what it needs: the browser's keys and the notification's words and owner. */
export interface DuePush extends Pick<NotificationRow, 'title' | 'body' | 'wording' | 'wording_values'> {
  id: string;
  attempts: number;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: string;
  link: string;
}

/**
 * Claims up to `limit` due pushes for `leaseMs` (SKIP LOCKED: replicas and overlapping runs share the queue without
 * sending one twice; a claim whose sender died is due again when the lease ends).
 */
export async function claimDuePushes(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DuePush[]> {
  const claimed = await db
    .updateTable('push_sends')
    .set({ next_attempt_at: new Date(now.getTime() + leaseMs) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('push_sends')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('push_sends as p')
    .innerJoin('push_subscriptions as s', 's.id', 'p.subscription_id')
    .innerJoin('notifications as n', 'n.seq', 'p.notification_seq')
    .select([
      'p.id',
      'p.attempts',
      's.id as subscriptionId',
      's.endpoint',
      's.p256dh',
      's.auth',
      'n.user_id as userId',
      'n.title',
      'n.body',
      'n.wording',
      'n.wording_values',
      'n.link',
    ])
    .where(
      'p.id',
      'in',
      claimed.map((row) => row.id),
    )
    .execute();
}

/** Sent: the push leaves the queue and its browser is marked as reached. */
export async function markPushed(db: Db, push: DuePush, now: Date): Promise<void> {
  await db.deleteFrom('push_sends').where('id', '=', push.id).execute();
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: now })
    .where('id', '=', push.subscriptionId)
    .execute();
}

/** The push service says the subscription is gone (404/410): it goes, and every push still queued for it. */
export async function dropSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
}

/** Tries again at `at`, or (null) gives this push up. */
export async function retryPush(db: Db, push: DuePush, at: Date | null, error: string): Promise<void> {
  if (at === null) await db.deleteFrom('push_sends').where('id', '=', push.id).execute();
  else
    await db
      .updateTable('push_sends')
      .set({ attempts: push.attempts + 1, next_attempt_at: at, last_error: error })
      .where('id', '=', push.id)
      .execute();
}
