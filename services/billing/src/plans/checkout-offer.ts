import type Stripe from 'stripe';
import { TRIAL_DAYS, type BillingInterval, type Identity } from '@catalyst/contracts';
import { conflict } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { usableCode } from '../promotions/codes';
import { neverSubscribed } from './plans.repository';
import { priceIdFor } from './prices';

export const TRIAL_TAKEN_MESSAGE = 'The free trial is for people who never had Premium.';

/**
 * What a checkout for this person sells: the plan's price (monthly or annual), the free trial when asked for by
 * someone who never had Premium, and a promotion code they may use (refused with its reason before any checkout is opened).
 */
export async function checkoutOffer(
  deps: Deps,
  identity: Identity,
  body: { interval?: BillingInterval; code?: string; trial?: boolean },
) {
  const interval = body.interval ?? 'month';
  const code = body.code ? await usableCode(deps.db, identity.id, body.code, interval) : undefined;
  const trial = body.trial === true;
  if (trial && !(await neverSubscribed(deps.db, identity.id)))
    throw conflict(TRIAL_TAKEN_MESSAGE, [{ field: 'trial', message: TRIAL_TAKEN_MESSAGE }]);
  const metadata: Record<string, string> = {
    interval,
    ...(code ? { promotionCode: code.id } : {}),
    // A free trial, as opposed to a free period given later (a gift's months also make a plan 'trialing').
    ...(trial ? { freeTrial: 'yes' } : {}),
  };
  const params: Partial<Stripe.Checkout.SessionCreateParams> = {
    line_items: [{ price: await priceIdFor(deps, interval), quantity: 1 }],
    ...(code ? { discounts: [{ promotion_code: code.id }] } : {}),
    // A card is asked for all the same: the trial converts by itself unless cancelled.
    payment_method_collection: 'always',
  };
  return { params, metadata, trialDays: trial ? TRIAL_DAYS : undefined, codeId: code?.id };
}
