// How the earnings and royalties pages write months, money and shares.
import type { RoyaltyMonthStatus } from '@catalyst/contracts/royalties-terms';

/** '2026-11' → 'November 2026'. */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Amounts in the pool's currency (US dollars), always with cents: $0.00 is a real figure here. */
export const money = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A share of the pool: 0.689419 → '68.94%'. */
export const sharePercent = (share: number) => `${(share * 100).toFixed(2)}%`;

export const minutesText = (minutes: number) => `${minutes.toLocaleString('en-US')} min`;

export const monthStatusText = (status: RoyaltyMonthStatus, paidAt: string | null = null) =>
  paidAt ? 'Paid' : status === 'open' ? 'Estimate (month open)' : 'Closed';
