// How the earnings and royalties pages write months, money and shares.
import type { RoyaltyMonthStatus } from '@catalyst/contracts/royalties-terms';
import { currentLanguage, formatCount, formatMoney, formatMonth, intlLocale } from '@catalyst/web-kit';
import type { ConsoleT } from '../i18n/console/en';

/** '2026-11' → 'November 2026' (web-kit's formatMonth). */
export const monthName = formatMonth;

/** Amounts in the pool's currency (US dollars), always with cents: $0.00 is a real figure here. */
export const money = (amount: number) =>
  currentLanguage() === 'en'
    ? `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : formatMoney(amount);

/** A share of the pool: 0.689419 → '68.94%'. */
export const sharePercent = (share: number) =>
  currentLanguage() === 'en'
    ? `${(share * 100).toFixed(2)}%`
    : share.toLocaleString(intlLocale(), {
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
