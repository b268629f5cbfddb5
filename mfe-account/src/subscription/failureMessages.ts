import type { AccountText } from '../i18n/en';

/** What happened, by the failure page's `error` query parameter (spec section 8, verbatim in English). */
const FAILURE_KEYS = {
  payment_failed: 'failure.paymentFailed',
  card_declined: 'failure.cardDeclined',
  insufficient_funds: 'failure.insufficientFunds',
  expired_card: 'failure.expiredCard',
  session_expired: 'failure.sessionExpired',
} as const;

export function failureMessage(t: AccountText, code: string | null | undefined): string {
  return t(
    code && Object.hasOwn(FAILURE_KEYS, code)
      ? FAILURE_KEYS[code as keyof typeof FAILURE_KEYS]
      : 'failure.default',
  );
}

export const HOW_TO_FIX = [
  'failure.fixDetails',
  'failure.fixFunds',
  'failure.fixMethod',
  'failure.fixBank',
] as const;

export const SUCCESS_BENEFITS = [
  'success.benefitPremium',
  'success.benefitDownload',
  'success.benefitCertificates',
  'success.benefitQuestions',
] as const;

/** How a plan id reads ('premium' → 'Premium'); the pages' `plan` parameter defaults to premium. */
export function planName(plan: string | null | undefined): string {
  const id = plan || 'premium';
  return id.charAt(0).toUpperCase() + id.slice(1);
}
