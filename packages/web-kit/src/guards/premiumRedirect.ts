import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPremiumRequired } from '../api/client';
import { kitStrings } from '../i18n/en';

/** What the learner was trying to open when they were sent to the plans page. */
export type PremiumReason = 'course' | 'category';

/** What the plans page says above the plan, by reason: its key in web-kit's strings. */
const PREMIUM_REASON_KEYS = {
  course: 'premium.course',
  category: 'premium.category',
} as const satisfies Record<PremiumReason, string>;

export const PLANS_PATH = '/subscription';

/** Router state of a navigation to the plans page: why (kept out of the address, so /subscription stays /subscription). */
export const plansPageState = (reason: PremiumReason) => ({ premium: reason });

/** The text the plans page shows for the router state it was opened with, or null when nobody sent the learner there. */
export function premiumReasonText(state: unknown): string | null {
  const reason = (state as { premium?: unknown } | null)?.premium;
  return typeof reason === 'string' && reason in PREMIUM_REASON_KEYS
    ? kitStrings.t(PREMIUM_REASON_KEYS[reason as PremiumReason])
    : null;
}

/** Spec section 8: the server's premium refusal sends the user to /subscription, saying why. Returns true while redirecting. */
export function usePremiumRedirect(reason: PremiumReason, ...errors: unknown[]): boolean {
  const navigate = useNavigate();
  const refused = errors.some((error) => isPremiumRequired(error));
  useEffect(() => {
    if (refused) navigate(PLANS_PATH, { replace: true, state: plansPageState(reason) });
  }, [refused, reason, navigate]);
  return refused;
}
