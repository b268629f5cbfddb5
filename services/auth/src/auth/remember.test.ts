// A sign-in that lasts across tabs and restarts: the HttpOnly refresh cookie, its rotation, its theft
// detection, its revocation and its CSRF guard (issue 52, item 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@catalyst/contracts';
import { createTestAuth, lastLinkTo, tokenOf, type TestAuth } from '../test-support';
import { hashToken } from '../tokens';

let t: TestAuth;
beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => t?.close());

/** What the gateway forwards for a browser on https://catalyst.test, and what the app's own calls add. */
const BROWSER = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'catalyst.test',
  origin: 'https://catalyst.test',
  'sec-fetch-site': 'same-origin',
  'x-requested-with': 'catalyst',
};

interface Answer {
  status: number;
  body: { success: boolean; message?: string; data?: { token: string; user: { email: string } } };
  cookies: string[];
}

async function send(
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Answer['body'],
    cookies: res.headers.getSetCookie(),
  };
}

/** The refresh cookie's value in a Set-Cookie list ('' when it clears it), or undefined when not set. */
const refreshCookie = (cookies: string[]) =>
  cookies
    .find((c) => c.startsWith('catalyst_refresh='))
    ?.split(';')[0]
    ?.slice('catalyst_refresh='.length);

const withCookie = (value: string | undefined, extra: Record<string, string> = BROWSER) => ({
  ...extra,
  cookie: `theme=dark; catalyst_refresh=${value}`,
});

/** A fresh account signed in with "remember": its tab token, its cookie's value, its e-mail and password. */
async function remembered() {
  const account = await t.register();
  const login = await send('/auth/login', {
    body: { email: account.email, password: account.password, remember: true },
    headers: BROWSER,
  });
  expect(login.status).toBe(200);
  const cookie = refreshCookie(login.cookies);
  expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { ...account, token: login.body.data!.token, cookie: cookie!, userId: account.user._id as string };
}

const refresh = (cookie: string | undefined, headers: Record<string, string> = BROWSER) =>
  send('/auth/refresh', { headers: cookie === undefined ? headers : withCookie(cookie, headers) });

describe('signing in with remember', () => {
  it('sets an HttpOnly, Secure, SameSite=Strict cookie on the auth path for 30 days, kept only as a hash', async () => {
    const account = await t.register();
    const login = await send('/auth/login', {
      body: { email: account.email, password: account.password, remember: true },
      headers: BROWSER,
    });
    expect(login.status).toBe(200);
    // The tab's access token is answered as before.
    expect(login.body.data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const set = login.cookies.find((c) => c.startsWith('catalyst_refresh='))!;
    const value = refreshCookie(login.cookies)!;
    expect(set).toBe(
      `catalyst_refresh=${value}; Path=/api/v1/auth; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure`,
    );
    expect(value).not.toBe(login.body.data!.token);
    const row = await t.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(value))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    const stored = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(value);
  });

  it('drops Secure only over plain http to a loopback host; plain http elsewhere keeps it', async () => {
    const account = await t.register();
    const over = async (proto: string, host: string) => {
      const login = await send('/auth/login', {
        body: { email: account.email, password: account.password, remember: true },
        headers: {
          'x-forwarded-proto': proto,
          'x-forwarded-host': host,
          origin: `${proto}://${host}`,
          'x-requested-with': 'catalyst',
        },
      });
      return login.cookies.find((c) => c.startsWith('catalyst_refresh='))!;
    };
    expect(await over('http', 'localhost:8080')).not.toContain('Secure');
    expect(await over('http', '127.0.0.1:4173')).not.toContain('Secure');
    expect(await over('http', 'catalyst.example')).toContain('; Secure');
    expect(await over('https', 'catalyst.example')).toContain('; Secure');
  });

  it('"This is a shared computer" (remember left out or false) keeps the sign-in in the tab only: no cookie', async () => {
    const account = await t.register();
    for (const remember of [undefined, false]) {
      const login = await send('/auth/login', {
        body: { email: account.email, password: account.password, remember },
        headers: BROWSER,
      });
      expect(login.status).toBe(200);
      expect(login.body.data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the clearing of whatever the browser held.
      expect(login.cookies.filter((c) => c.startsWith('catalyst_refresh='))).toEqual([
        'catalyst_refresh=; Path=/api/v1/auth; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
      ]);
    }
    const none = await refresh(undefined);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, message: authMessages.notRemembered });
  });

  it('a new sign-in replaces the remembered one the browser held; a shared-computer sign-in drops it', async () => {
    const before = await remembered();
    const next = await t.register();
    const login = await send('/auth/login', {
      body: { email: next.email, password: next.password, remember: true },
      headers: withCookie(before.cookie),
    });
    expect(refreshCookie(login.cookies)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await refresh(before.cookie)).status).toBe(401);
    const shared = await send('/auth/login', {
      body: { email: next.email, password: next.password },
      headers: withCookie(refreshCookie(login.cookies)),
    });
    expect(refreshCookie(shared.cookies)).toBe('');
  });

  it('refuses a remember that is not true or false with a field error', async () => {
    const account = await t.register();
    const res = await send('/auth/login', {
      body: { email: account.email, password: account.password, remember: 'yes' },
      headers: BROWSER,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      errors: [{ field: 'remember', message: authMessages.rememberBoolean }],
    });
  });
});

describe('POST /auth/refresh', () => {
  it('answers a fresh access token of the same user and rotates the cookie', async () => {
    const account = await remembered();
    const res = await refresh(account.cookie);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(authMessages.signInRestored);
    expect(res.body.data!.user.email).toBe(account.email);
    const token = res.body.data!.token;
    expect(token).not.toBe(account.token);
    expect((await t.resolve(token))?.id).toBe(account.userId);
    const next = refreshCookie(res.cookies);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(account.cookie);
    expect(res.cookies.find((c) => c.startsWith('catalyst_refresh='))).toContain('Max-Age=2592000; HttpOnly');
    // The old one is kept as used, in the same family as the new one.
    const [old, fresh] = await Promise.all(
      [account.cookie, next!].map((value) =>
        t.db
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(value))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(old!.used_at).toBeInstanceOf(Date);
    expect(fresh!.used_at).toBeNull();
    expect(fresh!.family_id).toBe(old!.family_id);
    // Each rotation works in turn.
    const again = await refresh(next);
    expect(again.status).toBe(200);
  });

  it('a rotated cookie presented again (a stolen copy) ends the whole sign-in: every cookie and access token of it', async () => {
    const account = await remembered();
    const first = await refresh(account.cookie);
    const current = refreshCookie(first.cookies)!;
    const stolen = await refresh(account.cookie);
    expect(stolen.status).toBe(401);
    expect(stolen.body).toEqual({ success: false, message: authMessages.notRemembered });
    expect(refreshCookie(stolen.cookies)).toBe('');
    // The legitimate holder's newer cookie is refused too, and every tab token of that sign-in is over.
    expect((await refresh(current)).status).toBe(401);
    expect(await t.resolve(account.token)).toBeNull();
    expect(await t.resolve(first.body.data!.token)).toBeNull();
    const family = await t.db
      .selectFrom('session_families')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', account.userId)
      .executeTakeFirstOrThrow();
    expect(family.revoked_reason).toBe('reuse');
  });

  it('expires after 30 days without use, and each use starts the 30 days again', async () => {
    const account = await remembered();
    // 29 days idle: still good, and the new cookie's window starts now.
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000) })
      .where('token_hash', '=', hashToken(account.cookie))
      .execute();
    const used = await refresh(account.cookie);
    expect(used.status).toBe(200);
    const next = refreshCookie(used.cookies)!;
    const row = await t.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashToken(next))
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 29.9 * 24 * 60 * 60 * 1000);
    // 30 days idle: over.
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(next))
      .execute();
    const expired = await refresh(next);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(authMessages.notRemembered);
  });

  it('refuses an unknown cookie with 401 and clears it', async () => {
    const res = await refresh('not-a-real-token');
    expect(res.status).toBe(401);
    expect(res.cookies.find((c) => c.startsWith('catalyst_refresh='))).toContain('Max-Age=0');
  });

  it('refuses cross-site requests with 403 and leaves the cookie unrotated', async () => {
    const account = await remembered();
    const attempts: Record<string, string>[] = [
      { ...BROWSER, 'sec-fetch-site': 'cross-site' },
      { ...BROWSER, 'sec-fetch-site': 'same-site' },
      { ...BROWSER, 'sec-fetch-site': undefined!, origin: 'https://evil.example' },
      { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'catalyst.test' },
    ].map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)));
    for (const headers of attempts) {
      const res = await refresh(account.cookie, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toEqual({ success: false, message: authMessages.crossSiteRefused });
      expect(refreshCookie(res.cookies)).toBeUndefined();
    }
    // A signed-in page of another origin cannot start a remembered sign-in either.
    const account2 = await t.register();
    const login = await send('/auth/login', {
      body: { email: account2.email, password: account2.password, remember: true },
      headers: { ...BROWSER, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(login.status).toBe(403);
    // The app's own request still works with the untouched cookie.
    expect((await refresh(account.cookie)).status).toBe(200);
  });
});

describe('revoking a remembered sign-in', () => {
  it('logout from the tab ends it, and clears the cookie', async () => {
    const account = await remembered();
    const out = await send('/auth/logout', { headers: { authorization: `Bearer ${account.token}` } });
    expect(out.status).toBe(200);
    expect(refreshCookie(out.cookies)).toBe('');
    expect((await refresh(account.cookie)).status).toBe(401);
  });

  it('logout with the cookie alone ends it; a cross-site one is refused', async () => {
    const account = await remembered();
    const forged = await send('/auth/logout', {
      headers: withCookie(account.cookie, { origin: 'https://evil.example' }),
    });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(authMessages.crossSiteRefused);
    const out = await send('/auth/logout', { headers: withCookie(account.cookie) });
    expect(out.status).toBe(200);
    expect((await refresh(account.cookie)).status).toBe(401);
    expect(await t.resolve(account.token)).toBeNull();
  });

  it('sign out everywhere ends every remembered sign-in of the account', async () => {
    const account = await remembered();
    const other = await send('/auth/login', {
      body: { email: account.email, password: account.password, remember: true },
      headers: BROWSER,
    });
    const otherCookie = refreshCookie(other.cookies)!;
    const res = await send('/auth/logout-all', { headers: await t.asBearer(account.token) });
    expect(res.status).toBe(200);
    expect(refreshCookie(res.cookies)).toBe('');
    expect((await refresh(account.cookie)).status).toBe(401);
    expect((await refresh(otherCookie)).status).toBe(401);
  });

  it('a password change ends every other remembered sign-in and keeps the one it was made from', async () => {
    const account = await remembered();
    const other = await send('/auth/login', {
      body: { email: account.email, password: account.password, remember: true },
      headers: BROWSER,
    });
    const otherCookie = refreshCookie(other.cookies)!;
    const res = await t.call('PUT', '/users/change-password', {
      body: {
        currentPassword: account.password,
        newPassword: 'Changed-pass-9',
        confirmPassword: 'Changed-pass-9',
      },
      headers: await t.asBearer(account.token),
    });
    expect(res.status).toBe(200);
    expect((await refresh(otherCookie)).status).toBe(401);
    expect((await refresh(account.cookie)).status).toBe(200);
  });

  it('a password reset ends every remembered sign-in', async () => {
    const account = await remembered();
    await t.call('POST', '/auth/forgot-password', { body: { email: account.email } });
    const token = tokenOf(lastLinkTo(t.mailer, account.email, 'reset-password')!);
    const reset = await t.call('POST', '/auth/reset-password', {
      body: { token, password: 'Reset-pass-77' },
    });
    expect(reset.status).toBe(200);
    expect((await refresh(account.cookie)).status).toBe(401);
  });
});

describe('housekeeping', () => {
  it('prunes remembered sign-ins ended or idle for over a week, and keeps live ones', async () => {
    const idle = await remembered();
    const ended = await remembered();
    const live = await remembered();
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where('token_hash', '=', hashToken(idle.cookie))
      .execute();
    await send('/auth/logout', { headers: { authorization: `Bearer ${ended.token}` } });
    await t.db
      .updateTable('session_families')
      .set({ revoked_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where('user_id', '=', ended.userId)
      .execute();
    await t.deps.sessions.prune();
    const left = await t.db
      .selectFrom('session_families')
      .select('user_id')
      .where('user_id', 'in', [idle.userId, ended.userId, live.userId])
      .execute();
    expect(left.map((row) => row.user_id)).toEqual([live.userId]);
    expect((await refresh(live.cookie)).status).toBe(200);
  });
});
