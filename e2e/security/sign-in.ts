/**
 * Sign-in abuse: rate limits, one answer for unknown e-mail and wrong password, token entropy, tokens
 * stored only as hashes, expiry honoured, logout and password change revoke at once.
 */
import { randomBytes } from 'node:crypto';
import type { SessionResponse } from '@catalyst/contracts';
import { dataOf, describe, isErrorShape, sleep, type Suite } from './harness';

export async function signInAbuse(suite: Suite) {
  const unique = () => `sec-${randomBytes(5).toString('hex')}@example.com`;
  const register = async (password = 'Secure-pass-1') => {
    const { email, id, token } = await suite.registerAccount({
      name: 'Sign In Tester',
      email: unique(),
      password,
    });
    return { email, password, id, token };
  };
  const login = (email: string, password: string, ip?: string) =>
    suite.request<SessionResponse>('POST', '/auth/login', { body: { email, password }, ip });

  // Same answer for an unknown e-mail and a wrong password.
  const known = await register();
  const wrong = await login(known.email, 'Wrong-pass-1');
  const unknown = await login(unique(), 'Wrong-pass-1');
  suite.check(
    'a wrong password is 401 in the error shape',
    wrong.status === 401 && isErrorShape(wrong.body),
    '401',
    describe(wrong),
  );
  suite.check(
    'an unknown e-mail gets the very same answer as a wrong password',
    unknown.status === wrong.status && JSON.stringify(unknown.body) === JSON.stringify(wrong.body),
    describe(wrong),
    describe(unknown),
  );

  // Per (e-mail, address) limit (5 failures in the window); then even the right password waits there.
  // (From changing addresses an e-mail is slowed, never locked: see the hardening area.)
  const target = await register();
  const attacker = `10.251.${Math.floor(Math.random() * 250)}.9`;
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await login(target.email, `Wrong-pass-${i}`, attacker)).status);
  const blocked = await login(target.email, target.password, attacker);
  suite.check(
    'repeated wrong passwords for one e-mail trip the limit with 429',
    statuses.includes(429),
    'a 429 within 7 failures',
    statuses.join(','),
  );
  suite.check(
    'once limited, even the right password is refused with 429',
    blocked.status === 429 && isErrorShape(blocked.body),
    '429 in the error shape',
    describe(blocked),
  );
  // Per address limit: many e-mails from one client address.
  const ip = `10.250.${Math.floor(Math.random() * 250)}.7`;
  const byAddress: number[] = [];
  for (let i = 0; i < 40 && !byAddress.includes(429); i++)
    byAddress.push((await login(unique(), 'Wrong-pass-1', ip)).status);
  suite.check(
    'spraying many e-mails from one address trips the limit with 429',
    byAddress.includes(429),
    'a 429 within 40 attempts',
    byAddress.join(','),
  );
  const otherIp = await login(known.email, known.password);
  suite.check('another address is not locked out by that', otherIp.status === 200, '200', describe(otherIp));

  // Tokens: 256 random bits (43 base64url characters), all different, never stored as given.
  const tokens: (string | undefined)[] = [];
  for (let i = 0; i < 5; i++) tokens.push((await login(known.email, known.password)).body?.data?.token);
  suite.check(
    'tokens are 43 base64url characters (256 bits)',
    tokens.every((t) => typeof t === 'string' && /^[A-Za-z0-9_-]{43}$/.test(t)),
    '43 base64url chars',
    tokens.join(' '),
  );
  suite.check(
    'tokens are all different',
    new Set(tokens).size === tokens.length,
    '5 distinct tokens',
    tokens.join(' '),
  );
  const bits = tokens
    .map((t) => Buffer.from(t ?? '', 'base64url'))
    .reduce((n, b) => n + [...b].reduce((m, byte) => m + byte.toString(2).replace(/0/g, '').length, 0), 0);
  const ratio = bits / (tokens.length * 256);
  suite.check(
    'token bits look random (ones ≈ half)',
    ratio > 0.4 && ratio < 0.6,
    'ratio of set bits in 0.4..0.6',
    ratio.toFixed(3),
  );
  const { rows: textColumns } = await suite.db.query<{
    table_schema: string;
    table_name: string;
    column_name: string;
  }>(
    `select table_schema, table_name, column_name from information_schema.columns
     where table_schema in ('auth','content','progress','billing') and data_type in ('text','character varying','character','json','jsonb')`,
  );
  const found: string[] = [];
  for (const c of textColumns) {
    const r = await suite.db.query(
      `select 1 from "${c.table_schema}"."${c.table_name}" where "${c.column_name}"::text like any($1) limit 1`,
      [tokens.map((t) => `%${t}%`)],
    );
    if (r.rowCount) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  suite.check(
    'no raw session token is stored anywhere in the database',
    found.length === 0,
    'nowhere',
    found.join(', '),
  );
  const sessions = await suite.db.query<{ token_hash: string }>(
    'select token_hash from auth.sessions where user_id = $1',
    [known.id],
  );
  suite.check(
    'sessions keep a 64-hex hash of the token',
    sessions.rows.length >= 5 && sessions.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash)),
    '64 hex chars per row',
    sessions.rows.map((r) => r.token_hash).join(' '),
  );
  const pw = await suite.db
    .query<{ h: string }>('select password_hash as h from auth.users where id = $1', [known.id])
    .catch(() => ({ rows: [] as { h: string }[] }));
  suite.check(
    'passwords are stored as argon2 hashes',
    pw.rows[0]?.h?.startsWith('$argon2') === true,
    '$argon2…',
    String(pw.rows[0]?.h).slice(0, 12),
  );

  // Expiry: a session whose expiry passed is refused (the row is the truth).
  const expiring = dataOf(await login(known.email, known.password)).token;
  await suite.db.query(
    `update auth.sessions set expires_at = now() - interval '1 second' where user_id = $1 and created_at = (select max(created_at) from auth.sessions where user_id = $1)`,
    [known.id],
  );
  const expired = await suite.request('GET', '/auth/me', { token: expiring });
  suite.check(
    'a session past its expiry is refused with 401',
    expired.status === 401 && isErrorShape(expired.body),
    '401',
    describe(expired),
  );
  const expiredElsewhere = await suite.request('GET', '/subscription/status', { token: expiring });
  suite.check('…on every service', expiredElsewhere.status === 401, '401', describe(expiredElsewhere));
  // A session used while valid stops working once its expiry passes (within the gateway's 5 s identity cache).
  const shortLived = dataOf(await login(known.email, known.password)).token;
  await suite.db.query(
    `update auth.sessions set expires_at = now() + interval '2 seconds' where user_id = $1 and created_at = (select max(created_at) from auth.sessions where user_id = $1)`,
    [known.id],
  );
  const live = await suite.request('GET', '/subscription/status', { token: shortLived });
  suite.check('a session is accepted before its expiry', live.status === 200, '200', describe(live));
  await sleep(7_500);
  const after = await suite.request('GET', '/subscription/status', { token: shortLived });
  const afterMe = await suite.request('GET', '/auth/me', { token: shortLived });
  suite.check(
    'the same session is refused once its expiry passed',
    after.status === 401 && afterMe.status === 401,
    '401 and 401',
    `${describe(after)} / ${describe(afterMe)}`,
  );

  // Logout revokes at once, everywhere (the gateway's identity cache included).
  const a = dataOf(await login(known.email, known.password)).token;
  await suite.request('GET', '/subscription/status', { token: a });
  await suite.request('GET', '/content/progress', { token: a });
  const out = await suite.request('POST', '/auth/logout', { token: a });
  suite.check('logout succeeds', out.status === 200, '200', describe(out));
  for (const path of ['/auth/me', '/subscription/status', '/content/progress']) {
    const res = await suite.request('GET', path, { token: a });
    suite.check(`after logout ${path} refuses the token at once`, res.status === 401, '401', describe(res));
  }

  // Password change revokes the other sessions at once.
  const user = await register();
  const keep = dataOf(await login(user.email, user.password)).token;
  const other = dataOf(await login(user.email, user.password)).token;
  await suite.request('GET', '/subscription/status', { token: other });
  await suite.request('GET', '/auth/me', { token: other });
  const change = await suite.request('PUT', '/users/change-password', {
    token: keep,
    body: {
      currentPassword: user.password,
      newPassword: 'Changed-pass-2',
      confirmPassword: 'Changed-pass-2',
    },
  });
  suite.check('password change succeeds', change.status === 200, '200', describe(change));
  for (const path of ['/auth/me', '/subscription/status', '/content/progress']) {
    const res = await suite.request('GET', path, { token: other });
    suite.check(
      `after a password change another session's ${path} is refused at once`,
      res.status === 401,
      '401',
      describe(res),
    );
  }
  const oldPw = await login(user.email, user.password);
  suite.check('the old password no longer signs in', oldPw.status === 401, '401', describe(oldPw));
  const newPw = await login(user.email, 'Changed-pass-2');
  suite.check('the new password signs in', newPw.status === 200, '200', describe(newPw));
  const wrongCurrent = await suite.request('PUT', '/users/change-password', {
    token: keep,
    body: {
      currentPassword: 'Not-the-pass-9',
      newPassword: 'Changed-pass-3',
      confirmPassword: 'Changed-pass-3',
    },
  });
  suite.check(
    'a wrong current password changes nothing',
    wrongCurrent.status >= 400 && wrongCurrent.status < 500 && isErrorShape(wrongCurrent.body),
    '4xx',
    describe(wrongCurrent),
  );
}
