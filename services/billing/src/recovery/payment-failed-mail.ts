// The e-mail after each failed payment of a renewal: when the card is tried again, and a link that opens the
// card update in the billing portal; after the last try, that the plan has ended.
import type Stripe from 'stripe';
import { sendQuietly } from '@catalyst/service-kit';
import type { Subscription } from '../db/tables/subscription';
import type { Deps } from '../deps';
import { billingEmailOf } from './billing-email';

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatAmount = (cents: number, currency: string) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

/** Where the e-mail's button goes: the account's billing page, which opens the portal's card update. */
export const cardUpdatePath = '/account/billing?update=card';

export function paymentFailedMessage(
  publicUrl: string,
  invoice: Pick<Stripe.Invoice, 'amount_due' | 'currency' | 'next_payment_attempt'>,
  sub: Pick<Subscription, 'status' | 'grace_ends_at'>,
): { subject: string; text: string } {
  const base = publicUrl.replace(/\/+$/, '');
  const amount = formatAmount(invoice.amount_due, invoice.currency);
  if (sub.status !== 'past_due') {
    return {
      subject: 'Your Catalyst Premium has ended',
      text: [
        `We could not charge your card ${amount} for Catalyst Premium after several tries, so your plan has ended.`,
        '',
        `You can subscribe again at any time: ${base}/subscription`,
      ].join('\n'),
    };
  }
  const next = invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null;
  return {
    subject: 'Your Catalyst Premium payment failed',
    text: [
      `We could not charge your card ${amount} for Catalyst Premium.`,
      next ? `We will try again on ${formatDay(next)}.` : '',
      sub.grace_ends_at
        ? `Premium stays open until ${formatDay(sub.grace_ends_at)}; update your card to keep it.`
        : 'Update your card to keep Premium.',
      '',
      `Update your card: ${base}${cardUpdatePath}`,
    ]
      .filter((line, i, lines) => line !== '' || lines[i - 1] !== '')
      .join('\n'),
  };
}

export async function sendPaymentFailedMail(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config'>,
  invoice: Stripe.Invoice,
  sub: Subscription,
): Promise<void> {
  const to = await billingEmailOf(deps.db, sub.user_id, invoice.customer_email ?? null);
  if (!to) {
    deps.log.warn({ userId: sub.user_id, invoice: invoice.id }, 'no address for the failed-payment e-mail');
    return;
  }
  await sendQuietly(deps.mailer, deps.log, {
    to,
    ...paymentFailedMessage(deps.config.PUBLIC_URL, invoice, sub),
  });
}
