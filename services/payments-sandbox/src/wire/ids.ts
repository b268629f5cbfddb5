import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: prefix, underscore, 24 random alphanumerics (cus_…, cs_test_…, sub_…). */
export function stripeId(prefix: string): string {
  const bytes = randomBytes(24);
  let tail = '';
  for (const byte of bytes) tail += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${tail}`;
}
