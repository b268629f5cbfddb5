// The gift's e-mails: the buyer's receipt when it is paid, and the recipient's on the chosen day.
import type { Language } from '@catalyst/contracts/languages';
import {
  formatDate,
  formatMoney,
  languagesOfAddresses,
  languagesOfUsers,
  sendQuietly,
} from '@catalyst/service-kit';
import type { Gift } from '../db/tables/gift';
import type { Deps } from '../deps';
import { billingTexts } from '../i18n/en';
import { groupedCode } from './codes';
import { claimDueGiftMails, dayOf, giftRedeemUrl } from './gifts.repository';

const money = (cents: number, currency: string) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The buyer's receipt in their language (amounts and days as it writes them; English's as before). */
export function giftReceiptMessage(gift: Gift, publicUrl: string, language: Language = 'en') {
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string | number>) =>
    billingTexts.t(language, key, values);
  const english = language === 'en';
  const day = (date: string) =>
    english ? longDay(date) : formatDate(language, new Date(`${date}T12:00:00Z`));
  const amount = english
    ? money(gift.amount, gift.currency)
    : formatMoney(language, gift.amount, gift.currency);
  const lines = [
    t('gift.thanks', { recipient: gift.recipient_name }),
    '',
    t('gift.receipt'),
    t('gift.item', { count: gift.months }),
    t('gift.amount', { amount }),
    t('gift.date', { date: day(new Date().toISOString().slice(0, 10)) }),
    t('gift.number', { id: gift.id }),
    '',
    gift.delivery === 'email'
      ? t('gift.willEmail', { email: gift.recipient_email ?? '', date: day(dayOf(gift.send_on)) })
      : t('gift.printCode', { code: groupedCode(gift.code), link: giftRedeemUrl(publicUrl, gift.code) }),
  ];
  return {
    subject: t('gift.subject'),
    text: lines.join('\n'),
    ...(english ? {} : { headers: { 'Content-Language': language } }),
  };
}

/** The recipient's e-mail in `language` (the buyer's message as they wrote it). */
export function giftMessageForRecipient(gift: Gift, publicUrl: string, language: Language = 'en') {
  const t = (key: keyof typeof billingTexts.english, values?: Record<string, string | number>) =>
    billingTexts.t(language, key, values);
  return {
    subject: t('giftTo.subject', { buyer: gift.buyer_name }),
    text: [
      t('mail.hello', { name: gift.recipient_name }),
      '',
      t('giftTo.gave', { buyer: gift.buyer_name, count: gift.months }),
      ...(gift.message ? ['', gift.message] : []),
      '',
      t('giftTo.redeem', { link: giftRedeemUrl(publicUrl, gift.code) }),
      t('giftTo.code', { code: groupedCode(gift.code) }),
    ].join('\n'),
    ...(language === 'en' ? {} : { headers: { 'Content-Language': language } }),
  };
}

export async function sendGiftReceipt(deps: Pick<Deps, 'mailer' | 'log' | 'config' | 'auth'>, gift: Gift) {
  if (!gift.buyer_email) return;
  const language = (await languagesOfUsers(deps.auth, [gift.buyer_user_id], deps.log))(gift.buyer_user_id);
  await sendQuietly(deps.mailer, deps.log, {
    to: gift.buyer_email,
    ...giftReceiptMessage(gift, deps.config.PUBLIC_URL, language),
  });
}

/**
 * Mails every paid gift whose day has come (claimed first, so two replicas never both send one): in the language
 * the recipient's account chose, if their address has one, else the one the buyer gave it in.
 */
export async function sendDueGiftMails(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config' | 'auth'>,
  today = new Date().toISOString().slice(0, 10),
): Promise<number> {
  const due = await claimDueGiftMails(deps.db, today);
  for (const gift of due) {
    if (!gift.recipient_email) continue;
    const language = (
      await languagesOfAddresses(deps.auth, [gift.recipient_email], gift.buyer_language ?? 'en', deps.log)
    )(gift.recipient_email);
    await sendQuietly(deps.mailer, deps.log, {
      to: gift.recipient_email,
      ...giftMessageForRecipient(gift, deps.config.PUBLIC_URL, language),
    });
  }
  return due.length;
}

/** Every quarter of an hour (and once at start), the gift e-mails whose day has come go out. */
export function startGiftMails(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config' | 'auth'>,
  everyMs = 15 * 60_000,
) {
  const pass = () =>
    void sendDueGiftMails(deps)
      .then((sent) => sent > 0 && deps.log.info({ sent }, 'gift e-mails sent'))
      .catch((error: unknown) =>
        deps.log.warn({ err: String(error) }, 'gift e-mails not sent; the next pass retries'),
      );
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
