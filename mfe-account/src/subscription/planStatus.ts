import { formatDate, type SubscriptionState } from '@catalyst/web-kit';
import type { AccountText } from '../i18n/en';

/**
 * What the plans page and the profile say of the paid period: a trial's end (when the card is first charged),
 * the renewal, or the end when cancelled.
 */
export function periodText(
  t: AccountText,
  {
    plan,
    currentPeriodEnd,
    cancelAtPeriodEnd,
    trialEnd,
    gift,
  }: Pick<SubscriptionState, 'plan' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> &
    Partial<Pick<SubscriptionState, 'trialEnd' | 'gift'>>,
): {
  ending: boolean;
  text: string;
} | null {
  const endDate = formatDate(currentPeriodEnd, 'long');
  if (plan === 'admin' || !endDate) return null;
  // A gift was never going to renew: its end is no cancellation.
  if (gift) return { ending: false, text: t('period.gift', { date: endDate }) };
  if (cancelAtPeriodEnd)
    return {
      ending: true,
      text: trialEnd ? t('period.trialEnding', { date: endDate }) : t('period.ending', { date: endDate }),
    };
  if (trialEnd) return { ending: false, text: t('period.trial', { date: formatDate(trialEnd, 'long') }) };
  return { ending: false, text: t('period.renews', { date: endDate }) };
}

/** "Premium Monthly", "Premium Annual", "Premium (gift)" (just "Premium" when the interval is not known). */
export function planLabel(t: AccountText, interval: SubscriptionState['interval'], gift = false): string {
  if (gift) return t('plan.gift');
  return interval === 'year'
    ? t('plan.annual')
    : interval === 'month'
      ? t('plan.monthly')
      : t('plan.premium');
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
