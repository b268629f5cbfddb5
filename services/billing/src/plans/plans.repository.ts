import { sql, type Kysely } from 'kysely';
import type { BillingInterval } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { PlanTerms } from '../db/tables/plans';

type Db = Kysely<Database>;

export async function savePlanTerms(
  db: Db,
  row: {
    stripe_subscription_id: string;
    interval: BillingInterval;
    trial_end: Date | null;
    clearSchedule: boolean;
  },
): Promise<void> {
  const { clearSchedule, ...values } = row;
  await db
    .insertInto('plan_terms')
    .values(values)
    .onConflict((oc) =>
      oc.column('stripe_subscription_id').doUpdateSet({
        interval: values.interval,
        trial_end: values.trial_end,
        updated_at: new Date(),
        ...(clearSchedule ? { scheduled_interval: null, schedule_id: null } : {}),
      }),
    )
    .execute();
}

export async function findPlanTerms(db: Db, subscriptionId: string): Promise<PlanTerms | undefined> {
  return db
    .selectFrom('plan_terms')
    .selectAll()
    .where('stripe_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

export async function scheduleInterval(
  db: Db,
  subscriptionId: string,
  interval: BillingInterval,
  scheduleId: string,
): Promise<void> {
  await db
    .updateTable('plan_terms')
    .set({ scheduled_interval: interval, schedule_id: scheduleId, updated_at: new Date() })
    .where('stripe_subscription_id', '=', subscriptionId)
    .execute();
}

export async function clearScheduledInterval(db: Db, subscriptionId: string): Promise<void> {
  await db
    .updateTable('plan_terms')
    .set({ scheduled_interval: null, schedule_id: null, updated_at: new Date() })
    .where('stripe_subscription_id', '=', subscriptionId)
    .execute();
}

/** Never had Premium: no subscription of any kind and no trial taken. */
export async function neverSubscribed(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .where('user_id', '=', userId)
    .unionAll(db.selectFrom('trial_claims').select('user_id').where('user_id', '=', userId))
    .executeTakeFirst();
  return row === undefined;
}

/**
 * Claims the person's one trial, by account and by card. False when this card already had a trial on another
 * account (the unique fingerprint refuses it); the account's own claim is idempotent.
 */
export async function claimTrial(
  db: Db,
  row: { user_id: string; stripe_subscription_id: string; card_fingerprint: string | null },
): Promise<boolean> {
  const existing = await db
    .selectFrom('trial_claims')
    .selectAll()
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (existing) return existing.stripe_subscription_id === row.stripe_subscription_id;
  const inserted = await db
    .insertInto('trial_claims')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Trials ending within `within` of `now` whose reminder has not gone, still trialing and not cancelled. */
export async function trialsToRemind(db: Db, now: Date, withinMs: number) {
  return db
    .selectFrom('trial_claims as t')
    .innerJoin('subscriptions as s', 's.stripe_subscription_id', 't.stripe_subscription_id')
    .innerJoin('plan_terms as p', 'p.stripe_subscription_id', 't.stripe_subscription_id')
    .select(['t.user_id', 't.stripe_subscription_id', 'p.trial_end', 'p.interval', 's.stripe_customer_id'])
    .where('t.reminder_sent_at', 'is', null)
    .where('s.status', '=', 'trialing')
    .where('s.cancel_at_period_end', '=', false)
    .where('p.trial_end', '>', now)
    .where('p.trial_end', '<=', new Date(now.getTime() + withinMs))
    .execute();
}

/** Marks one reminder sent; false when another process sent it first. */
export async function markReminded(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('trial_claims')
    .set({ reminder_sent_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('reminder_sent_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
