// What a coupon takes off an amount, and whether a promotion code may be redeemed now: the rules the
// provider applies at checkout, at every renewal and in an invoice preview.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Coupon } from '../db/tables/coupon';
import type { PromotionCode } from '../db/tables/promotion-code';
import type { Subscription } from '../db/tables/subscription';
import { addMonths } from '../subscriptions/periods';
import { StripeApiError, noSuch } from '../wire/errors';
import { findCoupon, findPromotionCode, hasPaidBefore } from './promotions.repository';

type Db = Kysely<Database>;

/** The coupon's part of `subtotal` (minor units), never more than the subtotal. */
export function discountOf(coupon: Coupon, subtotal: number): number {
  if (coupon.percent_off !== null)
    return Math.min(subtotal, Math.round((subtotal * coupon.percent_off) / 100));
  return Math.min(subtotal, coupon.amount_off ?? 0);
}

/** Invoices made before this moment carry the discount: once (the first only), N months, or forever (null). */
export function discountEnd(coupon: Coupon, start: number): number | null {
  if (coupon.duration === 'once') return start + 1;
  if (coupon.duration === 'repeating') return addMonths(start, coupon.duration_in_months ?? 1);
  return null;
}

const refusal = (message: string, code: string, param: string) =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

/**
 * The promotion code and its coupon when the customer may redeem it now; the provider's refusal otherwise
 * (inactive, expired, used up, or a first-time code for a customer who has paid before).
 */
export async function redeemableCode(
  db: Db,
  id: string,
  customer: string | null,
  now: number,
  param = 'discounts[0][promotion_code]',
): Promise<{ code: PromotionCode; coupon: Coupon }> {
  const code = await findPromotionCode(db, id);
  if (!code) throw noSuch('promotion code', id, param);
  const coupon = await findCoupon(db, code.coupon);
  if (!coupon) throw noSuch('coupon', code.coupon, param);
  if (!code.active) throw refusal('This promotion code is inactive.', 'promotion_code_inactive', param);
  const expiry = Math.min(code.expires_at ?? Infinity, coupon.redeem_by ?? Infinity);
  if (expiry <= now) throw refusal('This promotion code has expired.', 'coupon_expired', param);
  const limits = [code.max_redemptions, coupon.max_redemptions].filter((n): n is number => n !== null);
  if (limits.some((max) => code.times_redeemed >= max || coupon.times_redeemed >= max))
    throw refusal(
      'This promotion code has reached its maximum number of redemptions.',
      'coupon_expired',
      param,
    );
  if (code.first_time_transaction && customer && (await hasPaidBefore(db, customer)))
    throw refusal(
      'This promotion code cannot be redeemed because the associated customer has prior transactions.',
      'promotion_code_customer_not_eligible',
      param,
    );
  return { code, coupon };
}

/** The discount a subscription's invoice made at `at` carries (0 without a code or past its duration). */
export async function subscriptionDiscount(db: Db, sub: Subscription, subtotal: number, at: number) {
  if (!sub.promotion_code) return 0;
  if (sub.discount_end !== null && at >= sub.discount_end) return 0;
  const code = await findPromotionCode(db, sub.promotion_code);
  const coupon = code ? await findCoupon(db, code.coupon) : undefined;
  return coupon ? discountOf(coupon, subtotal) : 0;
}
