// Stripe-shaped JSON for the sandbox's coupons, promotion codes, schedules and payment methods.
import { createHash } from 'node:crypto';
import type { Coupon } from '../db/tables/coupon';
import type { Customer } from '../db/tables/customer';
import type { PromotionCode } from '../db/tables/promotion-code';
import type { SubscriptionSchedule } from '../db/tables/subscription-schedule';
import { cardLast4 } from '../cards';

export function toCoupon(row: Coupon) {
  return {
    id: row.id,
    object: 'coupon',
    name: row.name,
    percent_off: row.percent_off,
    amount_off: row.amount_off,
    currency: row.currency,
    duration: row.duration,
    duration_in_months: row.duration_in_months,
    max_redemptions: row.max_redemptions,
    redeem_by: row.redeem_by,
    times_redeemed: row.times_redeemed,
    valid: true,
    metadata: row.metadata,
    created: row.created,
    livemode: false,
  };
}

export function toPromotionCode(row: PromotionCode, coupon: Coupon) {
  return {
    id: row.id,
    object: 'promotion_code',
    code: row.code,
    active: row.active,
    promotion: { type: 'coupon', coupon: toCoupon(coupon) },
    // Older API versions carried the coupon at the top.
    coupon: toCoupon(coupon),
    customer: null,
    expires_at: row.expires_at,
    max_redemptions: row.max_redemptions,
    times_redeemed: row.times_redeemed,
    restrictions: {
      first_time_transaction: row.first_time_transaction,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    metadata: row.metadata,
    created: row.created,
    livemode: false,
  };
}

export function toSchedule(row: SubscriptionSchedule) {
  return {
    id: row.id,
    object: 'subscription_schedule',
    subscription: row.subscription,
    customer: row.customer,
    status: row.status,
    end_behavior: row.end_behavior,
    released_at: row.released_at,
    released_subscription: row.status === 'released' ? row.subscription : null,
    phases: row.phases.map((phase) => ({
      start_date: phase.start_date,
      end_date: phase.end_date,
      items: [{ price: phase.price, quantity: 1 }],
    })),
    created: row.created,
    livemode: false,
  };
}

/** The card on file as a payment method; its id is the customer's, so it is found again by id. */
export const paymentMethodId = (customerId: string) => `pm_${customerId.replace(/^cus_/, '')}`;
export const customerOfPaymentMethod = (id: string) => `cus_${id.replace(/^pm_/, '')}`;

/** The same card number always has the same fingerprint (the provider's, for "one trial per card"). */
export const cardFingerprint = (cardNumber: string) =>
  createHash('sha256').update(`catalyst-sandbox:${cardNumber}`).digest('base64url').slice(0, 16);

export function toPaymentMethod(customer: Customer) {
  const number = customer.card_number ?? '';
  return {
    id: paymentMethodId(customer.id),
    object: 'payment_method',
    type: 'card',
    customer: customer.id,
    card: {
      brand: number.startsWith('5') ? 'mastercard' : 'visa',
      last4: cardLast4(customer.card_number),
      exp_month: 12,
      exp_year: 2034,
      fingerprint: cardFingerprint(number),
    },
    created: customer.created,
    livemode: false,
  };
}
