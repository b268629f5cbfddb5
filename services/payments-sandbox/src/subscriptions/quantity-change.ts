// A per-seat subscription's quantity changed (a team's seats). The period stays; with proration the difference
// for the time left in it is invoiced at once (Stripe's `always_invoice`; the sandbox invoices
// `create_prorations` at once too rather than keeping pending items), a decrease as a credit on a zero invoice.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { InvoiceLine } from '../db/tables/invoice';
import type { Subscription } from '../db/tables/subscription';
import { chargeCard } from '../cards';
import { findPrice } from '../checkout/checkout.repository';
import { findCustomer } from '../customers/customers.repository';
import { StripeApiError, invalidParam } from '../wire/errors';
import { stripeId } from '../wire/ids';
import { describe, refuseCanceled, type ProrationBehavior } from './price-change';
import { insertInvoice, updateSubscription } from './subscriptions.repository';

type Db = Kysely<Database>;

/** The quantity named by `items[0][quantity]`, or undefined when none is named. */
export function itemQuantity(items: unknown, param = 'items'): number | undefined {
  const first = Array.isArray(items) ? (items[0] as Record<string, unknown> | undefined) : undefined;
  if (first?.quantity === undefined) return undefined;
  const quantity = Number(first.quantity);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalidParam(`${param}[0][quantity]`, 'Invalid integer: quantity');
  return quantity;
}

/** The proration lines of going from the current quantity to `quantity` at `now`. */
export async function quantityChangeLines(
  db: Db,
  sub: Subscription,
  quantity: number,
  now: number,
): Promise<InvoiceLine[]> {
  const price = await findPrice(db, sub.price_id);
  if (!price) throw new Error(`subscription ${sub.id} lost its price`);
  const length = sub.current_period_end - sub.current_period_start;
  const unused = length > 0 ? Math.max(0, sub.current_period_end - now) / length : 0;
  const period = { proration: true, period_start: now, period_end: sub.current_period_end };
  return [
    {
      amount: -Math.round(price.unit_amount * sub.quantity * unused),
      description: `Unused time on ${sub.quantity} × ${describe(price)}`,
      ...period,
    },
    {
      amount: Math.round(price.unit_amount * quantity * unused),
      description: `Remaining time on ${quantity} × ${describe(price)}`,
      ...period,
    },
  ];
}

/** Applies the change; a declined card for an increase changes nothing (answered as the card's error). */
export async function changeQuantity(
  db: Db,
  sub: Subscription,
  quantity: number,
  now: number,
  behavior: ProrationBehavior,
): Promise<{ sub: Subscription; invoiceId: string | null }> {
  refuseCanceled(sub);
  if (behavior === 'none' || sub.status === 'trialing')
    return { sub: await updateSubscription(db, sub.id, { quantity }), invoiceId: null };
  const price = await findPrice(db, sub.price_id);
  if (!price) throw new Error(`subscription ${sub.id} lost its price`);
  const lines = await quantityChangeLines(db, sub, quantity, now);
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const amount = Math.max(0, subtotal);
  const customer = await findCustomer(db, sub.customer);
  const outcome = amount === 0 ? ({ ok: true } as const) : chargeCard(customer?.card_number ?? null);
  if (!outcome.ok) throw new StripeApiError(402, 'card_error', outcome.message, outcome.code);
  const invoice = await insertInvoice(db, {
    id: stripeId('in'),
    customer: sub.customer,
    subscription: sub.id,
    status: 'paid',
    amount_due: amount,
    amount_paid: amount,
    subtotal,
    total_discount: 0,
    lines: JSON.stringify(lines),
    currency: price.currency,
    billing_reason: 'subscription_update',
    attempt_count: 1,
    period_start: now,
    period_end: sub.current_period_end,
    created: now,
  });
  const changed = await updateSubscription(db, sub.id, { quantity, latest_invoice: invoice.id });
  return { sub: changed, invoiceId: invoice.id };
}
