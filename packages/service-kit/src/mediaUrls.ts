import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';

/** How long a signed premium video address stays valid (a long lesson plus a break). */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;

/** Premium videos live under this path; everything else under /media stays public. */
export const PROTECTED_MEDIA_PREFIX = '/media/videos/';

// A key of its own, so a media signature can never stand in for any other HMAC made with the internal secret.
// Derived once per secret: a product list signs a dozen addresses per answer.
const mediaKeys = new Map<string, Buffer>();
function mediaKey(secret: string): Buffer {
  let key = mediaKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('catalyst:media-url:v1').digest();
    mediaKeys.set(secret, key);
  }
  return key;
}

const sign = (canonicalPath: string, exp: number, secret: string) =>
  createHmac('sha256', mediaKey(secret)).update(`media:${canonicalPath}:${exp}`).digest('base64url');

/**
 * The one spelling of a media path both sides sign: percent-decoded and normalised ("//", "." and ".."
 * resolved), so /media//videos/x.mp4 and /media/videos/x%2Emp4 are the file they name, not a way around.
 */
export function canonicalMediaPath(rawPath: string): string {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // a malformed escape is kept as it is: it can only fail to verify
  }
  return path.posix.normalize(`/${decoded}`);
}

/** True for a path that needs a signature (premium videos), whatever way it is spelt. */
export const isProtectedMediaPath = (rawPath: string) => canonicalMediaPath(rawPath).toLowerCase().startsWith(PROTECTED_MEDIA_PREFIX);

let signedExp = -1;
const signed = new Map<string, string>();

/** `path?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`; `path` is a site path with no query or fragment. */
export function signMediaUrl(mediaPath: string, secret: string, ttlSeconds = MEDIA_URL_TTL_SECONDS, now = Date.now()): string {
  if (!mediaPath.startsWith('/') || /[?#]/.test(mediaPath)) throw new Error(`signMediaUrl needs a site path without query or fragment, got ${mediaPath}`);
  const exp = Math.floor(now / 1000) + ttlSeconds;
  // Every answer within the same second signs the same (path, exp): the result is reused, not recomputed.
  if (exp !== signedExp) {
    signed.clear();
    signedExp = exp;
  }
  const memoKey = `${secret}\u0000${mediaPath}`;
  let url = signed.get(memoKey);
  if (!url) {
    url = `${mediaPath}?exp=${exp}&sig=${sign(canonicalMediaPath(mediaPath), exp, secret)}`;
    if (signed.size < 10_000) signed.set(memoKey, url);
  }
  return url;
}

/** Whether `sig` was made by signMediaUrl for exactly this path and `exp`, and `exp` has not passed. Never throws. */
export function verifyMediaUrl(mediaPath: string, exp: unknown, sig: unknown, secret: string, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^[1-9]\d{0,11}$/.test(exp) || sig.length > 128) return false;
  const expires = Number(exp);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(sign(canonicalMediaPath(mediaPath), expires, secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
