import { randomBytes } from 'node:crypto';

// Crockford's base 32: no I, L, O or U, so a printed code reads back without doubt.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A gift code: 128 random bits as 26 base-32 characters (the last carries 3 bits). */
export function newGiftCode(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  code += ALPHABET[(value << (5 - bits)) & 31];
  return code;
}

/** A code as people print it: groups of four or five, easier to type back. */
export const groupedCode = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;
