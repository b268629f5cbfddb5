// How a sandbox subscription moves: started by checkout, renewed or failed by the test clock,
// cancelled now or at period end. Every change writes its webhook event in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CheckoutSession } from '../db/tables/checkout-session';
import type { Subscription } from '../db/tables/subscription';
import { chargeCard } from '../cards';
import { checkoutTerms } from '../promotions/checkout-terms';
import { renewalTerms } from './renewal-terms';
import { findCheckoutSession, findPrice, updateCheckoutSession } from '../checkout/checkout.repository';
import { findCustomer, setCustomerCard } from '../customers/customers.repository';
import { toCheckoutSession, toInvoice, toSubscription } from '../objects';
import { enqueueEvent } from '../webhooks/events.repository';
import { StripeApiError } from '../wire/errors';
import { stripeId } from '../wire/ids';
import {
  findInvoice,
  insertInvoice,
  insertSubscription,
  lockDueSubscriptions,
  updateInvoice,
  updateSubscription,
} from './subscriptions.repository';
import { FIRST_RETRY_SECONDS, nextRetry } from './retries';

type Db = Kysely<Database>;

export const LIVE_STATUSES = ['active', 'trialing', 'past_due'];

export async function subscriptionObject(db: Db, sub: Subscription) {
  const price = await findPrice(db, sub.price_id);
  if (!price) throw new Error(`price ${sub.price_id} of ${sub.id} is missing`);
  return toSubscription(sub, price);
}

async function emitSubscription(
  db: Db,
  type: string,
  sub: Subscription,
  at: number,
  previous?: Record<string, unknown>,
) {
  await enqueueEvent(db, type, await subscriptionObject(db, sub), at, previous);
}

async function emitInvoice(db: Db, type: string, invoiceId: string, sub: Subscription, at: number) {
  const invoice = await findInvoice(db, invoiceId);
  if (invoice) await enqueueEvent(db, type, toInvoice(invoice, sub.metadata), at);
}

/** A paid checkout: the card goes on file, the subscription starts active with its first invoice paid. */
export async function completeCheckout(
  db: Db,
  session: CheckoutSession,
  cardNumber: string,
  now: number,
  publicUrl: string,
) {
  const price = await findPrice(db, session.price_id);
  if (!price) throw new Error(`price ${session.price_id} is missing`);
  await setCustomerCard(db, session.customer, cardNumber);
  // A trial's period ends with the trial (nothing charged now); a code discounts the first invoice.
  const terms = await checkoutTerms(db, session, price, now);
  const periodEnd = terms.periodEnd;
  const subscriptionId = stripeId('sub');
  const invoice = await insertInvoice(db, {
    id: stripeId('in'),
    customer: session.customer,
    subscription: await insertSubscription(db, {
      id: subscriptionId,
      customer: session.customer,
      price_id: price.id,
      quantity: session.quantity,
      status: terms.trialEnd ? 'trialing' : 'active',
      current_period_start: now,
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      past_due_since: null,
      latest_invoice: null,
      metadata: session.subscription_metadata,
      created: now,
      ...terms.subscription,
    }).then((s) => s.id),
    status: 'paid',
    amount_due: terms.amount,
    amount_paid: terms.amount,
    subtotal: terms.subtotal,
    total_discount: terms.discount,
    currency: price.currency,
    billing_reason: 'subscription_create',
    attempt_count: 1,
    period_start: now,
    period_end: periodEnd,
    created: now,
  });
  const sub = await updateSubscription(db, subscriptionId, { latest_invoice: invoice.id });
  const completed = await updateCheckoutSession(db, session.id, {
    status: 'complete',
    payment_status: 'paid',
    subscription: sub.id,
  });
  await emitSubscription(db, 'customer.subscription.created', sub, now);
  await emitInvoice(db, 'invoice.paid', invoice.id, sub, now);
  await enqueueEvent(
    db,
    'checkout.session.completed',
    toCheckoutSession(completed, price, publicUrl, terms.discount),
    now,
  );
  return sub;
}

/** An open session past its expiry becomes expired (once), with its webhook. */
export async function expireCheckoutSession(db: Db, sessionId: string, now: number, publicUrl: string) {
  const session = await findCheckoutSession(db, sessionId, { lock: true });
  if (!session || session.status !== 'open') return session;
  const expired = await updateCheckoutSession(db, session.id, { status: 'expired' });
  const price = await findPrice(db, expired.price_id);
  if (price)
    await enqueueEvent(db, 'checkout.session.expired', toCheckoutSession(expired, price, publicUrl), now);
  return expired;
}

export async function setCancelAtPeriodEnd(
  db: Db,
  sub: Subscription,
  cancelAtPeriodEnd: boolean,
  now: number,
): Promise<Subscription> {
  if (sub.status === 'canceled') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
      'subscription_canceled',
    );
  }
  if (sub.cancel_at_period_end === cancelAtPeriodEnd) return sub;
  const updated = await updateSubscription(db, sub.id, {
    cancel_at_period_end: cancelAtPeriodEnd,
    canceled_at: cancelAtPeriodEnd ? now : null,
  });
  await emitSubscription(db, 'customer.subscription.updated', updated, now, {
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at_period_end ? sub.current_period_end : null,
    canceled_at: sub.canceled_at,
  });
  return updated;
}

export async function cancelNow(db: Db, sub: Subscription, now: number): Promise<Subscription> {
  if (sub.status === 'canceled') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This subscription has already been canceled: '${sub.id}'`,
      'subscription_canceled',
    );
  }
  const ended = await updateSubscription(db, sub.id, {
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
    past_due_since: null,
  });
  await emitSubscription(db, 'customer.subscription.deleted', ended, now);
  return ended;
}

async function endAtPeriodEnd(db: Db, sub: Subscription): Promise<Subscription> {
  const at = sub.current_period_end;
  const ended = await updateSubscription(db, sub.id, {
    status: 'canceled',
    ended_at: at,
    canceled_at: sub.canceled_at ?? at,
    past_due_since: null,
  });
  await emitSubscription(db, 'customer.subscription.deleted', ended, at, { status: sub.status });
  return ended;
}

/** The renewal at the period's end (or the trial's): the card on file is charged for the next period. */
async function renew(db: Db, sub: Subscription): Promise<Subscription> {
  const at = sub.current_period_end;
  const customer = await findCustomer(db, sub.customer);
  if (!customer) throw new Error(`subscription ${sub.id} lost its customer`);
  // The plan's own period (a year for annual), a scheduled change of price, a code's discount while it lasts.
  const { price, nextEnd, subtotal, discount, amount } = await renewalTerms(db, sub, at);
  const outcome = amount === 0 ? ({ ok: true } as const) : chargeCard(customer.card_number);
  const invoice = await insertInvoice(db, {
    id: stripeId('in'),
    customer: sub.customer,
    subscription: sub.id,
    status: outcome.ok ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: outcome.ok ? amount : 0,
    subtotal,
    total_discount: discount,
    currency: price.currency,
    billing_reason: 'subscription_cycle',
    attempt_count: 1,
    period_start: at,
    period_end: nextEnd,
    created: at,
  });
  const renewed = await updateSubscription(db, sub.id, {
    current_period_start: at,
    current_period_end: nextEnd,
    latest_invoice: invoice.id,
    price_id: price.id,
    // A trial that ends converts: active when the card pays.
    ...(outcome.ok ? { status: 'active' } : { status: 'past_due', past_due_since: at }),
  });
  await emitInvoice(db, outcome.ok ? 'invoice.paid' : 'invoice.payment_failed', invoice.id, renewed, at);
  await emitSubscription(db, 'customer.subscription.updated', renewed, at, {
    current_period_start: sub.current_period_start,
    current_period_end: sub.current_period_end,
    ...(renewed.status === sub.status ? {} : { status: sub.status }),
    ...(renewed.price_id === sub.price_id ? {} : { items: (await subscriptionObject(db, sub)).items }),
  });
  return renewed;
}

/** Retries the open invoice of a past-due subscription; `final` ends the subscription when it fails again. */
async function retryPayment(db: Db, sub: Subscription, at: number, final: boolean): Promise<Subscription> {
  const customer = await findCustomer(db, sub.customer);
  const invoice = sub.latest_invoice ? await findInvoice(db, sub.latest_invoice) : undefined;
  if (!customer || !invoice || invoice.status !== 'open') return sub;
  const outcome = chargeCard(customer.card_number);
  await updateInvoice(db, invoice.id, {
    attempt_count: invoice.attempt_count + 1,
    ...(outcome.ok ? { status: 'paid', amount_paid: invoice.amount_due } : final ? { status: 'void' } : {}),
  });
  if (outcome.ok) {
    const recovered = await updateSubscription(db, sub.id, { status: 'active', past_due_since: null });
    await emitInvoice(db, 'invoice.paid', invoice.id, recovered, at);
    await emitSubscription(db, 'customer.subscription.updated', recovered, at, { status: sub.status });
    return recovered;
  }
  // Every failed attempt is announced (billing mails the customer each time); the last one ends the plan.
  await emitInvoice(db, 'invoice.payment_failed', invoice.id, sub, at);
  if (!final) return sub;
  const ended = await updateSubscription(db, sub.id, {
    status: 'canceled',
    canceled_at: at,
    ended_at: at,
    past_due_since: null,
  });
  await emitSubscription(db, 'customer.subscription.deleted', ended, at, { status: sub.status });
  return ended;
}

/** Brings one subscription up to `now`: period ends, renewals and the final payment retry, in time order. */
async function bringUpToDate(db: Db, start: Subscription, now: number): Promise<Subscription> {
  let sub = start;
  for (let step = 0; step < 1000; step++) {
    const openInvoice =
      sub.status === 'past_due' && sub.latest_invoice ? await findInvoice(db, sub.latest_invoice) : undefined;
    const retry = openInvoice ? nextRetry(openInvoice) : null;
    const retryAt = retry?.at ?? Infinity;
    const periodEndsAt = LIVE_STATUSES.includes(sub.status) ? sub.current_period_end : Infinity;
    const nextAt = Math.min(retryAt, periodEndsAt);
    if (nextAt > now) break;
    if (sub.cancel_at_period_end && periodEndsAt <= retryAt) sub = await endAtPeriodEnd(db, sub);
    else if (retry && retryAt <= periodEndsAt) sub = await retryPayment(db, sub, retryAt, retry.final);
    else if (sub.status === 'past_due') sub = await endAtPeriodEnd(db, sub);
    else sub = await renew(db, sub);
  }
  return sub;
}

/** The test clock's tick: every live subscription due at `now` renews, fails, or ends. */
export async function runBillingCycle(db: Db, now: number) {
  return db.transaction().execute(async (trx) => {
    const due = await lockDueSubscriptions(trx, now, FIRST_RETRY_SECONDS);
    const results = [];
    for (const sub of due) {
      const after = await bringUpToDate(trx, sub, now);
      results.push({
        id: sub.id,
        from: sub.status,
        to: after.status,
        current_period_end: after.current_period_end,
      });
    }
    return results;
  });
}

/** A new card on file; a past-due subscription is retried with it at once. */
export async function changeCard(
  db: Db,
  customerId: string,
  cardNumber: string,
  now: number,
  subs: Subscription[],
) {
  await setCustomerCard(db, customerId, cardNumber);
  for (const sub of subs) if (sub.status === 'past_due') await retryPayment(db, sub, now, false);
}
