/**
 * The remembered sign-in (HttpOnly refresh cookie, issue 52): its flags, theft of an old rotated copy
 * (reuse ends the whole sign-in), and cross-site requests refused before the cookie is read.
 */
import { randomBytes } from 'node:crypto';
import type { SessionResponse } from '@catalyst/contracts';
import { dataOf, describe, isErrorShape, type Res, type Suite } from './harness';

const COOKIE = 'catalyst_refresh';

/** The refresh cookie a Set-Cookie list sets ('' when it clears it), or undefined. */
function refreshCookieOf(res: Res): string | undefined {
  return res.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${COOKIE}=`))
    ?.split(';')[0]
    ?.slice(COOKIE.length + 1);
}

export async function sessionCookieAttacks(suite: Suite) {
  const own = new URL(suite.url).origin;
  /** What the app's own page sends. */
  const app = { origin: own, 'sec-fetch-site': 'same-origin', 'x-requested-with': 'catalyst' };
  const account = await suite.registerAccount({
    name: 'Cookie Tester',
    email: `sec-cookie-${randomBytes(5).toString('hex')}@example.com`,
  });
  const signIn = () =>
    suite.request<SessionResponse>('POST', '/auth/login', {
      body: { email: account.email, password: account.password, remember: true },
      headers: app,
    });
  const refresh = (cookie: string, headers: Record<string, string> = app) =>
    suite.request<SessionResponse>('POST', '/auth/refresh', {
      headers: { ...headers, cookie: `${COOKIE}=${cookie}` },
    });

  await suite.test('the remembered sign-in cookie', async () => {
    const login = await signIn();
    const set = login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${COOKIE}=`)) ?? '';
    suite.check(
      'the refresh cookie is HttpOnly, SameSite=Strict, scoped to /api/v1/auth, and lasts 30 days',
      /; Path=\/api\/v1\/auth; Max-Age=2592000; HttpOnly; SameSite=Strict/.test(set),
      'Path=/api/v1/auth; Max-Age=2592000; HttpOnly; SameSite=Strict',
      set,
    );
    const secured = await suite.request('POST', '/auth/login', {
      body: { email: account.email, password: account.password, remember: true },
      // (behind a TLS proxy: the page's origin is then https too)
      headers: { ...app, origin: own.replace(/^http:/, 'https:'), 'x-forwarded-proto': 'https' },
    });
    const secureSet = secured.headers.getSetCookie().find((cookie) => cookie.startsWith(`${COOKIE}=`)) ?? '';
    suite.check('over https it is Secure', secureSet.endsWith('; Secure'), '…; Secure', secureSet);
  });

  await suite.test('theft of an old rotated refresh cookie', async () => {
    const login = await signIn();
    const first = refreshCookieOf(login)!;
    const tabToken = dataOf(login).token;
    const rotated = await refresh(first);
    const current = refreshCookieOf(rotated);
    suite.check(
      'a refresh answers a new access token and rotates the cookie',
      rotated.status === 200 && !!dataOf(rotated).token && !!current && current !== first,
      '200 with a token and a new cookie',
      describe(rotated),
    );
    const stolen = await refresh(first);
    suite.check(
      'the old (rotated) cookie presented again is refused with 401',
      stolen.status === 401 && isErrorShape(stolen.body),
      '401 in the error shape',
      describe(stolen),
    );
    const owner = await refresh(current!);
    suite.check(
      "reuse ended the whole sign-in: the rightful holder's newer cookie is refused too",
      owner.status === 401,
      '401',
      describe(owner),
    );
    const tab = await suite.request('GET', '/auth/me', { token: tabToken });
    suite.check("reuse ended the sign-in's access tokens too", tab.status === 401, '401', describe(tab));
  });

  await suite.test('cross-site requests with the cookie', async () => {
    const cookie = refreshCookieOf(await signIn())!;
    const forged: [string, Record<string, string>][] = [
      ['a cross-site fetch (Sec-Fetch-Site: cross-site)', { ...app, 'sec-fetch-site': 'cross-site' }],
      ['a sibling site (Sec-Fetch-Site: same-site)', { ...app, 'sec-fetch-site': 'same-site' }],
      ['another Origin', { origin: 'https://evil.example', 'x-requested-with': 'catalyst' }],
      ['a cross-site form post (no app header)', { 'content-type': 'application/x-www-form-urlencoded' }],
    ];
    for (const [what, headers] of forged) {
      const res = await refresh(cookie, headers);
      suite.check(
        `refresh from ${what} is refused with 403 and sets no cookie`,
        res.status === 403 && isErrorShape(res.body) && refreshCookieOf(res) === undefined,
        '403 in the error shape, no Set-Cookie',
        describe(res),
      );
    }
    const logout = await suite.request('POST', '/auth/logout', {
      headers: {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        cookie: `${COOKIE}=${cookie}`,
      },
    });
    suite.check(
      'a cross-site logout with the cookie is refused with 403',
      logout.status === 403 && isErrorShape(logout.body),
      '403 in the error shape',
      describe(logout),
    );
    const still = await refresh(cookie);
    suite.check(
      'after the refused attempts the cookie still works for the app itself (never rotated by them)',
      still.status === 200,
      '200',
      describe(still),
    );
  });
}
