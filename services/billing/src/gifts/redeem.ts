// Redeeming a gift: single use (its row locked, then marked), its months after any paid period. Someone who
// pays already gets the months before their next charge (the provider's trial_end moves, nothing is
// charged until then); anyone else a gift period of its own on the mirror, after a plan that is ending.
import type { Kysely } from 'kysely';
import { giftMessages, type GiftRedemption, type Identity } from '@catalyst/contracts';
import { HttpError, conflict, notFound } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { syncSubscription } from '../subscriptions/subscriptions.handlers';
import { findCurrentSubscription, isEntitled, lockKey } from '../subscriptions/subscriptions.repository';
import { findGiftByCode, updateGift } from './gifts.repository';

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

const REFUSAL: Record<string, string> = {
  redeemed: giftMessages.redeemed,
  refunded: giftMessages.refunded,
  pending: giftMessages.unpaid,
};

export async function redeemGift(deps: Deps, identity: Identity, code: string): Promise<GiftRedemption> {
  if (identity.role === 'admin') throw conflict('Admins already have full access');
  const result = await deps.db.transaction().execute(async (trx) => {
    const gift = await findGiftByCode(trx, code, { lock: true });
    if (!gift) throw notFound(giftMessages.notFound);
    if (gift.status !== 'paid') throw conflict(REFUSAL[gift.status] ?? giftMessages.redeemed);
    // One redemption at a time per person: their periods are read, then extended.
    await lockKey(trx, `billing:customer:${identity.id}`);
    const until = await addGiftMonths(deps, trx, identity, gift.id, gift.months);
    await updateGift(trx, gift.id, { status: 'redeemed', redeemed_by: identity.id, redeemed_at: new Date() });
    return { months: gift.months, premiumUntil: until.toISOString() };
  });
  await deps.invalidations.publish('entitlement', identity.id);
  return result;
}

async function addGiftMonths(
  deps: Deps,
  trx: Kysely<Database>,
  identity: Identity,
  giftId: string,
  months: number,
): Promise<Date> {
  const current = await findCurrentSubscription(trx, identity.id);
  const renewing =
    current &&
    current.source === 'provider' &&
    ['active', 'trialing'].includes(current.status) &&
    !current.cancel_at_period_end &&
    current.current_period_end;
  if (renewing) {
    const until = addMonths(current.current_period_end!, months);
    try {
      // Same key on a retry: the provider answers the first call again, never moves the date twice.
      await providerCall(
        () =>
          deps.stripe.subscriptions.update(
            current.stripe_subscription_id,
            { trial_end: Math.floor(until.getTime() / 1000), proration_behavior: 'none' },
            { idempotencyKey: `catalyst-gift-${giftId}` },
          ),
        deps.log,
      );
    } catch (error) {
      if (isMissingResource(error))
        throw new HttpError(503, 'Your plan could not be extended. Please try again.');
      throw error;
    }
    await syncSubscription(deps, trx, current.stripe_subscription_id, identity.id);
    return until;
  }
  // After whatever Premium the person has now (a plan that is ending, earlier gifts), never before now.
  const now = new Date();
  const paidUntil =
    isEntitled(current) && current.current_period_end && current.current_period_end > now
      ? current.current_period_end
      : now;
  const until = addMonths(paidUntil, months);
  await trx
    .insertInto('subscriptions')
    .values({
      stripe_subscription_id: `gift_${giftId}`,
      user_id: identity.id,
      stripe_customer_id: '',
      plan: 'premium',
      status: 'active',
      current_period_end: until,
      cancel_at_period_end: true,
      canceled_at: null,
      ended_at: null,
      source: 'gift',
    })
    .execute();
  return until;
}
