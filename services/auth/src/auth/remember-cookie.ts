import type { Context } from 'hono';
import { forbidden } from '@catalyst/service-kit';
import { API_PREFIX, authMessages } from '@catalyst/contracts';

/** The remembered sign-in's cookie: HttpOnly (no script reads it), SameSite=Strict, only on the API's /auth. */
export const REMEMBER_COOKIE = 'catalyst_refresh';
/** Where browsers send it: the auth routes only (refresh and logout read it), never pages or other services. */
export const REMEMBER_COOKIE_PATH = `${API_PREFIX}/auth`;
/** The header the app's own calls carry; a cross-site form or image cannot send it (and no CORS lets a site add it). */
export const APP_REQUEST_HEADER = 'x-requested-with';

const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The scheme and host the browser used, as the gateway forwards them (a direct call: the request's own). */
function requestOrigin(c: Context): { protocol: string; host: string } {
  const url = new URL(c.req.url);
  const protocol = (c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol).replace(
    /:$/,
    '',
  );
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() || c.req.header('host') || url.host;
  return { protocol: protocol.toLowerCase(), host: host.toLowerCase() };
}

/**
 * Secure always, except over plain http to a loopback host (development on http://localhost, where
 * nothing leaves the machine); over plain http elsewhere it stays Secure, so a browser refuses to keep it
 * and the sign-in simply lasts as long as the tab.
 */
function secure(c: Context): boolean {
  const { protocol, host } = requestOrigin(c);
  return !(protocol === 'http' && LOOPBACK.test(host.replace(/:\d+$/, '')));
}

/**
 * A sign-in inside an LMS's frame (an LTI launch) is third-party there: its cookie is SameSite=None, Secure and
 * Partitioned (kept under the LMS's site only, never sent to Catalyst in a tab of its own), and its value is marked
 * `f.` so each refresh writes it back the same way.
 */
const FRAMED_MARK = 'f.';

const attributes = (c: Context, framed: boolean) =>
  framed
    ? 'HttpOnly; SameSite=None; Secure; Partitioned'
    : `HttpOnly; SameSite=Strict${secure(c) ? '; Secure' : ''}`;

/** Whether the request's remembered sign-in is one made inside an LMS's frame. */
const presentedFramed = (c: Context) => rememberCookieValue(c)?.startsWith(FRAMED_MARK) ?? false;

export function rememberCookie(
  c: Context,
  token: string,
  expiresAt: Date,
  { framed = presentedFramed(c) }: { framed?: boolean } = {},
): string {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  const value = framed ? `${FRAMED_MARK}${token}` : token;
  return `${REMEMBER_COOKIE}=${value}; Path=${REMEMBER_COOKIE_PATH}; Max-Age=${maxAge}; ${attributes(c, framed)}`;
}

export const clearRememberCookie = (c: Context): string =>
  `${REMEMBER_COOKIE}=; Path=${REMEMBER_COOKIE_PATH}; Max-Age=0; ${attributes(c, presentedFramed(c))}`;

function rememberCookieValue(c: Context): string | undefined {
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REMEMBER_COOKIE) {
      const value = rest.join('=').trim();
      return value && value.length <= 512 ? value : undefined;
    }
  }
  return undefined;
}

/** The remembered sign-in's token of this request, if it carries one. */
export function rememberToken(c: Context): string | undefined {
  const value = rememberCookieValue(c);
  return value?.startsWith(FRAMED_MARK) ? value.slice(FRAMED_MARK.length) || undefined : value;
}

/**
 * A write the cookie authenticates must come from the app's own pages. Three checks, each of which
 * alone stops a forged cross-site request in today's browsers: Sec-Fetch-Site (when sent) says
 * same-origin; Origin (when sent) is this site's own (as the browser reached it, or PUBLIC_URL); and the
 * app's header is present, which a cross-site form cannot send and a cross-site script could only send
 * after a CORS preflight the gateway never grants for it. Refused with 403 in the error shape.
 */
export function requireSameOrigin(c: Context, publicUrl: string): void {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') throw forbidden(authMessages.crossSiteRefused);
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const { protocol, host } = requestOrigin(c);
    const own = new Set([`${protocol}://${host}`, new URL(publicUrl).origin]);
    if (!own.has(origin.toLowerCase())) throw forbidden(authMessages.crossSiteRefused);
  }
  if (!c.req.header(APP_REQUEST_HEADER)) throw forbidden(authMessages.crossSiteRefused);
}
