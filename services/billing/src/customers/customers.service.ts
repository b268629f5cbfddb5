import { HttpError, unavailable } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import {
  findCustomerByUser,
  findOpenSubscriptions,
  markSubscriptionEnded,
} from '../subscriptions/subscriptions.repository';
import { syncSubscription } from '../subscriptions/subscriptions.sync';

/**
 * The user's account is being deleted: every subscription the provider could still bill is cancelled
 * now (no refund, per the terms), the mirror follows the provider, and the entitlement caches are told.
 * The events ledger is kept. Idempotent: a user without a customer, or already cancelled, is a no-op.
 */
export async function endCustomer(
  deps: Deps,
  userId: string,
  requestId?: string,
): Promise<{ canceled: string[] }> {
  const customer = await findCustomerByUser(deps.db, userId);
  const open = await findOpenSubscriptions(deps.db, userId);
  if (!customer && open.length === 0) return { canceled: [] };
  const canceled: string[] = [];
  for (const sub of open) {
    let missing = false;
    try {
      await providerCall(() => deps.stripe.subscriptions.cancel(sub.stripe_subscription_id), deps.log);
    } catch (error) {
      // Already cancelled at the provider (a retry, or a webhook not yet applied): the read below settles it.
      if (isMissingResource(error)) missing = true;
      else if (!(error instanceof HttpError && error.status === 400)) throw error;
    }
    const row = missing
      ? null
      : await deps.db
          .transaction()
          .execute((trx) => syncSubscription(deps, trx, sub.stripe_subscription_id, userId));
    if (!row) await markSubscriptionEnded(deps.db, sub.stripe_subscription_id, new Date());
    else if (row.status !== 'canceled' && row.status !== 'incomplete_expired') {
      deps.log.warn(
        { userId, subscription: sub.stripe_subscription_id, status: row.status },
        'provider did not end the subscription',
      );
      throw unavailable(
        'The subscription could not be cancelled at the payment provider. Please try again shortly.',
      );
    }
    canceled.push(sub.stripe_subscription_id);
  }
  if (canceled.length > 0) await deps.invalidations.publish('entitlement', userId, requestId);
  deps.log.info({ userId, canceled }, 'customer ended for account deletion');
  return { canceled };
}
