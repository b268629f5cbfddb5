import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';

/** How long a signed premium video address stays valid; the player renews it before then. */
export const MEDIA_URL_TTL_SECONDS = 20 * 60;

/** Premium videos live under this path; everything else under /media stays public. */
export const PROTECTED_MEDIA_PREFIX = '/media/videos/';
/** A video's captions (WebVTT), beside it: /media/videos/x.mp4 → /media/captions/x.vtt. */
export const CAPTIONS_MEDIA_PREFIX = '/media/captions/';
/**
 * Captions are a lesson's transcript: they follow the video's access (the viewer's media grant). A free
 * preview's captions come with a signed address instead (content gives it to anyone who may open the lesson).
 */
export const GRANTED_MEDIA_PREFIXES = [PROTECTED_MEDIA_PREFIX, CAPTIONS_MEDIA_PREFIX] as const;

/** The cookie that carries a viewer's media grant (HttpOnly, only sent to /media). */
export const MEDIA_GRANT_COOKIE = 'catalyst_media';
/** How long a grant lasts; the player renews it (by reloading the product) well before. */
export const MEDIA_GRANT_TTL_SECONDS = 10 * 60;

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
export const isProtectedMediaPath = (rawPath: string) =>
  canonicalMediaPath(rawPath).toLowerCase().startsWith(PROTECTED_MEDIA_PREFIX);

/** True for a captions file's path, whatever way it is spelt. */
export const isCaptionsMediaPath = (rawPath: string) =>
  canonicalMediaPath(rawPath).toLowerCase().startsWith(CAPTIONS_MEDIA_PREFIX);

/** The captions file's path beside a local video (its stored address, query and fragment ignored), else null. */
export function captionsPathOf(videoUrl: string | null | undefined): string | null {
  if (!videoUrl || !videoUrl.startsWith('/') || videoUrl.startsWith('//')) return null;
  const path = videoUrl.split(/[?#]/)[0]!;
  const match = /^\/media\/videos\/([^/]+)\.[a-z0-9]+$/i.exec(canonicalMediaPath(path));
  return match ? `${CAPTIONS_MEDIA_PREFIX}${match[1]}.vtt` : null;
}

/** True for a path that needs the viewer's media grant (premium videos and their captions), whatever way it is spelt. */
export const needsMediaGrant = (rawPath: string) => {
  const canonical = canonicalMediaPath(rawPath).toLowerCase();
  return GRANTED_MEDIA_PREFIXES.some((prefix) => canonical.startsWith(prefix));
};

const grantSignature = (userId: string, exp: number, secret: string) =>
  createHmac('sha256', mediaKey(secret)).update(`grant:${userId}:${exp}`).digest('base64url');

/**
 * A viewer's media grant: `<userId>.<exp>.<sig>`, given (as an HttpOnly cookie) only to a caller the
 * content service found entitled. A signed video address alone opens nothing: a copied link fails
 * without the viewer's own grant, and a grant ends minutes after sign-out or cancellation.
 */
export function signMediaGrant(
  userId: string,
  secret: string,
  ttlSeconds = MEDIA_GRANT_TTL_SECONDS,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  return `${userId}.${exp}.${grantSignature(userId, exp, secret)}`;
}

/** The user id of a valid, unexpired grant, or undefined. Never throws. */
export function verifyMediaGrant(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): string | undefined {
  if (!value || value.length > 200) return undefined;
  const [userId, exp, sig, extra] = value.split('.');
  if (
    extra !== undefined ||
    !userId ||
    !/^[0-9a-f]{24}$/.test(userId) ||
    !exp ||
    !/^[1-9]\d{0,11}$/.test(exp) ||
    !sig
  )
    return undefined;
  if (Number(exp) * 1000 <= now) return undefined;
  const expected = Buffer.from(grantSignature(userId, Number(exp), secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

/** The Set-Cookie value that takes a grant back (signing out): the browser drops it at once. */
export const CLEAR_MEDIA_GRANT_COOKIE = `${MEDIA_GRANT_COOKIE}=; Path=/media; Max-Age=0; HttpOnly; SameSite=Strict`;

/** The Set-Cookie value that hands a grant to the browser (only /media requests carry it). */
export function mediaGrantCookie(
  grant: string,
  ttlSeconds = MEDIA_GRANT_TTL_SECONDS,
  secure = false,
): string {
  return `${MEDIA_GRANT_COOKIE}=${grant}; Path=/media; Max-Age=${ttlSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

let signedExp = -1;
const signed = new Map<string, string>();

/** `path?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`; `path` is a site path with no query or fragment. */
export function signMediaUrl(
  mediaPath: string,
  secret: string,
  ttlSeconds = MEDIA_URL_TTL_SECONDS,
  now = Date.now(),
): string {
  if (!mediaPath.startsWith('/') || /[?#]/.test(mediaPath))
    throw new Error(`signMediaUrl needs a site path without query or fragment, got ${mediaPath}`);
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
export function verifyMediaUrl(
  mediaPath: string,
  exp: unknown,
  sig: unknown,
  secret: string,
  now = Date.now(),
): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^[1-9]\d{0,11}$/.test(exp) || sig.length > 128)
    return false;
  const expires = Number(exp);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(sign(canonicalMediaPath(mediaPath), expires, secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** How long a stream token lasts; the player gets a fresh one with every load of the product page. */
export const STREAM_TOKEN_TTL_SECONDS = 30 * 60;
/** Tokens are issued as of the next 5-minute mark: one asset keeps one token (and cacheable URLs) that long. */
const STREAM_TOKEN_STEP_SECONDS = 5 * 60;

const streamSignature = (assetId: string, exp: number, secret: string) =>
  createHmac('sha256', mediaKey(secret)).update(`stream:${assetId}:${exp}`).digest('base64url');

/**
 * A stream token `<exp>.<sig>` for one media asset: content signs it for a caller who may watch the
 * product, the media service checks it on every playlist, segment, poster and storyboard file. It names
 * the asset it was made for, so it never opens another.
 */
export function signStreamToken(
  assetId: string,
  secret: string,
  ttlSeconds = STREAM_TOKEN_TTL_SECONDS,
  now = Date.now(),
): string {
  const exp = Math.ceil(now / 1000 / STREAM_TOKEN_STEP_SECONDS) * STREAM_TOKEN_STEP_SECONDS + ttlSeconds;
  return `${exp}.${streamSignature(assetId, exp, secret)}`;
}

/** Whether a token was signed for exactly this asset and has not expired. Never throws. */
export function verifyStreamToken(
  token: unknown,
  assetId: string,
  secret: string,
  now = Date.now(),
): boolean {
  if (typeof token !== 'string' || token.length > 120) return false;
  const [exp, sig, extra] = token.split('.');
  if (extra !== undefined || !exp || !/^[1-9]\d{0,11}$/.test(exp) || !sig) return false;
  if (Number(exp) * 1000 <= now) return false;
  const expected = Buffer.from(streamSignature(assetId, Number(exp), secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
