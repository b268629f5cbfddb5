/** What happened, by the failure page's `error` query parameter (spec section 8, verbatim). */
export const FAILURE_MESSAGES: Record<string, string> = {
  payment_failed: 'Your payment could not be processed. Please check your payment method and try again.',
  card_declined: 'Your card was declined. Please try a different payment method.',
  insufficient_funds: 'Insufficient funds on your payment method. Please try a different card.',
  expired_card: 'Your card has expired. Please update your payment method.',
  session_expired: 'Your session has expired. Please try subscribing again.',
};

export const DEFAULT_FAILURE_MESSAGE =
  'There was an issue processing your subscription. Please try again or contact support.';

export function failureMessage(code: string | null | undefined): string {
  return (
    (code && Object.hasOwn(FAILURE_MESSAGES, code) ? FAILURE_MESSAGES[code] : undefined) ??
    DEFAULT_FAILURE_MESSAGE
  );
}

export const HOW_TO_FIX = [
  'Check that your payment information is correct',
  'Make sure you have sufficient funds',
  'Try a different payment method',
  'Contact your bank for more information',
] as const;

export const SUCCESS_BENEFITS = [
  'Access all premium courses and content',
  'Download course materials',
  'Earn certificates on completion',
  'Ask questions on every lesson and join live Q&A sessions',
] as const;

/** How a plan id reads ('premium' → 'Premium'); the pages' `plan` parameter defaults to premium. */
export function planName(plan: string | null | undefined): string {
  const id = plan || 'premium';
  return id.charAt(0).toUpperCase() + id.slice(1);
}
