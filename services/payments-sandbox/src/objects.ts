// Stripe-shaped JSON for each sandbox row: what the stripe SDK and the webhook consumer read.
import type { CheckoutSession } from './db/tables/checkout-session';
import type { Customer } from './db/tables/customer';
import type { Invoice } from './db/tables/invoice';
import type { PortalSession } from './db/tables/portal-session';
import type { Price } from './db/tables/price';
import type { Subscription } from './db/tables/subscription';
import { cardLast4 } from './cards';
import { paymentIntentIdOf } from './payments/ids';
import { paymentMethodId } from './promotions/objects';
import { nextRetry } from './subscriptions/retries';

export const API_VERSION = '2025-10-29.clover';

export function toCustomer(row: Customer) {
  return {
    id: row.id,
    object: 'customer',
    created: row.created,
    email: row.email,
    name: row.name,
    metadata: row.metadata,
    livemode: false,
    invoice_settings: {
      default_payment_method: row.card_number ? `pm_card_${cardLast4(row.card_number)}` : null,
    },
  };
}

export function toPrice(row: Price) {
  return {
    id: row.id,
    object: 'price',
    active: true,
    currency: row.currency,
    unit_amount: row.unit_amount,
    nickname: row.product_name,
    lookup_key: row.lookup_key,
    product: `prod_${row.id.replace(/^price_/, '')}`,
    recurring: { interval: row.interval, interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    livemode: false,
    created: row.created,
  };
}

/** `discount`: what the session's promotion code takes off the first invoice (minor units). */
export function toCheckoutSession(row: CheckoutSession, price: Price, publicUrl: string, discount = 0) {
  const subtotal = price.unit_amount * row.quantity;
  // A trial's first invoice is free: the session charges nothing now.
  const total = row.trial_period_days ? 0 : subtotal - discount;
  return {
    id: row.id,
    object: 'checkout.session',
    mode: row.mode,
    // A paid one-off payment's PaymentIntent (payments/payments.ts names it after the session).
    payment_intent: row.mode === 'payment' && row.status === 'complete' ? paymentIntentIdOf(row.id) : null,
    status: row.status,
    payment_status: row.payment_status,
    customer: row.customer,
    client_reference_id: row.client_reference_id,
    subscription: row.subscription,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    url: row.status === 'open' ? `${publicUrl}/checkout/${row.id}` : null,
    currency: price.currency,
    amount_total: total,
    amount_subtotal: row.trial_period_days ? 0 : subtotal,
    total_details: {
      amount_discount: row.trial_period_days ? 0 : discount,
      amount_shipping: 0,
      amount_tax: 0,
    },
    allow_promotion_codes: row.allow_promotion_codes,
    discounts: row.promotion_code ? [{ coupon: null, promotion_code: row.promotion_code }] : [],
    expires_at: row.expires_at,
    created: row.created,
    metadata: row.metadata,
    livemode: false,
  };
}

export function toSubscription(row: Subscription, price: Price) {
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customer,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    cancel_at: row.cancel_at_period_end ? row.current_period_end : null,
    canceled_at: row.canceled_at,
    ended_at: row.ended_at,
    created: row.created,
    start_date: row.created,
    billing_cycle_anchor: row.created,
    trial_start: row.trial_start,
    trial_end: row.trial_end,
    default_payment_method: paymentMethodId(row.customer),
    discounts: row.promotion_code ? [`di_${row.id.replace(/^sub_/, '')}`] : [],
    discount: row.promotion_code
      ? {
          id: `di_${row.id.replace(/^sub_/, '')}`,
          object: 'discount',
          promotion_code: row.promotion_code,
          start: row.discount_start,
          end: row.discount_end,
          subscription: row.id,
        }
      : null,
    // Older API versions carried the period on the subscription; newer ones on each item. Both are given.
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    collection_method: 'charge_automatically',
    currency: price.currency,
    latest_invoice: row.latest_invoice,
    metadata: row.metadata,
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${row.id.replace(/^sub_/, '')}`,
          object: 'subscription_item',
          subscription: row.id,
          quantity: row.quantity,
          current_period_start: row.current_period_start,
          current_period_end: row.current_period_end,
          price: toPrice(price),
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${row.id}`,
    },
  };
}

/** `hostedInvoiceUrl`: the receipt page's address (receipts.ts), given where the sandbox knows its public URL. */
export function toInvoice(
  row: Invoice,
  subscriptionMetadata: Record<string, string>,
  hostedInvoiceUrl: string | null = null,
) {
  return {
    id: row.id,
    object: 'invoice',
    number: row.id.replace(/^in_/, '').slice(0, 8).toUpperCase(),
    hosted_invoice_url: hostedInvoiceUrl,
    invoice_pdf: null,
    customer: row.customer,
    subscription: row.subscription,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: row.subscription, metadata: subscriptionMetadata },
    },
    status: row.status,
    paid: row.status === 'paid',
    attempted: row.attempt_count > 0,
    attempt_count: row.attempt_count,
    next_payment_attempt: nextRetry(row)?.at ?? null,
    amount_due: row.amount_due,
    amount_paid: row.amount_paid,
    amount_remaining: row.amount_due - row.amount_paid,
    subtotal: row.subtotal ?? row.amount_due,
    total: row.amount_due,
    total_discount_amounts: row.total_discount
      ? [{ amount: row.total_discount, discount: `di_${row.subscription.replace(/^sub_/, '')}` }]
      : [],
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${row.id}/lines`,
      data: (row.lines.length > 0
        ? row.lines
        : [
            {
              amount: row.subtotal ?? row.amount_due,
              description: null,
              proration: false,
              period_start: row.period_start,
              period_end: row.period_end,
            },
          ]
      ).map(toLineItem(`il_${row.id.replace(/^in_/, '')}`, row.currency)),
    },
    currency: row.currency,
    billing_reason: row.billing_reason,
    period_start: row.period_start,
    period_end: row.period_end,
    created: row.created,
    livemode: false,
  };
}

/** One line of an invoice (or of its preview), as the provider shapes it. */
export const toLineItem =
  (idPrefix: string, currency: string) =>
  (
    line: {
      amount: number;
      description: string | null;
      proration: boolean;
      period_start: number;
      period_end: number;
    },
    i: number,
  ) => ({
    id: `${idPrefix}_${i}`,
    object: 'line_item',
    amount: line.amount,
    currency,
    description: line.description,
    period: { start: line.period_start, end: line.period_end },
    parent: { type: 'subscription_item_details', subscription_item_details: { proration: line.proration } },
  });

export function toPortalSession(row: PortalSession, publicUrl: string) {
  return {
    id: row.id,
    object: 'billing_portal.session',
    customer: row.customer,
    return_url: row.return_url,
    url: `${publicUrl}/portal/${row.id}`,
    created: row.created,
    livemode: false,
  };
}

export function toList<T>(data: T[], url: string) {
  return { object: 'list', data, has_more: false, url };
}
