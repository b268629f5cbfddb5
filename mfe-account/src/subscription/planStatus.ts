import { formatDate, type SubscriptionState } from '@catalyst/web-kit';

/**
 * What the plans page and the profile say of the paid period: a trial's end (when the card is first charged),
 * the renewal, or the end when cancelled.
 */
export function periodText({
  plan,
  currentPeriodEnd,
  cancelAtPeriodEnd,
  trialEnd,
  gift,
}: Pick<SubscriptionState, 'plan' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> &
  Partial<Pick<SubscriptionState, 'trialEnd' | 'gift'>>): {
  ending: boolean;
  text: string;
} | null {
  const endDate = formatDate(currentPeriodEnd, 'long');
  if (plan === 'admin' || !endDate) return null;
  // A gift was never going to renew: its end is no cancellation.
  if (gift)
    return { ending: false, text: `Your gifted Premium lasts until ${endDate}. Nothing will be charged.` };
  if (cancelAtPeriodEnd)
    return {
      ending: true,
      text: trialEnd
        ? `Your free trial ends on ${endDate}. Nothing will be charged.`
        : `Your subscription will end on ${endDate}.`,
    };
  if (trialEnd) return { ending: false, text: `Free trial until ${formatDate(trialEnd, 'long')}` };
  return { ending: false, text: `Renews on ${endDate}` };
}

/** "Premium Monthly", "Premium Annual", "Premium (gift)" (just "Premium" when the interval is not known). */
export function planLabel(interval: SubscriptionState['interval'], gift = false): string {
  if (gift) return 'Premium (gift)';
  return interval === 'year' ? 'Premium Annual' : interval === 'month' ? 'Premium Monthly' : 'Premium';
}

/**
 * Whether the plan can switch monthly ↔ annual now: a paid plan that renews (not an admin's, a gift, a trial or a
 * plan set to end). The plans page and the profile's plan section offer the same switch on the same terms.
 */
export const canSwitchPlan = (
  state: Pick<SubscriptionState, 'hasSubscription' | 'plan' | 'status' | 'cancelAtPeriodEnd' | 'gift'>,
) =>
  state.hasSubscription &&
  state.plan !== 'admin' &&
  !state.gift &&
  !state.cancelAtPeriodEnd &&
  state.status !== 'trialing';

export const BILLING_PORTAL_FAILED_MESSAGE = 'Failed to open billing management. Please try again.';
