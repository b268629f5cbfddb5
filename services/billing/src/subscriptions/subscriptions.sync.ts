import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { subscriptionStatusValues, type SubscriptionStatusValue } from '@catalyst/contracts';
import type { Deps } from '../deps';
import type { Database } from '../db/schema';
import type { Subscription } from '../db/tables/subscription';
import { idOf, isMissingResource, periodEndOf, providerCall } from '../provider/stripe';
import {
  findCustomerByProviderId,
  lockKey,
  saveCustomerIfAbsent,
  upsertSubscription,
} from './subscriptions.repository';

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function statusOf(sub: Stripe.Subscription): SubscriptionStatusValue {
  return (subscriptionStatusValues as readonly string[]).includes(sub.status)
    ? (sub.status as SubscriptionStatusValue)
    : 'incomplete';
}

/**
 * Mirrors one subscription from a fresh read of the provider, never from an event's payload, so the
 * order in which events arrive cannot regress the state. Reads of one subscription are serialised
 * (advisory lock held until the caller's transaction ends): the last writer always read last.
 */
export async function syncSubscription(
  deps: Pick<Deps, 'stripe' | 'log'>,
  trx: Kysely<Database>,
  subscriptionId: string,
  userIdHint?: string | null,
): Promise<Subscription | null> {
  await lockKey(trx, `billing:subscription:${subscriptionId}`);
  let sub: Stripe.Subscription;
  try {
    sub = await providerCall(() => deps.stripe.subscriptions.retrieve(subscriptionId), deps.log);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    deps.log.warn({ subscription: subscriptionId }, 'provider does not know this subscription; ignored');
    return null;
  }
  const customerId = idOf(sub.customer);
  if (!customerId) return null;
  const mapping = await findCustomerByProviderId(trx, customerId);
  const userId = mapping?.user_id ?? userIdHint ?? sub.metadata?.userId ?? null;
  if (!userId) {
    deps.log.warn(
      { subscription: subscriptionId, customer: customerId },
      'subscription of an unknown customer; ignored',
    );
    return null;
  }
  if (!mapping)
    await saveCustomerIfAbsent(trx, { user_id: userId, stripe_customer_id: customerId, email: null });
  return upsertSubscription(trx, {
    stripe_subscription_id: sub.id,
    user_id: userId,
    stripe_customer_id: customerId,
    plan: 'premium',
    status: statusOf(sub),
    current_period_end: periodEndOf(sub),
    cancel_at_period_end: sub.cancel_at_period_end,
    canceled_at: toDate(sub.canceled_at),
    ended_at: toDate(sub.ended_at),
  });
}

/** Syncs in its own transaction, then tells the entitlement caches. */
export async function syncAndNotify(
  deps: Deps,
  subscriptionId: string,
  userIdHint?: string | null,
  requestId?: string,
) {
  const row = await deps.db
    .transaction()
    .execute((trx) => syncSubscription(deps, trx, subscriptionId, userIdHint));
  if (row) await deps.invalidations.publish('entitlement', row.user_id, requestId);
  return row;
}
