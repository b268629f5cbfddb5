import type { Hono } from 'hono';
import { billingInternalRoutes } from '@catalyst/contracts';
import { HttpError, mountRoutes, unavailable, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { syncSubscription } from '../subscriptions/subscriptions.handlers';
import { leaveTeamForDeletion } from '../teams/account-deletion';
import {
  countSubscribers,
  entitlementOf,
  findCustomerByUser,
  findOpenSubscriptions,
  markSubscriptionEnded,
  plansOf,
} from '../subscriptions/subscriptions.repository';

/**
 * The user's account is being deleted: every subscription the provider could still bill is cancelled
 * now (no refund, per the terms), the mirror follows the provider, and the entitlement caches are told.
 * The events ledger is kept. Idempotent: a user without a customer, or already cancelled, is a no-op.
 */
async function endCustomer(deps: Deps, userId: string, requestId?: string): Promise<{ canceled: string[] }> {
  // Their team first: a member's seat is freed, an owner's team ends.
  const canceled = await leaveTeamForDeletion(deps, userId, requestId);
  const customer = await findCustomerByUser(deps.db, userId);
  const open = await findOpenSubscriptions(deps.db, userId);
  if (!customer && open.length === 0) return { canceled };
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

/** /internal/*: for content, progress, auth and the admin dashboard (the service-kit guard checks the shared secret). */
export const mountInternal = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, billingInternalRoutes, {
    entitlement: ({ params }) => entitlementOf(deps.db, params.userId),
    subscriberCount: async () => ({ count: await countSubscribers(deps.db) }),
    // The admin users list: each listed user's plan, in one query.
    planLookup: ({ body }) => plansOf(deps.db, body.userIds),
    // Account deletion (auth calls this first): cancels at the provider at once; safe to repeat.
    deleteCustomer: ({ params, requestId }) => endCustomer(deps, params.userId, requestId),
  });
