// A subscription moved to another price (monthly to annual): the same terms for the change itself and for
// the invoice preview that shows it before anyone confirms.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { InvoiceLine } from '../db/tables/invoice';
import type { Price } from '../db/tables/price';
import type { Subscription } from '../db/tables/subscription';
import { chargeCard } from '../cards';
import { findPrice } from '../checkout/checkout.repository';
import { findCustomer } from '../customers/customers.repository';
import { subscriptionDiscount } from '../promotions/discounts';
import { StripeApiError, invalidParam, noSuch } from '../wire/errors';
import { stripeId } from '../wire/ids';
import { periodEnd } from './periods';
import { insertInvoice, updateSubscription } from './subscriptions.repository';

type Db = Kysely<Database>;

export const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;
export type ProrationBehavior = (typeof PRORATION_BEHAVIORS)[number];

export function prorationBehaviorOf(value: unknown, param = 'proration_behavior'): ProrationBehavior {
  if (value === undefined || value === '') return 'create_prorations';
  if (!PRORATION_BEHAVIORS.includes(value as ProrationBehavior))
    throw invalidParam(param, `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(', ')}`);
  return value as ProrationBehavior;
}

/** The price named by `items[0][price]` (the one item's new price), or undefined when none is named. */
export async function itemPrice(db: Db, items: unknown, param = 'items'): Promise<Price | undefined> {
  if (items === undefined) return undefined;
  const first = Array.isArray(items) ? (items[0] as Record<string, unknown> | undefined) : undefined;
  const id = first?.price;
  // Only the quantity of the one item changes (a team's seats): quantity-change.ts.
  if (id === undefined && first?.quantity !== undefined) return undefined;
  if (typeof id !== 'string')
    throw invalidParam(`${param}[0][price]`, 'The sandbox changes an item by its price.');
  const price = await findPrice(db, id);
  if (!price) throw noSuch('price', id, `${param}[0][price]`);
  return price;
}

/** A canceled subscription's items stay as they ended: the provider's refusal of a price or quantity change. */
export function refuseCanceled(sub: Subscription): void {
  if (sub.status === 'canceled')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'A canceled subscription cannot change its items.',
    );
}

export const describe = (price: Price) => `${price.product_name} (per ${price.interval})`;

/**
 * What changing to `next` at `now` does. A new interval starts a new period now and is invoiced at once:
 * the new price, less the unused part of what was paid for the current period (unless proration is 'none').
 * The same interval keeps the period; the new price is charged from the next renewal. A trial keeps its end.
 */
export async function priceChangeTerms(
  db: Db,
  sub: Subscription,
  next: Price,
  now: number,
  behavior: ProrationBehavior,
) {
  const current = await findPrice(db, sub.price_id);
  if (!current) throw new Error(`subscription ${sub.id} lost its price`);
  const resetsPeriod = current.interval !== next.interval && sub.status !== 'trialing';
  if (!resetsPeriod)
    return {
      resetsPeriod,
      lines: [] as InvoiceLine[],
      subtotal: 0,
      discount: 0,
      amount: 0,
      periodEnd: sub.current_period_end,
    };
  const newEnd = periodEnd(now, next.interval);
  const lines: InvoiceLine[] = [];
  if (behavior !== 'none') {
    const paid =
      current.unit_amount * sub.quantity -
      (await subscriptionDiscount(db, sub, current.unit_amount * sub.quantity, sub.current_period_start));
    const length = sub.current_period_end - sub.current_period_start;
    const unused = length > 0 ? Math.max(0, sub.current_period_end - now) / length : 0;
    const credit = Math.round(paid * unused);
    if (credit > 0)
      lines.push({
        amount: -credit,
        description: `Unused time on ${describe(current)}`,
        proration: true,
        period_start: now,
        period_end: sub.current_period_end,
      });
  }
  const discount = await subscriptionDiscount(db, sub, next.unit_amount * sub.quantity, now);
  lines.push({
    amount: next.unit_amount * sub.quantity,
    description: describe(next),
    proration: false,
    period_start: now,
    period_end: newEnd,
  });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    resetsPeriod,
    lines,
    subtotal,
    discount,
    amount: Math.max(0, subtotal - discount),
    periodEnd: newEnd,
  };
}

/**
 * Applies the change. A new period is paid now with the card on file; a declined card changes nothing
 * (the provider's `payment_behavior=error_if_incomplete`), answered as the card's error.
 */
export async function changePrice(
  db: Db,
  sub: Subscription,
  next: Price,
  now: number,
  behavior: ProrationBehavior,
): Promise<{ sub: Subscription; invoiceId: string | null }> {
  refuseCanceled(sub);
  const terms = await priceChangeTerms(db, sub, next, now, behavior);
  if (!terms.resetsPeriod)
    return { sub: await updateSubscription(db, sub.id, { price_id: next.id }), invoiceId: null };
  const customer = await findCustomer(db, sub.customer);
  const outcome = terms.amount === 0 ? ({ ok: true } as const) : chargeCard(customer?.card_number ?? null);
  if (!outcome.ok) throw new StripeApiError(402, 'card_error', outcome.message, outcome.code);
  const invoice = await insertInvoice(db, {
    id: stripeId('in'),
    customer: sub.customer,
    subscription: sub.id,
    status: 'paid',
    amount_due: terms.amount,
    amount_paid: terms.amount,
    subtotal: terms.subtotal,
    total_discount: terms.discount,
    lines: JSON.stringify(terms.lines),
    currency: next.currency,
    billing_reason: 'subscription_update',
    attempt_count: 1,
    period_start: now,
    period_end: terms.periodEnd,
    created: now,
  });
  const changed = await updateSubscription(db, sub.id, {
    price_id: next.id,
    current_period_start: now,
    current_period_end: terms.periodEnd,
    latest_invoice: invoice.id,
  });
  return { sub: changed, invoiceId: invoice.id };
}
