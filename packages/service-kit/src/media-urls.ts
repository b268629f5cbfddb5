import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { API_PREFIX } from '@catalyst/contracts/api-path';

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

/** The cookie that carries a viewer's media grant (HttpOnly, only sent to /media and the API's /media). */
export const MEDIA_GRANT_COOKIE = 'catalyst_media';
/**
 * Where the grant cookie is sent: the gateway's media files (/media: MP4s, captions) and media's own routes
 * (API_PREFIX/media: playlists, segments, storyboards, resource downloads). One cookie per path, same value.
 */
export const MEDIA_GRANT_COOKIE_PATHS = ['/media', `${API_PREFIX}/media`] as const;
/** How long a grant lasts; the player renews it (by reloading the product) well before. */
export const MEDIA_GRANT_TTL_SECONDS = 10 * 60;

/**
 * What a viewer's plan opens: `plan` everything they may open with it, `free` only what opens without one
 * (a free product, a free preview). Content decides it from the entitlement when it hands out a grant.
 */
export type MediaAccess = 'plan' | 'free';

/** The viewer a media address or grant is for: the user, and what their plan opens. */
export interface MediaViewer {
  userId: string;
  access: MediaAccess;
}

/**
 * Whom a media address is issued to: one viewer (it then opens only with that user's own grant, and a
 * `plan` address only with a grant made while their plan was active), or `anyone` (a free preview's, given
 * to visitors too, who hold no grant).
 */
export type MediaAudience = MediaViewer | 'anyone';

const audienceKey = (audience: MediaAudience) =>
  audience === 'anyone' ? 'anyone' : `${audience.userId}:${audience.access}`;

/**
 * The audiences a request is, by the grant it holds (or none): anyone's addresses always; with a grant, its
 * user's `free` addresses, and their `plan` addresses only when the grant was made with the plan active (a
 * grant a free preview handed to someone without the plan opens nothing premium, theirs or anyone's).
 */
export function audiencesOf(grant: MediaViewer | undefined): MediaAudience[] {
  if (!grant) return ['anyone'];
  const free: MediaViewer = { userId: grant.userId, access: 'free' };
  return grant.access === 'plan' ? ['anyone', free, grant] : ['anyone', free];
}

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

const VIDEO_PATH = /^\/media\/videos\/([^/]+)\.(?:mp4|webm|m4v|mov)$/i;
const CAPTIONS_PATH = /^\/media\/captions\/([^/]+)\.vtt$/i;

/** What a signature made for this (canonical) path names: a premium video is `video:<name>`, anything else itself. */
function signedItemOf(canonicalPath: string): string {
  const video = VIDEO_PATH.exec(canonicalPath);
  return video ? `video:${video[1]}` : canonicalPath;
}

/**
 * The items whose signature opens this path: itself, and for captions the video beside them (a video's
 * signed address opens its transcript too; captions' own address never opens the video).
 */
function openingItemsOf(canonicalPath: string): string[] {
  const captions = CAPTIONS_PATH.exec(canonicalPath);
  return captions ? [canonicalPath, `video:${captions[1]}`] : [signedItemOf(canonicalPath)];
}

const sign = (item: string, exp: number, audience: MediaAudience, secret: string) =>
  createHmac('sha256', mediaKey(secret))
    .update(`media:${item}:${exp}:${audienceKey(audience)}`)
    .digest('base64url');

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

const ACCESS_CODE: Record<MediaAccess, string> = { plan: 'p', free: 'f' };

const grantSignature = (viewer: MediaViewer, exp: number, secret: string) =>
  createHmac('sha256', mediaKey(secret))
    .update(`grant:${viewer.userId}:${viewer.access}:${exp}`)
    .digest('base64url');

/**
 * A viewer's media grant: `<userId>.<p|f>.<exp>.<sig>`, given (as an HttpOnly cookie) only by a service that
 * found the caller may open what it answers, `p` when their plan was active then. Every premium address is
 * signed for one viewer, so it opens only beside that viewer's own grant: a copied link fails in another
 * browser or account, and a grant ends minutes after sign-out or cancellation.
 */
export function signMediaGrant(
  viewer: MediaViewer,
  secret: string,
  ttlSeconds = MEDIA_GRANT_TTL_SECONDS,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  return `${viewer.userId}.${ACCESS_CODE[viewer.access]}.${exp}.${grantSignature(viewer, exp, secret)}`;
}

/** The viewer of a valid, unexpired grant, or undefined. Never throws. */
export function verifyMediaGrant(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): MediaViewer | undefined {
  if (!value || value.length > 200) return undefined;
  const [userId, code, exp, sig, extra] = value.split('.');
  if (
    extra !== undefined ||
    !userId ||
    !/^[0-9a-f]{24}$/.test(userId) ||
    (code !== 'p' && code !== 'f') ||
    !exp ||
    !/^[1-9]\d{0,11}$/.test(exp) ||
    !sig
  )
    return undefined;
  if (Number(exp) * 1000 <= now) return undefined;
  const viewer: MediaViewer = { userId, access: code === 'p' ? 'plan' : 'free' };
  const expected = Buffer.from(grantSignature(viewer, Number(exp), secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? viewer : undefined;
}

/** The value of one cookie in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The viewer whose valid grant a request's Cookie header carries, or undefined. Never throws. */
export const mediaGrantOfCookies = (cookieHeader: string | undefined, secret: string, now = Date.now()) =>
  verifyMediaGrant(cookieValue(cookieHeader, MEDIA_GRANT_COOKIE), secret, now);

/** The Set-Cookie values that take a grant back (signing out), one per path: the browser drops them at once. */
export const CLEAR_MEDIA_GRANT_COOKIES: readonly string[] = MEDIA_GRANT_COOKIE_PATHS.map(
  (cookiePath) => `${MEDIA_GRANT_COOKIE}=; Path=${cookiePath}; Max-Age=0; HttpOnly; SameSite=Strict`,
);

/** The first of CLEAR_MEDIA_GRANT_COOKIES (/media); a sign-out sends them all. */
export const CLEAR_MEDIA_GRANT_COOKIE = CLEAR_MEDIA_GRANT_COOKIES[0]!;

/** The Set-Cookie values that hand a grant to the browser, one per path (only media requests carry it). */
export function mediaGrantCookies(
  grant: string,
  ttlSeconds = MEDIA_GRANT_TTL_SECONDS,
  secure = false,
): string[] {
  return MEDIA_GRANT_COOKIE_PATHS.map(
    (cookiePath) =>
      `${MEDIA_GRANT_COOKIE}=${grant}; Path=${cookiePath}; Max-Age=${ttlSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}

/**
 * The media grant's cookies as a frame of another site (an LMS's, FRAMED_REQUEST_HEADER) can keep them:
 * SameSite=None, Secure and Partitioned (kept under that site only); every other Set-Cookie as it was.
 */
export const framedCookies = (cookies: readonly string[]): string[] =>
  cookies.map((cookie) =>
    cookie.startsWith(`${MEDIA_GRANT_COOKIE}=`)
      ? cookie.replace(/; SameSite=Strict(; Secure)?/, '; SameSite=None; Secure; Partitioned')
      : cookie,
  );

let signedExp = -1;
const signed = new Map<string, string>();

/**
 * `path?exp=<unix seconds>&sig=<base64url HMAC-SHA256>` for `audience`; `path` is a site path with no query
 * or fragment. The signature binds the path (a video and its captions alike), the expiry and the audience.
 */
export function signMediaUrl(
  mediaPath: string,
  secret: string,
  audience: MediaAudience,
  ttlSeconds = MEDIA_URL_TTL_SECONDS,
  now = Date.now(),
): string {
  if (!mediaPath.startsWith('/') || /[?#]/.test(mediaPath))
    throw new Error(`signMediaUrl needs a site path without query or fragment, got ${mediaPath}`);
  const exp = Math.floor(now / 1000) + ttlSeconds;
  // Every answer within the same second signs the same (path, exp, audience): the result is reused, not recomputed.
  if (exp !== signedExp) {
    signed.clear();
    signedExp = exp;
  }
  const memoKey = `${secret}\u0000${mediaPath}\u0000${audienceKey(audience)}`;
  let url = signed.get(memoKey);
  if (!url) {
    url = `${mediaPath}?exp=${exp}&sig=${sign(signedItemOf(canonicalMediaPath(mediaPath)), exp, audience, secret)}`;
    if (signed.size < 10_000) signed.set(memoKey, url);
  }
  return url;
}

/**
 * Whether `sig` was made by signMediaUrl for exactly this path (or the video beside these captions), this
 * `exp` and one of `audiences` (audiencesOf the request's grant), and `exp` has not passed. Never throws.
 */
export function verifyMediaUrl(
  mediaPath: string,
  exp: unknown,
  sig: unknown,
  secret: string,
  audiences: readonly MediaAudience[],
  now = Date.now(),
): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^[1-9]\d{0,11}$/.test(exp) || sig.length > 128)
    return false;
  const expires = Number(exp);
  if (expires * 1000 <= now) return false;
  const given = Buffer.from(sig);
  return openingItemsOf(canonicalMediaPath(mediaPath)).some((item) =>
    audiences.some((audience) => {
      const expected = Buffer.from(sign(item, expires, audience, secret));
      return expected.length === given.length && timingSafeEqual(expected, given);
    }),
  );
}

/** How long a stream token lasts; the player gets a fresh one with every load of the product page. */
export const STREAM_TOKEN_TTL_SECONDS = 30 * 60;
/** Tokens are issued as of the next 5-minute mark: one asset keeps one token (and cacheable URLs) that long. */
const STREAM_TOKEN_STEP_SECONDS = 5 * 60;

const streamSignature = (assetId: string, exp: number, audience: MediaAudience, secret: string) =>
  createHmac('sha256', mediaKey(secret))
    .update(`stream:${assetId}:${exp}:${audienceKey(audience)}`)
    .digest('base64url');

/**
 * A stream token `<exp>.<sig>` for one media asset and one audience: content signs it for a viewer who may
 * watch the product, the media service checks it, beside that viewer's own grant cookie, on every playlist,
 * segment, poster and storyboard file. It names the asset it was made for, so it never opens another, and
 * the viewer, so it opens nothing in another browser or account (an `anyone` token, a free preview's for
 * visitors, needs no grant).
 */
export function signStreamToken(
  assetId: string,
  secret: string,
  audience: MediaAudience,
  ttlSeconds = STREAM_TOKEN_TTL_SECONDS,
  now = Date.now(),
): string {
  const exp = Math.ceil(now / 1000 / STREAM_TOKEN_STEP_SECONDS) * STREAM_TOKEN_STEP_SECONDS + ttlSeconds;
  return `${exp}.${streamSignature(assetId, exp, audience, secret)}`;
}

/**
 * Whether a token was signed for exactly this asset and one of `audiences` (audiencesOf the request's
 * grant), and has not expired. Never throws.
 */
export function verifyStreamToken(
  token: unknown,
  assetId: string,
  secret: string,
  audiences: readonly MediaAudience[],
  now = Date.now(),
): boolean {
  if (typeof token !== 'string' || token.length > 120) return false;
  const [exp, sig, extra] = token.split('.');
  if (extra !== undefined || !exp || !/^[1-9]\d{0,11}$/.test(exp) || !sig) return false;
  if (Number(exp) * 1000 <= now) return false;
  const given = Buffer.from(sig);
  return audiences.some((audience) => {
    const expected = Buffer.from(streamSignature(assetId, Number(exp), audience, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
