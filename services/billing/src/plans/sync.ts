// What billing's sync of a subscription adds for plans: one trial per card, the plan's interval and trial end
// beside the mirror, and the promotion code a completed checkout redeemed.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import type { Subscription } from '../db/tables/subscription';
import type { Deps } from '../deps';
import { idOf, providerCall } from '../provider/stripe';
import { recordRedemption } from '../promotions/promotions.repository';
import { claimTrial, findPlanTerms, savePlanTerms } from './plans.repository';
import { intervalOf } from './prices';

type SyncDeps = Pick<Deps, 'stripe' | 'log'>;

/** A trial taken at checkout (not a free period a gift's months add to a running plan). */
const isFreeTrial = (sub: Stripe.Subscription) => sub.metadata?.freeTrial === 'yes';

/**
 * A trial is one per person: the first sync of a trialing subscription claims it for the account and the
 * card's fingerprint. A card that already had a trial on another account ends this one at once, before
 * anything is charged: the subscription is cancelled and the person can subscribe without a trial.
 */
export async function screenTrial(
  deps: SyncDeps,
  trx: Kysely<Database>,
  sub: Stripe.Subscription,
  userId: string,
): Promise<Stripe.Subscription> {
  if (sub.status !== 'trialing' || !isFreeTrial(sub)) return sub;
  const paymentMethod = idOf(sub.default_payment_method as string | { id: string } | null);
  const fingerprint = paymentMethod
    ? ((await providerCall(() => deps.stripe.paymentMethods.retrieve(paymentMethod), deps.log)).card
        ?.fingerprint ?? null)
    : null;
  const claimed = await claimTrial(trx, {
    user_id: userId,
    stripe_subscription_id: sub.id,
    card_fingerprint: fingerprint,
  });
  if (claimed) return sub;
  deps.log.warn({ subscription: sub.id, userId }, 'a second free trial on the same card or account; ended');
  return providerCall(() => deps.stripe.subscriptions.cancel(sub.id), deps.log);
}

/** The plan beside the mirror row, and a code's redemption once the checkout completed. */
export async function mirrorPlan(trx: Kysely<Database>, sub: Stripe.Subscription, row: Subscription) {
  const interval = intervalOf(sub);
  const before = await findPlanTerms(trx, sub.id);
  await savePlanTerms(trx, {
    stripe_subscription_id: sub.id,
    interval,
    trial_end:
      sub.status === 'trialing' && isFreeTrial(sub) && sub.trial_end ? new Date(sub.trial_end * 1000) : null,
    // A switch waiting for the renewal is done once the plan is the new one (or the plan ended).
    clearSchedule: sub.status === 'canceled' || before?.scheduled_interval === interval,
  });
  const code = sub.metadata?.promotionCode;
  if (code && !['incomplete', 'incomplete_expired'].includes(sub.status))
    await recordRedemption(trx, {
      promotion_code_id: code,
      user_id: row.user_id,
      stripe_subscription_id: sub.id,
      interval: (sub.metadata?.interval as 'month' | 'year' | undefined) ?? interval,
    });
}
