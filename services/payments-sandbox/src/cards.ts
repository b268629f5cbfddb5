/** What a test card does when charged (the architecture's test cards are Stripe's own numbers). */
export type CardOutcome =
  | { ok: true }
  | {
      ok: false;
      code: 'card_declined' | 'insufficient_funds' | 'expired_card' | 'payment_failed';
      message: string;
    };

const OUTCOMES: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  // Stripe's debit test cards (Visa, Mastercard): they pay as the two above, with fingerprints of their own.
  '4000056655665556': { ok: true },
  '5200828282828210': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000119': {
    ok: false,
    code: 'payment_failed',
    message: 'An error occurred while processing your card.',
  },
  // Attaches fine, fails when charged: the classic "renewal fails" card.
  '4000000000000341': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
};

export const normaliseCardNumber = (input: string) => input.replace(/[\s-]/g, '');

/** Luhn check, so a mistyped number is an input error rather than a decline. */
export function isPlausibleCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Charging a card: known test numbers behave as documented; any other real-looking number is declined (test mode). */
export function chargeCard(cardNumber: string | null): CardOutcome {
  if (!cardNumber)
    return { ok: false, code: 'payment_failed', message: 'The customer has no payment method on file.' };
  return (
    OUTCOMES[cardNumber] ?? {
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
    }
  );
}

export const cardLast4 = (cardNumber: string | null) => (cardNumber ? cardNumber.slice(-4) : null);

/**
 * Saving a card without charging it (a trial's checkout): a card that pays attaches, and so does the
 * "renewal fails" card, which only fails once it is charged.
 */
export function attachCard(cardNumber: string): CardOutcome {
  return cardNumber === '4000000000000341' ? { ok: true } : chargeCard(cardNumber);
}
