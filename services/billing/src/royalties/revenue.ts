// A month's net subscription revenue from billing's own records: paid invoices of personal and team
// subscriptions (the mirror's amount_paid is after discounts; its tax is taken off), plus gifts of Premium
// paid that month and not refunded. Subscription charges are never refunded (the terms), so a refunded
// gift is the only refund billing records.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** [from, to) of a `YYYY-MM` month, in UTC. */
export function monthRange(month: string) {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}

export const monthOf = (date: Date) => date.toISOString().slice(0, 7);
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The month before `month`. */
export const previousMonth = (month: string) => monthOf(new Date(monthRange(month).from.getTime() - 1));

/** Minor units of net subscription revenue in `month`. */
export async function netRevenue(db: Kysely<Database>, month: string): Promise<number> {
  const { from, to } = monthRange(month);
  const invoices = await db
    .selectFrom('invoices')
    .select(sql<string>`coalesce(sum(amount_paid - tax), 0)`.as('amount'))
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .executeTakeFirstOrThrow();
  // A gift is paid when its receipt is sent (markGiftPaid writes both at once).
  const gifts = await db
    .selectFrom('gifts')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('amount'))
    .where('status', 'in', ['paid', 'redeemed'])
    .where('receipt_sent_at', '>=', from)
    .where('receipt_sent_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(invoices.amount) + Number(gifts.amount);
}
