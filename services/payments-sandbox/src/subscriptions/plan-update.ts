// The plan parts of POST /v1/subscriptions/:id: `items[0][price]` or `items[0][quantity]` with `proration_behavior`, and
// `trial_end=now` (the trial ends and the card is charged at once) or a later time (free-period.ts). Events go out in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Subscription } from '../db/tables/subscription';
import { chargeCard } from '../cards';
import { findPrice } from '../checkout/checkout.repository';
import { findCustomer } from '../customers/customers.repository';
import { toInvoice, toSubscription } from '../objects';
import { subscriptionDiscount } from '../promotions/discounts';
import { enqueueEvent } from '../webhooks/events.repository';
import { StripeApiError } from '../wire/errors';
import { stripeId } from '../wire/ids';
import { extendFreePeriod } from './free-period';
import { periodEnd } from './periods';
import { changePrice, itemPrice, prorationBehaviorOf } from './price-change';
import { changeQuantity, itemQuantity } from './quantity-change';
import { findInvoice, insertInvoice, updateSubscription } from './subscriptions.repository';

type Db = Kysely<Database>;

async function announce(
  db: Db,
  before: Subscription,
  after: Subscription,
  invoiceId: string | null,
  now: number,
) {
  const price = await findPrice(db, after.price_id);
  const was = await findPrice(db, before.price_id);
  if (!price || !was) return;
  if (invoiceId) {
    const invoice = await findInvoice(db, invoiceId);
    if (invoice) await enqueueEvent(db, 'invoice.paid', toInvoice(invoice, after.metadata), now);
  }
  await enqueueEvent(db, 'customer.subscription.updated', toSubscription(after, price), now, {
    items: toSubscription(before, was).items,
    status: before.status,
    current_period_end: before.current_period_end,
  });
}

/** Ends a trial now: the first period starts and is charged (a declined card changes nothing). */
async function endTrialNow(db: Db, sub: Subscription, now: number) {
  if (sub.status !== 'trialing') return { sub, invoiceId: null };
  const price = await findPrice(db, sub.price_id);
  const customer = await findCustomer(db, sub.customer);
  if (!price) throw new Error(`subscription ${sub.id} lost its price`);
  const discount = await subscriptionDiscount(db, sub, price.unit_amount, now);
  const amount = price.unit_amount - discount;
  const outcome = amount === 0 ? ({ ok: true } as const) : chargeCard(customer?.card_number ?? null);
  if (!outcome.ok) throw new StripeApiError(402, 'card_error', outcome.message, outcome.code);
  const end = periodEnd(now, price.interval);
  const invoice = await insertInvoice(db, {
    id: stripeId('in'),
    customer: sub.customer,
    subscription: sub.id,
    status: 'paid',
    amount_due: amount,
    amount_paid: amount,
    subtotal: price.unit_amount,
    total_discount: discount,
    currency: price.currency,
    billing_reason: 'subscription_update',
    attempt_count: 1,
    period_start: now,
    period_end: end,
    created: now,
  });
  const updated = await updateSubscription(db, sub.id, {
    status: 'active',
    trial_end: now,
    current_period_start: now,
    current_period_end: end,
    latest_invoice: invoice.id,
  });
  return { sub: updated, invoiceId: invoice.id };
}

export async function applyPlanUpdate(
  db: Db,
  sub: Subscription,
  params: Record<string, unknown>,
  now: number,
): Promise<Subscription> {
  const before = sub;
  let result: { sub: Subscription; invoiceId: string | null } | undefined;
  if (params.trial_end !== undefined) {
    result =
      params.trial_end === 'now'
        ? await endTrialNow(db, sub, now)
        : await extendFreePeriod(db, sub, params.trial_end, now);
  }
  const next = await itemPrice(db, params.items);
  if (next && next.id !== sub.price_id)
    result = await changePrice(
      db,
      result?.sub ?? sub,
      next,
      now,
      prorationBehaviorOf(params.proration_behavior),
    );
  const quantity = itemQuantity(params.items);
  if (quantity !== undefined && quantity !== (result?.sub ?? sub).quantity)
    result = await changeQuantity(
      db,
      result?.sub ?? sub,
      quantity,
      now,
      prorationBehaviorOf(params.proration_behavior),
    );
  if (!result || result.sub === before) return sub;
  await announce(db, before, result.sub, result.invoiceId, now);
  return result.sub;
}
