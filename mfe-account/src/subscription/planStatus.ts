import { formatDate, type SubscriptionState } from '@catalyst/web-kit';

/** What the plans page and the profile say of the paid period: its renewal, or its end when cancelled. */
export function periodText({
  plan,
  currentPeriodEnd,
  cancelAtPeriodEnd,
}: Pick<SubscriptionState, 'plan' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>): {
  ending: boolean;
  text: string;
} | null {
  const endDate = formatDate(currentPeriodEnd, 'long');
  if (plan === 'admin' || !endDate) return null;
  return cancelAtPeriodEnd
    ? { ending: true, text: `Your subscription will end on ${endDate}.` }
    : { ending: false, text: `Renews on ${endDate}` };
}

export const BILLING_PORTAL_FAILED_MESSAGE = 'Failed to open billing management. Please try again.';
