import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { authMessages, demoAccounts, demoCreatorAccounts, demoTeam } from '@catalyst/contracts';
import { identityHeaders, testUsers } from '@catalyst/service-kit/testing';
import { PUBLIC_URL, createTestAuth, lastLinkTo, tokenOf, type TestAuth } from '../test-support';
import { hashToken } from '../tokens';

let t: TestAuth;
beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => t?.close());

const valid = { name: "Jo-Anne O'Neil", email: '  New.Person@Example.COM ', password: 'Abcdef1-moon' };

describe('POST /auth/register', () => {
  it('creates the account, answers without revealing anything, and the account signs in at once with its lower-cased e-mail', async () => {
    const res = await t.call('POST', '/auth/register', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { email: 'new.person@example.com' },
      message: authMessages.registerSuccess,
    });
    const login = await t.call('POST', '/auth/login', {
      body: { email: 'new.person@example.com', password: valid.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({
      name: "Jo-Anne O'Neil",
      email: 'new.person@example.com',
      role: 'user',
      emailVerified: false,
    });
    expect(login.body.data.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(login.body.data.user).not.toHaveProperty('password_hash');
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const identity = await t.resolve(login.body.data.token);
    expect(identity).toEqual({
      id: login.body.data.user._id,
      role: 'user',
      email: 'new.person@example.com',
      name: "Jo-Anne O'Neil",
      emailVerified: false,
      createdAt: login.body.data.user.createdAt,
    });
  });

  it('stores the password as an argon2id hash at OWASP parameters or stronger', async () => {
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('Abcdef1-moon');
  });

  it('sends a verification e-mail whose link points at the public /verify-email page', async () => {
    const link = lastLinkTo(t.mailer, 'new.person@example.com');
    const url = new URL(link ?? 'about:no-link');
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/verify-email`);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
  });

  it('answers a taken address exactly as a free one, changes nothing, and warns the owner by e-mail instead', async () => {
    const before = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    const sent = t.mailer.sent.length;
    const res = await t.call('POST', '/auth/register', {
      body: { ...valid, name: 'Someone Else', email: 'NEW.PERSON@example.com', password: 'Other-pass-7' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { email: 'new.person@example.com' },
      message: authMessages.registerSuccess,
    });
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const warning = t.mailer.sent.slice(sent).find((m) => m.to === 'new.person@example.com');
    expect(warning?.subject).toMatch(/tried to create/);
    expect(
      (
        await t.call('POST', '/auth/login', {
          body: { email: 'new.person@example.com', password: 'Other-pass-7' },
        })
      ).status,
    ).toBe(401);
  });

  it.each([
    ['name', { name: '' }, authMessages.nameRequired],
    ['name', { name: '   ' }, authMessages.nameRequired],
    ['name', { name: ' A ' }, authMessages.nameTooShort],
    ['name', { name: 'A'.repeat(51) }, authMessages.nameTooLong],
    ['name', { name: 'R2-D2' }, authMessages.nameCharacters],
    ['name', { name: 'Bobby <script>' }, authMessages.nameCharacters],
    ['name', { name: 42 }, authMessages.nameRequired],
    ['email', { email: '' }, authMessages.emailRequired],
    ['email', { email: 'not-an-email' }, authMessages.emailInvalid],
    ['email', { email: 'a@b' }, authMessages.emailInvalid],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, authMessages.emailInvalid],
    ['password', { password: '' }, authMessages.passwordRequired],
    ['password', { password: 'Ab1' }, authMessages.passwordTooShort],
    ['password', { password: 'Abcdefgh1' }, authMessages.passwordTooShort],
    ['password', { password: 'abcdefghi1' }, authMessages.passwordComplexity],
    ['password', { password: 'ABCDEFGHI1' }, authMessages.passwordComplexity],
    ['password', { password: 'Abcdefghij' }, authMessages.passwordComplexity],
    ['password', { password: `Ab1${'x'.repeat(200)}` }, authMessages.passwordTooLong],
  ])('refuses a bad %s (%j) with 400 and the message "%s"', async (field, patch, message) => {
    const res = await t.call('POST', '/auth/register', {
      body: { ...valid, email: 'other@example.com', ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it('reports every missing field at once', async () => {
    const res = await t.call('POST', '/auth/register', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'name', message: authMessages.nameRequired },
      { field: 'email', message: authMessages.emailRequired },
      { field: 'password', message: authMessages.passwordRequired },
    ]);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.call('POST', '/auth/register', { body: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON body');
  });
});

describe('POST /auth/login', () => {
  it('answers data.user and data.token for the right password, e-mail in any case', async () => {
    const account = await t.register({ password: 'Right-pass-1' });
    const res = await t.call('POST', '/auth/login', {
      body: { email: ` ${account.email.toUpperCase()} `, password: 'Right-pass-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(authMessages.loginSuccess);
    expect(res.body.data.user.email).toBe(account.email);
    expect(res.body.data.token).not.toBe(account.token);
    expect(Date.parse(res.body.data.expiresAt) - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(Date.parse(res.body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
  });

  it('gives a wrong e-mail and a wrong password the same answer', async () => {
    const account = await t.register();
    const wrongPassword = await t.call('POST', '/auth/login', {
      body: { email: account.email, password: 'Wrong-pass-1' },
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    const wrongEmail = await t.call('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: account.password },
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(wrongEmail.body);
    expect(wrongPassword.body).toEqual({ success: false, message: authMessages.invalidCredentials });
  });

  it("answers in the page's language (Accept-Language), and for an unknown language in English", async () => {
    const account = await t.register();
    const wrong = (language: string) =>
      t.call('POST', '/auth/login', {
        body: { email: account.email, password: 'Wrong-pass-1' },
        headers: { 'x-forwarded-for': '10.0.0.9', 'accept-language': language },
      });
    expect((await wrong('es')).body).toEqual({
      success: false,
      message: 'Correo electrónico o contraseña incorrectos',
    });
    expect((await wrong('fr-FR')).body).toEqual({ success: false, message: authMessages.invalidCredentials });
    const right = await t.call('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
      headers: { 'accept-language': 'ar' },
    });
    expect(right.body.message).toBe('تم تسجيل الدخول');
    const empty = await t.call('POST', '/auth/login', { body: {}, headers: { 'accept-language': 'de' } });
    expect(empty.body.errors).toContainEqual({
      field: 'email',
      message: 'Die E-Mail-Adresse ist erforderlich',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', authMessages.emailRequired],
    [{ email: 'bad', password: 'x' }, 'email', authMessages.emailInvalid],
    [{ email: 'a@example.com', password: '' }, 'password', authMessages.passwordRequired],
    [{ email: 'a@example.com' }, 'password', authMessages.passwordRequired],
  ])('refuses %j with 400 on %s', async (body, field, message) => {
    const res = await t.call('POST', '/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('trips the per-e-mail limit of one address after 5 failures: even the right password gets 429 there', async () => {
    const account = await t.register();
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call('POST', '/auth/login', {
        body: { email: account.email, password: `Wrong-${i}` },
        headers: { 'x-forwarded-for': '10.1.0.1' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.call('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
      headers: { 'x-forwarded-for': '10.1.0.1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: authMessages.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failures per client address across e-mails, trusting only the last x-forwarded-for entry', async () => {
    const limited = await createTestAuth({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
    try {
      const account = await limited.register();
      for (let i = 0; i < 3; i += 1) {
        // The first entry is made up by the client each time; the gateway's own entry stays the same.
        const res = await limited.call('POST', '/auth/login', {
          body: { email: `someone${i}@example.com`, password: 'Whatever-1' },
          headers: { 'x-forwarded-for': `1.2.3.${i}, 203.0.113.9` },
        });
        expect(res.status).toBe(401);
      }
      const fromSameAddress = await limited.call('POST', '/auth/login', {
        body: { email: account.email, password: account.password },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(fromSameAddress.status).toBe(429);
      const fromElsewhere = await limited.call('POST', '/auth/login', {
        body: { email: account.email, password: account.password },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(fromElsewhere.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('clears the e-mail count after a successful sign-in', async () => {
    const account = await t.register();
    for (let i = 0; i < 4; i += 1)
      await t.call('POST', '/auth/login', {
        body: { email: account.email, password: 'Wrong-1a' },
        headers: { 'x-forwarded-for': '10.2.0.1' },
      });
    expect(
      (
        await t.call('POST', '/auth/login', {
          body: { email: account.email, password: account.password },
          headers: { 'x-forwarded-for': '10.2.0.2' },
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 4; i += 1)
      await t.call('POST', '/auth/login', {
        body: { email: account.email, password: 'Wrong-1a' },
        headers: { 'x-forwarded-for': '10.2.0.3' },
      });
    expect(
      (
        await t.call('POST', '/auth/login', {
          body: { email: account.email, password: account.password },
          headers: { 'x-forwarded-for': '10.2.0.4' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('GET /auth/me', () => {
  it('answers the current user for the gateway-asserted identity', async () => {
    const account = await t.register();
    const res = await t.call('GET', '/auth/me', { headers: await t.asBearer(account.token) });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      _id: account.user._id,
      email: account.email,
      name: account.name,
      emailVerified: false,
    });
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await t.call('GET', '/auth/me')).status).toBe(401);
  });

  it('treats a forged identity header sent straight to the service as anonymous', async () => {
    const forged = Buffer.from(
      JSON.stringify({ ...testUsers.admin, exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url');
    for (const header of [
      forged,
      `${forged}.bm90LWEtc2lnbmF0dXJl`,
      identityHeaders(testUsers.admin, 'someone-elses-secret-0123456789abcdef')['x-catalyst-identity']!,
    ]) {
      const res = await t.call('GET', '/auth/me', { headers: { 'x-catalyst-identity': header } });
      expect(res.status).toBe(401);
    }
  });

  it('answers 401 when the asserted user no longer exists', async () => {
    expect((await t.call('GET', '/auth/me', { headers: identityHeaders(testUsers.learner) })).status).toBe(
      401,
    );
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session at once: the token no longer resolves, even from the cache', async () => {
    const account = await t.register();
    expect(await t.resolve(account.token)).not.toBeNull(); // now cached
    const res = await t.call('POST', '/auth/logout', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: authMessages.logoutSuccess });
    expect(await t.resolve(account.token)).toBeNull();
    const row = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(account.token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('leaves the other sessions of the same user alone', async () => {
    const account = await t.register();
    const second = await t.call('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    await t.call('POST', '/auth/logout', { headers: { authorization: `Bearer ${account.token}` } });
    expect(await t.resolve(second.body.data.token)).not.toBeNull();
  });

  it('answers success without a token or for an unknown one', async () => {
    expect((await t.call('POST', '/auth/logout')).status).toBe(200);
    expect(
      (await t.call('POST', '/auth/logout', { headers: { authorization: 'Bearer nonsense' } })).status,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('keeps no raw token anywhere in the database', async () => {
    const account = await t.register();
    const dump = await sql<{
      dump: string;
    }>`select (select json_agg(s) from auth.sessions s)::text || (select json_agg(v) from auth.email_verifications v)::text as dump`.execute(
      t.db,
    );
    const text = dump.rows[0]!.dump;
    expect(text).not.toContain(account.token);
    expect(text).toContain(hashToken(account.token));
    const link = lastLinkTo(t.mailer, account.email)!;
    expect(text).not.toContain(tokenOf(link));
  });

  it('refuses a session past its absolute expiry', async () => {
    const account = await t.register();
    await sql`update auth.sessions set expires_at = now() - interval '1 second' where token_hash = ${hashToken(account.token)}`.execute(
      t.db,
    );
    expect(await t.resolve(account.token)).toBeNull();
  });
});

describe('GET /auth/verify-email', () => {
  it('answers 400 "No verification token provided" without a token', async () => {
    for (const url of ['/auth/verify-email', '/auth/verify-email?token=', '/auth/verify-email?token=%20']) {
      const res = await t.call('GET', url);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(authMessages.noVerificationToken);
    }
  });

  it('refuses an unknown token', async () => {
    const res = await t.call('GET', '/auth/verify-email?token=abcdef');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: authMessages.verificationInvalid });
  });

  it('verifies the address once, and says it is already verified when the same link is opened again', async () => {
    const account = await t.register();
    const token = tokenOf(lastLinkTo(t.mailer, account.email)!);
    const first = await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: { email: account.email },
      message: authMessages.verificationSuccess,
    });
    const me = await t.call('GET', '/auth/me', { headers: await t.asBearer(account.token) });
    expect(me.body.data.user.emailVerified).toBe(true);
    const again = await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      data: { email: account.email },
      message: 'Your email address is already verified.',
    });
  });

  it('refuses a used link once its address is no longer the one verified', async () => {
    const account = await t.register();
    const token = tokenOf(lastLinkTo(t.mailer, account.email)!);
    expect((await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    await sql`update auth.users set email = ${`moved-${account.email}`} where email = ${account.email}`.execute(
      t.db,
    );
    const again = await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(authMessages.verificationInvalid);
  });

  it('refuses a link older than 24 hours', async () => {
    const account = await t.register();
    const token = tokenOf(lastLinkTo(t.mailer, account.email)!);
    await sql`update auth.email_verifications set expires_at = now() - interval '1 minute' where token_hash = ${hashToken(token)}`.execute(
      t.db,
    );
    expect((await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(400);
  });
});

describe('demo seed', () => {
  it('seeds the demo accounts and the demo creators’ with fixed ids, verified, and changes nothing the second time', async () => {
    const { seedDemo } = await import('../seed');
    const { testLog } = await import('@catalyst/service-kit/testing');
    await seedDemo(t.db, testLog);
    const before = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'like', '%@catalyst.example')
      .orderBy('id')
      .execute();
    await seedDemo(t.db, testLog);
    const after = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'like', '%@catalyst.example')
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    expect(after.map((u) => [u.id, u.email, u.role, u.email_verified_at !== null])).toEqual(
      [...Object.values(demoAccounts), ...Object.values(demoCreatorAccounts)].map((a) => [
        a.id,
        a.email,
        a.role,
        true,
      ]),
    );
    const creator = await t.call('POST', '/auth/login', {
      body: { email: demoCreatorAccounts.creator.email, password: demoCreatorAccounts.creator.password },
    });
    expect(creator.body.data.user.role).toBe('creator');
    const login = await t.call('POST', '/auth/login', {
      body: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.role).toBe('admin');

    // The demo team's owner and members, verified, each signing in with the published password.
    const team = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'email_verified_at'])
      .where('email', 'like', '%@northwind.example')
      .orderBy('id')
      .execute();
    expect(team.map((u) => u.id)).toEqual([demoTeam.owner.id, ...demoTeam.members.map((m) => m.id)]);
    expect(team.every((u) => u.email_verified_at !== null)).toBe(true);
    for (const account of [demoTeam.owner, demoTeam.members[7]]) {
      const signedIn = await t.call('POST', '/auth/login', {
        body: { email: account.email, password: account.password },
      });
      expect(signedIn.status).toBe(200);
    }
  });

  it('creates the first admin from ADMIN_EMAIL once, and promotes an existing user', async () => {
    const { ensureFirstAdmin } = await import('../setup');
    const { testLog } = await import('@catalyst/service-kit/testing');
    await ensureFirstAdmin(
      t.db,
      { email: 'Boss@Example.com', password: 'Boss-pass-1', name: 'The Boss' },
      testLog,
    );
    await ensureFirstAdmin(
      t.db,
      { email: 'boss@example.com', password: 'Other-pass-2', name: 'The Boss' },
      testLog,
    );
    const login = await t.call('POST', '/auth/login', {
      body: { email: 'boss@example.com', password: 'Boss-pass-1' },
    });
    expect(login.body.data.user).toMatchObject({ role: 'admin', emailVerified: true });
    const account = await t.register();
    await ensureFirstAdmin(t.db, { email: account.email, password: 'Ignored-pass-1', name: 'x' }, testLog);
    const row = await t.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });
});
