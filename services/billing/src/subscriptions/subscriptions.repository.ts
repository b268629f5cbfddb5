import { sql, type Kysely } from 'kysely';
import {
  ENTITLED_STATUSES,
  FREE_STATUS,
  type Entitlement,
  type SubscriptionStatus,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { Customer } from '../db/tables/customer';
import type { NewSubscription, Subscription } from '../db/tables/subscription';
import { hasActiveSeat, usersWithActiveSeats } from '../teams/teams.repository';

type Db = Kysely<Database>;

export async function findCustomerByUser(
  db: Db,
  userId: string,
  { lock = false } = {},
): Promise<Customer | undefined> {
  let query = db.selectFrom('customers').selectAll().where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findCustomerByProviderId(
  db: Db,
  stripeCustomerId: string,
): Promise<Customer | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('stripe_customer_id', '=', stripeCustomerId)
    .executeTakeFirst();
}

/** Serialises work on one key (a user's customer creation, one subscription's sync) within the caller's transaction. */
export async function lockKey(db: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export async function saveCustomer(
  db: Db,
  row: { user_id: string; stripe_customer_id: string; email: string | null },
): Promise<void> {
  await db
    .insertInto('customers')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ stripe_customer_id: row.stripe_customer_id, email: row.email }),
    )
    .execute();
}

/** Inserts the mapping only when the user has none (a webhook may name a user billing has not met). */
export async function saveCustomerIfAbsent(
  db: Db,
  row: { user_id: string; stripe_customer_id: string; email: string | null },
): Promise<void> {
  await db
    .insertInto('customers')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Writes the mirror. A subscription that has ended stays ended: no later write (a stale read, a replayed
 * or out-of-order event) can open Premium on it again (the provider never revives one either).
 */
export async function upsertSubscription(db: Db, row: NewSubscription): Promise<Subscription> {
  const written = await db
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('stripe_subscription_id')
        .doUpdateSet({
          user_id: row.user_id,
          stripe_customer_id: row.stripe_customer_id,
          plan: row.plan,
          status: row.status,
          current_period_end: row.current_period_end,
          cancel_at_period_end: row.cancel_at_period_end,
          canceled_at: row.canceled_at,
          ended_at: row.ended_at,
          past_due_since: row.past_due_since ?? null,
          grace_ends_at: row.grace_ends_at ?? null,
          updated_at: new Date(),
        })
        .where('subscriptions.ended_at', 'is', null),
    )
    .returningAll()
    .executeTakeFirst();
  return (
    written ??
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('stripe_subscription_id', '=', row.stripe_subscription_id)
      .executeTakeFirstOrThrow()
  );
}

/** The mirror of one subscription (what billing last read of it). */
export async function findSubscriptionById(
  db: Db,
  subscriptionId: string,
): Promise<Subscription | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('stripe_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

/** The user's subscription that matters: an entitled one first, then the latest period. */
export async function findCurrentSubscription(db: Db, userId: string): Promise<Subscription | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`status in (${sql.join(ENTITLED_STATUSES.map((s) => sql.lit(s)))})`, 'desc')
    .orderBy('current_period_end', (ob) => ob.desc().nullsLast())
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Subscriptions the provider may still bill: not yet ended. */
export async function findOpenSubscriptions(db: Db, userId: string): Promise<Subscription[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('status', 'not in', ['canceled', 'incomplete_expired'])
    .execute();
}

/** Ends the mirror of a subscription the provider no longer knows (so it cannot be read back). */
export async function markSubscriptionEnded(db: Db, subscriptionId: string, at: Date): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', cancel_at_period_end: false, canceled_at: at, ended_at: at, updated_at: at })
    .where('stripe_subscription_id', '=', subscriptionId)
    .execute();
}

/** A redeemed gift's period (no provider tells billing it ended): over once its end has passed. */
const giftOver = (sub: Subscription, now = Date.now()) =>
  sub.source === 'gift' && (sub.current_period_end === null || sub.current_period_end.getTime() <= now);

/** `past_due` opens Premium only until its grace period ends (the provider may retry for longer). */
export const isEntitled = (sub: Subscription | undefined, now = Date.now()): sub is Subscription =>
  !!sub &&
  ENTITLED_STATUSES.includes(sub.status) &&
  !(sub.status === 'past_due' && sub.grace_ends_at !== null && sub.grace_ends_at.getTime() <= now) &&
  !giftOver(sub, now);

export function statusFromRow(sub: Subscription | undefined): SubscriptionStatus {
  if (!sub) return FREE_STATUS;
  const entitled = isEntitled(sub);
  return {
    hasSubscription: entitled,
    plan: entitled ? sub.plan : null,
    status: giftOver(sub) ? 'canceled' : sub.status,
    currentPeriodEnd: sub.current_period_end ? sub.current_period_end.toISOString() : null,
    cancelAtPeriodEnd: entitled && sub.cancel_at_period_end,
    graceEndsAt: sub.status === 'past_due' && sub.grace_ends_at ? sub.grace_ends_at.toISOString() : null,
  };
}

/** What the user's current subscription entitles them to (peers ask; a user billing never saw is free). */
export async function entitlementOf(db: Db, userId: string): Promise<Entitlement> {
  const sub = await findCurrentSubscription(db, userId);
  // A seat in a team whose subscription grants access is Premium everywhere.
  if (!isEntitled(sub) && (await hasActiveSeat(db, userId)))
    return { entitled: true, plan: 'premium', status: 'active' };
  return {
    entitled: isEntitled(sub),
    plan: isEntitled(sub) ? sub.plan : null,
    status: sub?.status ?? 'free',
  };
}

/** Several users' plans at once (the admin users list): a user billing never saw is on the free plan. */
export async function plansOf(db: Db, userIds: string[]) {
  const current = new Map(
    (await findCurrentSubscriptions(db, userIds)).map((sub) => [sub.user_id, sub] as const),
  );
  const seated = await usersWithActiveSeats(db, userIds);
  return userIds.map((userId) => {
    const sub = current.get(userId);
    if (!isEntitled(sub) && seated.has(userId))
      return { userId, plan: 'premium' as const, status: 'active' as const };
    return {
      userId,
      plan: isEntitled(sub) ? ('premium' as const) : ('free' as const),
      status: sub?.status ?? ('free' as const),
    };
  });
}

/** The current subscription (as findCurrentSubscription picks it) of each of the given users that has one. */
export async function findCurrentSubscriptions(db: Db, userIds: readonly string[]): Promise<Subscription[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .distinctOn('user_id')
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .orderBy(sql`status in (${sql.join(ENTITLED_STATUSES.map((s) => sql.lit(s)))})`, 'desc')
    .orderBy('current_period_end', (ob) => ob.desc().nullsLast())
    .orderBy('updated_at', 'desc')
    .execute();
}

export async function countSubscribers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('count'))
    .where('status', 'in', [...ENTITLED_STATUSES])
    .where((eb) => eb.or([eb('source', '=', 'provider'), eb('current_period_end', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records an event id; false when it was already applied (the ledger's primary key decides). */
export async function recordEvent(
  db: Db,
  event: { id: string; type: string; created: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('events')
    .values({ id: event.id, type: event.type, provider_created: new Date(event.created * 1000) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
