import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CheckoutSession } from '../db/tables/checkout-session';
import type { Price } from '../db/tables/price';
import { periodEnd } from '../subscriptions/periods';
import { discountEnd, discountOf, redeemableCode } from './discounts';
import { countRedemption, findPromotionCode } from './promotions.repository';

type Db = Kysely<Database>;

/**
 * What a completed checkout starts: a trial (nothing charged, the period ends with the trial) or a first
 * period paid now, less the promotion code's discount. The code is checked again and counted here, locked,
 * so two checkouts cannot both take a code's last redemption.
 */
export async function checkoutTerms(db: Db, session: CheckoutSession, price: Price, now: number) {
  const subtotal = price.unit_amount * session.quantity;
  const trialEnd = session.trial_period_days ? now + session.trial_period_days * 86400 : null;
  let discount = 0;
  let promotion: { promotion_code: string; discount_start: number; discount_end: number | null } | null =
    null;
  if (session.promotion_code) {
    await findPromotionCode(db, session.promotion_code, { lock: true });
    const { code, coupon } = await redeemableCode(db, session.promotion_code, session.customer, now);
    await countRedemption(db, code);
    // During a trial the discount waits for the first charge.
    const start = trialEnd ?? now;
    promotion = { promotion_code: code.id, discount_start: start, discount_end: discountEnd(coupon, start) };
    discount = trialEnd ? 0 : discountOf(coupon, subtotal);
  }
  return {
    trialEnd,
    periodEnd: trialEnd ?? periodEnd(now, price.interval),
    subtotal: trialEnd ? 0 : subtotal,
    discount,
    amount: trialEnd ? 0 : subtotal - discount,
    subscription: {
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      promotion_code: promotion?.promotion_code ?? null,
      discount_start: promotion?.discount_start ?? null,
      discount_end: promotion?.discount_end ?? null,
    },
  };
}
