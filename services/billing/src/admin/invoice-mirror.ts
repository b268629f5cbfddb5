// billing's own copy of the provider's invoices, written from invoice events in the webhook's transaction:
// what the admin figures count (never asked of the provider at read time). A paid invoice stays paid, so a
// late event about an earlier attempt cannot undo a payment.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import { amountsOf } from '../account/invoice-view';
import { idOf, subscriptionIdOfInvoice } from '../provider/stripe';

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

export async function mirrorInvoice(db: Kysely<Database>, invoice: Stripe.Invoice, eventCreated: number) {
  const customer = idOf(invoice.customer);
  if (!invoice.id || !customer) return;
  const owner = await db
    .selectFrom('customers')
    .select('user_id')
    .where('stripe_customer_id', '=', customer)
    .executeTakeFirst();
  const line = invoice.lines?.data?.[0];
  const row = {
    user_id: owner?.user_id ?? null,
    stripe_customer_id: customer,
    stripe_subscription_id: subscriptionIdOfInvoice(invoice),
    status: invoice.status ?? 'open',
    billing_reason: invoice.billing_reason ?? null,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    tax: amountsOf(invoice).tax,
    currency: invoice.currency,
    attempt_count: invoice.attempt_count ?? 0,
    period_start: toDate(line?.period?.start ?? invoice.period_start),
    period_end: toDate(line?.period?.end ?? invoice.period_end),
    created: new Date(invoice.created * 1000),
    paid_at: invoice.status === 'paid' ? new Date(eventCreated * 1000) : null,
    updated_at: new Date(),
  };
  await db
    .insertInto('invoices')
    .values({ stripe_invoice_id: invoice.id, ...row })
    .onConflict((oc) =>
      oc
        .column('stripe_invoice_id')
        .doUpdateSet({ ...row, user_id: (eb) => eb.fn.coalesce('invoices.user_id', eb.val(row.user_id)) })
        .where('invoices.status', '!=', 'paid'),
    )
    .execute();
}
