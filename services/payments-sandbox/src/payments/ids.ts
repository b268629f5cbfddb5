/** A payment session's PaymentIntent id: one per session, so the session object names it without a column. */
export const paymentIntentIdOf = (sessionId: string) => `pi_${sessionId.replace(/^cs_(test_)?/, '')}`;
