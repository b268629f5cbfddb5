// The gift's e-mails: the buyer's receipt when it is paid, and the recipient's on the chosen day.
import { sendQuietly } from '@catalyst/service-kit';
import type { Gift } from '../db/tables/gift';
import type { Deps } from '../deps';
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

export function giftReceiptMessage(gift: Gift, publicUrl: string) {
  const lines = [
    `Thank you for giving Catalyst Premium to ${gift.recipient_name}.`,
    '',
    `Receipt`,
    `Item: Catalyst Premium gift, ${gift.months} months`,
    `Amount paid: ${money(gift.amount, gift.currency)}`,
    `Date: ${longDay(new Date().toISOString().slice(0, 10))}`,
    `Gift number: ${gift.id}`,
    '',
    gift.delivery === 'email'
      ? `We will e-mail ${gift.recipient_email} on ${longDay(dayOf(gift.send_on))} with a link to redeem it.`
      : `Print or pass on this code: ${groupedCode(gift.code)}. It is redeemed at ${giftRedeemUrl(publicUrl, gift.code)}`,
  ];
  return { subject: 'Your Catalyst gift receipt', text: lines.join('\n') };
}

export function giftMessageForRecipient(gift: Gift, publicUrl: string) {
  return {
    subject: `${gift.buyer_name} gave you Catalyst Premium`,
    text: [
      `Hello ${gift.recipient_name},`,
      '',
      `${gift.buyer_name} gave you ${gift.months} months of Catalyst Premium.`,
      ...(gift.message ? ['', gift.message] : []),
      '',
      `Redeem your gift: ${giftRedeemUrl(publicUrl, gift.code)}`,
      `Your code: ${groupedCode(gift.code)}`,
    ].join('\n'),
  };
}

export async function sendGiftReceipt(deps: Pick<Deps, 'mailer' | 'log' | 'config'>, gift: Gift) {
  if (!gift.buyer_email) return;
  await sendQuietly(deps.mailer, deps.log, {
    to: gift.buyer_email,
    ...giftReceiptMessage(gift, deps.config.PUBLIC_URL),
  });
}

/** Mails every paid gift whose day has come (claimed first, so two replicas never both send one). */
export async function sendDueGiftMails(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config'>,
  today = new Date().toISOString().slice(0, 10),
): Promise<number> {
  const due = await claimDueGiftMails(deps.db, today);
  for (const gift of due) {
    if (!gift.recipient_email) continue;
    await sendQuietly(deps.mailer, deps.log, {
      to: gift.recipient_email,
      ...giftMessageForRecipient(gift, deps.config.PUBLIC_URL),
    });
  }
  return due.length;
}

/** Every quarter of an hour (and once at start), the gift e-mails whose day has come go out. */
export function startGiftMails(deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config'>, everyMs = 15 * 60_000) {
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
