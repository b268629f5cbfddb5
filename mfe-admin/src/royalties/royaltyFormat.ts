// How the earnings and royalties pages write months, money and shares.
import type { RoyaltyMonthStatus } from '@catalyst/contracts/royalties-terms';
import { currentLanguage, formatCount } from '@catalyst/web-kit';
import type { ConsoleT } from '../i18n/console/en';

/** Intl's locale for the page's language (English as en-US writes it). */
const locale = () => (currentLanguage() === 'en' ? 'en-US' : currentLanguage());

/** '2026-11' → 'November 2026'. */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(locale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Amounts in the pool's currency (US dollars), always with cents: $0.00 is a real figure here. */
export const money = (amount: number) =>
  currentLanguage() === 'en'
    ? `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : dollarsIn(amount);

/** US dollars as the page's language writes them (as web-kit's formatPrice does there), $0.00 included. */
export const dollarsIn = (amount: number) =>
  amount.toLocaleString(locale(), { style: 'currency', currency: 'USD' });

/** A share of the pool: 0.689419 → '68.94%'. */
export const sharePercent = (share: number) =>
  currentLanguage() === 'en'
    ? `${(share * 100).toFixed(2)}%`
    : share.toLocaleString(locale(), {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });

export const minutesText = (minutes: number, t: ConsoleT) =>
  t('royalties.minutes', { minutes: formatCount(minutes) });

export const monthStatusText = (status: RoyaltyMonthStatus, t: ConsoleT, paidAt: string | null = null) =>
  t(
    paidAt
      ? 'royalties.status.paid'
      : status === 'open'
        ? 'royalties.status.estimate'
        : 'royalties.status.closed',
  );
