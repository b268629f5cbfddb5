// The demo's subscription revenue in billing's invoices mirror, so the royalty pool has real figures on a fresh
// start: a catalogue's worth of monthly subscribers last month and this month so far (a few with a discount,
// a few with tax), under their own demo ids (no account's plan or the admin's MRR is touched).
import type { Kysely } from 'kysely';
import { PREMIUM_PLAN } from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { monthOf, monthRange, previousMonth } from './revenue';

/** Paid monthly invoices in a whole demo month. */
export const DEMO_MONTHLY_INVOICES = 180;
const DAY_MS = 86_400_000;

/** The n-th demo invoice: every 10th took a 20% promotion, every 7th carries 20% tax on top. */
function demoAmounts(n: number) {
  const price = n % 10 === 0 ? Math.round(PREMIUM_PLAN.unitAmount * 0.8) : PREMIUM_PLAN.unitAmount;
  const tax = n % 7 === 0 ? Math.round(price * 0.2) : 0;
  return { amount_paid: price + tax, tax };
}

/** The demo invoices of `month` paid before `until`, spread evenly over the month's days. */
function demoInvoices(month: string, until: Date) {
  const { from, to } = monthRange(month);
  const span = to.getTime() - from.getTime();
  return Array.from({ length: DEMO_MONTHLY_INVOICES }, (_, i) => {
    const paidAt = new Date(from.getTime() + Math.floor(((i + 0.5) * span) / DEMO_MONTHLY_INVOICES));
    const { amount_paid, tax } = demoAmounts(i + 1);
    return {
      stripe_invoice_id: `in_demo_royalty_${month}_${String(i + 1).padStart(3, '0')}`,
      user_id: null,
      stripe_customer_id: `cus_demo_royalty_${String(i + 1).padStart(3, '0')}`,
      stripe_subscription_id: `sub_demo_royalty_${String(i + 1).padStart(3, '0')}`,
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_due: amount_paid,
      amount_paid,
      tax,
      currency: PREMIUM_PLAN.currency,
      attempt_count: 1,
      period_start: paidAt,
      period_end: new Date(paidAt.getTime() + 30 * DAY_MS),
      created: paidAt,
      paid_at: paidAt,
    };
  }).filter((invoice) => invoice.paid_at <= until);
}

/** Idempotent by the invoices' fixed ids; a later start adds the days paid since. */
export async function seedDemoRoyaltyRevenue(db: Kysely<Database>, log: Logger, now = new Date()) {
  const thisMonth = monthOf(now);
  const invoices = [...demoInvoices(previousMonth(thisMonth), now), ...demoInvoices(thisMonth, now)];
  const inserted = await db
    .insertInto('invoices')
    .values(invoices)
    .onConflict((oc) => oc.column('stripe_invoice_id').doNothing())
    .returning('stripe_invoice_id')
    .execute();
  if (inserted.length > 0) log.info({ invoices: inserted.length }, 'seeded the demo subscription revenue');
}
