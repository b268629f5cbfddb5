import type { Deps } from '../deps';
import { providerCall } from '../provider/stripe';
import { syncAndNotify } from '../subscriptions/subscriptions.handlers';
import { findCurrentSubscription, isEntitled } from '../subscriptions/subscriptions.repository';

/**
 * A personal plan that would renew is set to end at its period's end, so nobody pays for Premium twice once a
 * team's seat covers them (joined by invitation, single sign-on or the directory, or bought the team); answers
 * that end, or null. Idempotent: a plan already ending is only read again.
 */
export async function endPersonalPlan(deps: Deps, userId: string): Promise<Date | null> {
  const current = await findCurrentSubscription(deps.db, userId);
  if (!isEntitled(current) || current.source !== 'provider' || !current.current_period_end) return null;
  if (!current.cancel_at_period_end)
    await providerCall(
      () => deps.stripe.subscriptions.update(current.stripe_subscription_id, { cancel_at_period_end: true }),
      deps.log,
    );
  const row = await syncAndNotify(deps, current.stripe_subscription_id, userId);
  return row?.current_period_end ?? current.current_period_end;
}
