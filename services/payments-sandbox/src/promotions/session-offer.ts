import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CheckoutSession } from '../db/tables/checkout-session';
import type { Price } from '../db/tables/price';
import { invalidParam } from '../wire/errors';
import { optionalBoolean } from '../wire/params';
import { discountOf, redeemableCode } from './discounts';
import { findCoupon, findPromotionCode } from './promotions.repository';

/**
 * A subscription checkout's offer: `subscription_data.trial_period_days` (1–730), `allow_promotion_codes`, or
 * `discounts: [{ promotion_code }]` (checked now as the provider does: a code that cannot be redeemed refuses
 * the session). The provider refuses both ways of taking a code at once.
 */
export async function sessionOffer(
  db: Kysely<Database>,
  params: Record<string, unknown>,
  customer: string,
  now: number,
) {
  const subscriptionData = (params.subscription_data ?? {}) as Record<string, unknown>;
  let trialDays: number | null = null;
  if (subscriptionData.trial_period_days !== undefined && subscriptionData.trial_period_days !== '') {
    trialDays = Number(subscriptionData.trial_period_days);
    if (!Number.isInteger(trialDays) || trialDays < 1 || trialDays > 730)
      throw invalidParam(
        'subscription_data[trial_period_days]',
        'subscription_data[trial_period_days] must be an integer between 1 and 730.',
      );
  }
  const allow = optionalBoolean(params, 'allow_promotion_codes') ?? false;
  const discounts = Array.isArray(params.discounts) ? (params.discounts as Record<string, unknown>[]) : [];
  if (discounts.length > 1) throw invalidParam('discounts', 'You may only specify one discount.');
  const rawCode = discounts[0]?.promotion_code;
  if (discounts[0] && typeof rawCode !== 'string')
    throw invalidParam('discounts[0][promotion_code]', 'The sandbox supports discounts by promotion_code.');
  const codeId = typeof rawCode === 'string' ? rawCode : null;
  if (allow && codeId)
    throw invalidParam(
      'allow_promotion_codes',
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
    );
  if (codeId) await redeemableCode(db, codeId, customer, now);
  return { trial_period_days: trialDays, allow_promotion_codes: allow, promotion_code: codeId };
}

/** What the session's code takes off its first invoice (0 without one). */
export async function sessionDiscount(db: Kysely<Database>, session: CheckoutSession, price: Price) {
  if (!session.promotion_code) return 0;
  const code = await findPromotionCode(db, session.promotion_code);
  const coupon = code ? await findCoupon(db, code.coupon) : undefined;
  return coupon ? discountOf(coupon, price.unit_amount * session.quantity) : 0;
}
