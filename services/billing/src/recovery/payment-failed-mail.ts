// The e-mail after each failed payment of a renewal: when the card is tried again, and a link that opens the
// card update in the billing portal; after the last try, that the plan has ended.
import type Stripe from 'stripe';
import type { Language } from '@catalyst/contracts/languages';
import { formatDate, formatMoney, languagesOfUsers, sendQuietly } from '@catalyst/service-kit';
import type { Subscription } from '../db/tables/subscription';
import type { Deps } from '../deps';
import { billingTexts } from '../i18n/en';
import { billingEmailOf } from './billing-email';

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatAmount = (cents: number, currency: string) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

/** Where the e-mail's button goes: the account's billing page, which opens the portal's card update. */
export const cardUpdatePath = '/account/billing?update=card';

/** The e-mail in the user's language (dates and amounts as it writes them; English's as before). */
export function paymentFailedMessage(
  publicUrl: string,
  invoice: Pick<Stripe.Invoice, 'amount_due' | 'currency' | 'next_payment_attempt'>,
  sub: Pick<Subscription, 'status' | 'grace_ends_at'>,
  language: Language = 'en',
): { subject: string; text: string; headers?: Record<string, string> } {
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string>) =>
    billingTexts.t(language, key, values);
  const english = language === 'en';
  const day = (date: Date) => (english ? formatDay(date) : formatDate(language, date));
  const base = publicUrl.replace(/\/+$/, '');
  const amount = english
    ? formatAmount(invoice.amount_due, invoice.currency)
    : formatMoney(language, invoice.amount_due, invoice.currency);
  const headers = english ? {} : { headers: { 'Content-Language': language } };
  if (sub.status !== 'past_due') {
    return {
      subject: t('failed.endedSubject'),
      text: [
        t('failed.ended', { amount }),
        '',
        t('failed.subscribeAgain', { link: `${base}/subscription` }),
      ].join('\n'),
      ...headers,
    };
  }
  const next = invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null;
  return {
    subject: t('failed.subject'),
    text: [
      t('failed.charge', { amount }),
      next ? t('failed.retry', { date: day(next) }) : '',
      sub.grace_ends_at ? t('failed.grace', { date: day(sub.grace_ends_at) }) : t('failed.update'),
      '',
      t('failed.link', { link: `${base}${cardUpdatePath}` }),
    ]
      .filter((line, i, lines) => line !== '' || lines[i - 1] !== '')
      .join('\n'),
    ...headers,
  };
}

export async function sendPaymentFailedMail(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config' | 'auth'>,
  invoice: Stripe.Invoice,
  sub: Subscription,
): Promise<void> {
  const to = await billingEmailOf(deps.db, sub.user_id, invoice.customer_email ?? null);
  if (!to) {
    deps.log.warn({ userId: sub.user_id, invoice: invoice.id }, 'no address for the failed-payment e-mail');
    return;
  }
  const language = (await languagesOfUsers(deps.auth, [sub.user_id], deps.log))(sub.user_id);
  await sendQuietly(deps.mailer, deps.log, {
    to,
    ...paymentFailedMessage(deps.config.PUBLIC_URL, invoice, sub, language),
  });
}
