import { createHmac, timingSafeEqual } from 'node:crypto';
import { IDENTITY_ASSERTION_MAX_LENGTH, identitySchema, type Identity } from '@catalyst/contracts';

const DEFAULT_TTL_SECONDS = 60;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * The gateway's identity assertion: base64url(JSON) "." HMAC-SHA256, expiring after a minute, so a
 * service trusts identity only from someone holding the internal secret.
 */
export function signIdentity(
  identity: Identity,
  secret: string,
  ttlSeconds = DEFAULT_TTL_SECONDS,
  now = Date.now(),
): string {
  const payload = Buffer.from(
    JSON.stringify({ ...identity, exp: Math.floor(now / 1000) + ttlSeconds }),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

// The gateway reuses one assertion per caller for a second: its checked content is kept, so a repeat costs
// a lookup instead of an HMAC, a JSON parse and a schema check (expiry is still checked on every use).
const verified = new Map<string, { identity: Identity; exp: number }>();
const MAX_VERIFIED = 2_000;

/** Returns the asserted identity, or null for anything forged, unsigned, malformed or expired. */
export function verifyIdentity(
  assertion: string | undefined | null,
  secret: string,
  now = Date.now(),
): Identity | null {
  if (!assertion || assertion.length > IDENTITY_ASSERTION_MAX_LENGTH) return null;
  const memoKey = `${secret}\u0000${assertion}`;
  const known = verified.get(memoKey);
  if (known) return known.exp * 1000 < now ? null : known.identity;
  const checked = checkAssertion(assertion, secret, now);
  if (checked) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(memoKey, checked);
  }
  return checked?.identity ?? null;
}

function checkAssertion(
  assertion: string,
  secret: string,
  now: number,
): { identity: Identity; exp: number } | null {
  const [payload, signature, extra] = assertion.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    if (typeof decoded.exp !== 'number' || decoded.exp * 1000 < now) return null;
    const parsed = identitySchema.safeParse(decoded);
    // Frozen: the same object now serves every request carrying this assertion.
    return parsed.success ? { identity: Object.freeze(parsed.data), exp: decoded.exp } : null;
  } catch {
    return null;
  }
}

/** Constant-time comparison of a presented shared secret. */
export function secretMatches(presented: string | undefined | null, secret: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
