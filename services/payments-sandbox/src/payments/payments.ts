// One-off payments: a checkout in mode=payment charges the card once (a PaymentIntent, no subscription), and
// POST /v1/refunds gives it back. Every change writes its webhook event in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CheckoutSession } from '../db/tables/checkout-session';
import type { PaymentIntent } from '../db/tables/payment-intent';
import { findPrice, updateCheckoutSession } from '../checkout/checkout.repository';
import { setCustomerCard } from '../customers/customers.repository';
import { toCheckoutSession } from '../objects';
import { enqueueEvent } from '../webhooks/events.repository';
import { StripeApiError } from '../wire/errors';
import { stripeId } from '../wire/ids';
import { paymentIntentIdOf } from './ids';

type Db = Kysely<Database>;

export function toPaymentIntent(row: PaymentIntent) {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    amount_received: row.amount,
    currency: row.currency,
    customer: row.customer,
    description: row.description,
    status: row.status,
    metadata: row.metadata,
    latest_charge: `ch_${row.id.replace(/^pi_/, '')}`,
    created: row.created,
    livemode: false,
  };
}

function toCharge(row: PaymentIntent) {
  return {
    id: `ch_${row.id.replace(/^pi_/, '')}`,
    object: 'charge',
    amount: row.amount,
    amount_refunded: row.amount_refunded,
    refunded: row.amount_refunded >= row.amount,
    currency: row.currency,
    customer: row.customer,
    payment_intent: row.id,
    metadata: row.metadata,
    created: row.created,
    livemode: false,
  };
}

export async function findPaymentIntent(db: Db, id: string, { lock = false } = {}) {
  let query = db.selectFrom('payment_intents').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A paid payment checkout: the card goes on file, the PaymentIntent succeeds, the session completes. */
export async function completePayment(
  db: Db,
  session: CheckoutSession,
  cardNumber: string,
  now: number,
  publicUrl: string,
) {
  const price = await findPrice(db, session.price_id);
  if (!price) throw new Error(`price ${session.price_id} is missing`);
  await setCustomerCard(db, session.customer, cardNumber);
  const intent = await db
    .insertInto('payment_intents')
    .values({
      id: paymentIntentIdOf(session.id),
      customer: session.customer,
      checkout_session: session.id,
      amount: price.unit_amount * session.quantity,
      currency: price.currency,
      status: 'succeeded',
      description: price.product_name,
      metadata: JSON.stringify(session.metadata),
      created: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const completed = await updateCheckoutSession(db, session.id, {
    status: 'complete',
    payment_status: 'paid',
  });
  await enqueueEvent(db, 'payment_intent.succeeded', toPaymentIntent(intent), now);
  await enqueueEvent(db, 'checkout.session.completed', toCheckoutSession(completed, price, publicUrl), now);
  return intent;
}

/** Gives a payment back, whole or in part (once the whole is back, nothing more can be). */
export async function refundPayment(db: Db, intentId: string, amount: number | undefined, now: number) {
  const intent = await findPaymentIntent(db, intentId, { lock: true });
  if (!intent) return undefined;
  const left = intent.amount - intent.amount_refunded;
  if (left <= 0) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Charge ch_${intent.id.replace(/^pi_/, '')} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  const refund = amount ?? left;
  if (refund < 1 || refund > left) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Refund amount (${refund}) is greater than unrefunded amount on charge (${left})`,
      'amount_too_large',
    );
  }
  const updated = await db
    .updateTable('payment_intents')
    .set({ amount_refunded: intent.amount_refunded + refund })
    .where('id', '=', intent.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const object = {
    id: stripeId('re'),
    object: 'refund',
    amount: refund,
    currency: updated.currency,
    payment_intent: updated.id,
    charge: `ch_${updated.id.replace(/^pi_/, '')}`,
    status: 'succeeded',
    created: now,
    metadata: {},
  };
  await enqueueEvent(db, 'charge.refunded', toCharge(updated), now);
  return object;
}
