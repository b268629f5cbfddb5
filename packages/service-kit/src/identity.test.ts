import { describe, expect, it } from 'vitest';
import { signIdentity, verifyIdentity, secretMatches } from './identity';

const secret = 'a-secret-of-at-least-thirty-two-characters!';
const user = { id: '0123456789abcdef01234567', role: 'user' as const, email: 'a@b.example', name: 'A' };

describe('identity assertion', () => {
  it('round-trips an identity signed with the shared secret', () => {
    expect(verifyIdentity(signIdentity(user, secret), secret)).toEqual(user);
  });

  it('treats an assertion signed with another secret as anonymous', () => {
    expect(verifyIdentity(signIdentity(user, 'another-secret-of-thirty-two-chars-long!'), secret)).toBeNull();
  });

  it('treats a hand-made identity (role raised to admin, signature kept) as anonymous', () => {
    const [, signature] = signIdentity(user, secret).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...user, role: 'admin', exp: Date.now() / 1000 + 60 }),
    ).toString('base64url');
    expect(verifyIdentity(`${forged}.${signature}`, secret)).toBeNull();
  });

  it('refuses an expired assertion', () => {
    const old = signIdentity(user, secret, 60, Date.now() - 120_000);
    expect(verifyIdentity(old, secret)).toBeNull();
  });

  it('refuses a once-accepted assertion after it expires, and only for the secret it was checked with', () => {
    const now = Date.now();
    const assertion = signIdentity(user, secret, 60, now);
    expect(verifyIdentity(assertion, secret, now)).toEqual(user);
    expect(verifyIdentity(assertion, secret, now + 1_000)).toEqual(user);
    expect(verifyIdentity(assertion, secret, now + 61_000)).toBeNull();
    expect(verifyIdentity(assertion, 'another-secret-of-thirty-two-chars-long!', now)).toBeNull();
    expect(Object.isFrozen(verifyIdentity(assertion, secret, now))).toBe(true);
  });

  it('refuses garbage without throwing', () => {
    for (const value of ['', 'x', 'a.b.c', '.', 'e30.', undefined, null, 'x'.repeat(5000)]) {
      expect(verifyIdentity(value as string, secret)).toBeNull();
    }
  });

  it('compares shared secrets exactly', () => {
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(`${secret}x`, secret)).toBe(false);
    expect(secretMatches(undefined, secret)).toBe(false);
  });
});
