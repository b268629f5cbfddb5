import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@catalyst/contracts';
import { createTestAuth, lastLinkTo, tokenOf, type TestAuth } from '../test-support';

let t: TestAuth;
beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => t?.close());

const forgot = (email: string, ip = '10.9.0.1') =>
  t.call('POST', '/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': ip } });
const reset = (token: string, password: string) =>
  t.call('POST', '/auth/reset-password', { body: { token, password } });

describe('POST /auth/forgot-password and /auth/reset-password', () => {
  it('answers the same for an address with and without an account, and mails a 30-minute link only to a real one', async () => {
    const account = await t.register();
    const sent = t.mailer.sent.length;
    const known = await forgot(account.email.toUpperCase());
    const unknown = await forgot(`nobody-${Date.now()}@test.example`);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, data: null, message: authMessages.forgotPasswordSent });
    const mails = t.mailer.sent.slice(sent);
    expect(mails.map((m) => m.to)).toEqual([account.email]);
    expect(mails[0]!.text).toMatch(/expires in 30 minutes/);
    expect(
      lastLinkTo(t.mailer, account.email, 'reset-password')!.startsWith(
        'http://catalyst.test/reset-password?token=',
      ),
    ).toBe(true);
  });

  it("mails the link in the account's language, and a new account's first e-mail in its page's", async () => {
    const account = await t.register();
    const profile = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: account.email, locale: 'es' },
      headers: await t.asBearer(account.token),
    });
    expect(profile.status).toBe(200);
    await forgot(account.email, '10.9.0.7');
    const reset = t.mailer.sent.findLast((m) => m.to === account.email)!;
    expect(reset.subject).toBe('Restablece tu contraseña de Catalyst');
    expect(reset.text).toMatch(/^Hola, Test Person:\n\nAlguien \(esperamos que tú\)/);
    expect(reset.text).toContain('caduca en 30 minutos');
    expect(reset.headers).toEqual({ 'Content-Language': 'es' });

    const email = `arabic-${Date.now()}@test.example`;
    await t.call('POST', '/auth/register', {
      body: { name: 'Test Person', email, password: 'Secret-pass-1' },
      headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    });
    const verify = t.mailer.sent.findLast((m) => m.to === email)!;
    expect(verify.subject).toBe('تحقّق من بريدك الإلكتروني على Catalyst');
    expect(verify.text).toContain('http://catalyst.test/verify-email?token=');
  });

  it('sets the new password once, ends every session, verifies the address, and refuses the link a second time', async () => {
    const account = await t.register();
    const other = (
      await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } })
    ).body.data.token as string;
    await forgot(account.email);
    const token = tokenOf(lastLinkTo(t.mailer, account.email, 'reset-password')!);
    const res = await reset(token, 'Brand-new-pass-9');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(authMessages.resetSuccess);
    expect(await t.resolve(account.token)).toBeNull();
    expect(await t.resolve(other)).toBeNull();
    expect(
      (await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(401);
    const login = await t.call('POST', '/auth/login', {
      body: { email: account.email, password: 'Brand-new-pass-9' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.emailVerified).toBe(true);
    const again = await reset(token, 'Another-pass-8');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      success: false,
      message: authMessages.resetInvalid,
      errors: [{ field: 'token', message: authMessages.resetInvalid }],
    });
  });

  it('keeps every link mailed working until one is used, then none, and refuses an expired one', async () => {
    const account = await t.register();
    await forgot(account.email);
    const first = tokenOf(lastLinkTo(t.mailer, account.email, 'reset-password')!);
    await forgot(account.email, '10.9.0.2');
    const second = tokenOf(lastLinkTo(t.mailer, account.email, 'reset-password')!);
    expect(second).not.toBe(first);
    // Someone else's request mailed a second link: the first one still works, and using it retires the second.
    expect((await reset(first, 'Brand-new-pass-9')).status).toBe(200);
    expect((await reset(second, 'Another-pass-8')).status).toBe(400);
    await forgot(account.email);
    const third = tokenOf(lastLinkTo(t.mailer, account.email, 'reset-password')!);
    await t.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000) } as never)
      .where('purpose', '=', 'reset-password')
      .execute();
    expect((await reset(third, 'Third-pass-7')).status).toBe(400);
    expect(
      (await t.call('POST', '/auth/login', { body: { email: account.email, password: 'Brand-new-pass-9' } }))
        .status,
    ).toBe(200);
  });

  it('applies the password rules, refuses a common password, and never lets a verification link reset a password', async () => {
    const account = await t.register();
    const weak = await reset('x'.repeat(43), 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContainEqual({ field: 'password', message: authMessages.passwordTooShort });
    await forgot(account.email);
    const token = tokenOf(lastLinkTo(t.mailer, account.email, 'reset-password')!);
    const common = await reset(token, 'Password123');
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual([{ field: 'password', message: authMessages.commonPassword }]);
    const verification = tokenOf(lastLinkTo(t.mailer, account.email, 'verify-email')!);
    expect((await reset(verification, 'Brand-new-pass-9')).status).toBe(400);
    expect((await reset(token, 'Brand-new-pass-9')).status).toBe(200);
  });

  it('limits a stranger per (e-mail, address) and by a per-e-mail ceiling that never refuses the owner at home, and a refused request leaves the mailed link working', async () => {
    const limited = await createTestAuth({ RESET_MAX_PER_EMAIL_AND_ADDRESS: '2', RESET_MAX_PER_EMAIL: '4' });
    try {
      const owner = await limited.register();
      const home = { 'x-forwarded-for': '198.51.100.7' };
      const signIn = await limited.call('POST', '/auth/login', {
        body: { email: owner.email, password: owner.password },
        headers: home,
      });
      expect(signIn.status).toBe(200);
      const call = (ip: string) =>
        limited.call('POST', '/auth/forgot-password', {
          body: { email: owner.email },
          headers: { 'x-forwarded-for': ip },
        });
      expect((await call('198.51.100.7')).status).toBe(200);
      const mailed = tokenOf(lastLinkTo(limited.mailer, owner.email, 'reset-password')!);
      // One stranger's address: 2 requests, then 429.
      const stranger = [];
      for (let i = 0; i < 4; i += 1) stranger.push((await call('203.0.113.50')).status);
      expect(stranger).toEqual([200, 200, 429, 429]);
      // Many addresses: the per-e-mail ceiling (4, the stranger's 2 counted) refuses the rest…
      const spread = [];
      for (let i = 0; i < 5; i += 1) spread.push((await call(`203.0.113.${60 + i}`)).status);
      expect(spread).toEqual([200, 200, 429, 429, 429]);
      const refused = await call('203.0.113.99');
      expect(refused.body).toEqual({ success: false, message: authMessages.tooManyResets });
      // …but never the owner at an address they signed in from.
      const sent = limited.mailer.sent.length;
      expect((await call('198.51.100.7')).status).toBe(200);
      expect(limited.mailer.sent.slice(sent).map((m) => m.to)).toEqual([owner.email]);
      // The first link, mailed before all that, still resets the password.
      const used = await limited.call('POST', '/auth/reset-password', {
        body: { token: mailed, password: 'Brand-new-pass-9' },
      });
      expect(used.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits reset requests per e-mail and per address with 429', async () => {
    const limited = await createTestAuth({ RESET_MAX_PER_EMAIL: '2', RESET_MAX_PER_ADDRESS: '3' });
    try {
      const call = (email: string, ip: string) =>
        limited.call('POST', '/auth/forgot-password', {
          body: { email },
          headers: { 'x-forwarded-for': ip },
        });
      expect((await call('a@test.example', '10.0.0.1')).status).toBe(200);
      expect((await call('a@test.example', '10.0.0.2')).status).toBe(200);
      const perEmail = await call('a@test.example', '10.0.0.3');
      expect(perEmail.status).toBe(429);
      expect(perEmail.body).toEqual({ success: false, message: authMessages.tooManyResets });
      expect((await call('b@test.example', '10.0.0.9')).status).toBe(200);
      expect((await call('c@test.example', '10.0.0.9')).status).toBe(200);
      expect((await call('d@test.example', '10.0.0.9')).status).toBe(200);
      expect((await call('e@test.example', '10.0.0.9')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('abuse limits that hold under concurrency', () => {
  it('gives 40 parallel wrong passwords for one e-mail exactly the limit of 401s and 429 for the rest', async () => {
    const account = await t.register();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('POST', '/auth/login', {
          body: { email: account.email, password: `Wrong-pass-${i}` },
          headers: { 'x-forwarded-for': '10.7.7.7' },
        }),
      ),
    );
    // Compared whole, so a failure names every status that was neither.
    const statuses = answers.map((a) => a.status).sort();
    const limit = t.config.LOGIN_MAX_FAILURES_PER_EMAIL;
    expect(statuses).toEqual([...Array<number>(limit).fill(401), ...Array<number>(40 - limit).fill(429)]);
  });

  it('cannot be used to lock the owner out: failures from elsewhere slow strangers down, the owner signs in from home', async () => {
    const limited = await createTestAuth({ LOGIN_SLOW_AFTER_FAILURES_PER_EMAIL: '4' });
    try {
      const owner = await limited.register();
      const home = { 'x-forwarded-for': '198.51.100.10' };
      expect(
        (
          await limited.call('POST', '/auth/login', {
            body: { email: owner.email, password: owner.password },
            headers: home,
          })
        ).status,
      ).toBe(200);
      // An attacker sprays wrong passwords from many addresses.
      const spray: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        spray.push(
          (
            await limited.call('POST', '/auth/login', {
              body: { email: owner.email, password: `Wrong-${i}` },
              headers: { 'x-forwarded-for': `203.0.113.${i}` },
            })
          ).status,
        );
      }
      expect(spray.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(spray.filter((s) => s === 429).length).toBeGreaterThan(5);
      const slowed = await limited.call('POST', '/auth/login', {
        body: { email: owner.email, password: owner.password },
        headers: { 'x-forwarded-for': '203.0.113.200' },
      });
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      // The owner, from an address they signed in from before, still gets in at once.
      expect(
        (
          await limited.call('POST', '/auth/login', {
            body: { email: owner.email, password: owner.password },
            headers: home,
          })
        ).status,
      ).toBe(200);
      // From a new device the owner waits the one short Retry-After, however many wrong passwords arrive elsewhere.
      expect(Number(slowed.headers['retry-after'])).toBe(1);
      const spray2 = async () => {
        for (let i = 0; i < 6; i += 1)
          await limited.call('POST', '/auth/login', {
            body: { email: owner.email, password: `Wrong-again-${i}` },
            headers: { 'x-forwarded-for': `203.0.113.${100 + (i % 3)}` },
          });
      };
      await expect
        .poll(
          async () => {
            await spray2();
            return (
              await limited.call('POST', '/auth/login', {
                body: { email: owner.email, password: owner.password },
                headers: { 'x-forwarded-for': '203.0.113.200' },
              })
            ).status;
          },
          { interval: 250, timeout: 3_000 },
        )
        .toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per address and per e-mail, also when sent in parallel', async () => {
    const limited = await createTestAuth({ REGISTER_MAX_PER_ADDRESS: '5', REGISTER_MAX_PER_EMAIL: '2' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          limited.call('POST', '/auth/register', {
            body: {
              name: 'Spam Bot',
              email: `bot${i}-${Date.now()}@test.example`,
              password: 'Secret-pass-1',
            },
            headers: { 'x-forwarded-for': '192.0.2.1' },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
      expect(answers.find((a) => a.status === 429)!.body).toEqual({
        success: false,
        message: authMessages.tooManyRegistrations,
      });
      const users = await limited.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', 'Spam Bot')
        .execute();
      expect(users).toHaveLength(5);
      const email = `target-${Date.now()}@test.example`;
      const byEmail = [];
      for (let i = 0; i < 3; i += 1) {
        byEmail.push(
          (
            await limited.call('POST', '/auth/register', {
              body: { name: 'Again', email, password: 'Secret-pass-1' },
              headers: { 'x-forwarded-for': `192.0.2.${50 + i}` },
            })
          ).status,
        );
      }
      expect(byEmail).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses the most common passwords at registration and on change, with a clear message', async () => {
    const res = await t.call('POST', '/auth/register', {
      body: { name: 'Common Person', email: `common-${Date.now()}@test.example`, password: 'Password123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'password', message: authMessages.commonPassword }]);
    const account = await t.register();
    const change = await t.call('PUT', '/users/change-password', {
      body: { currentPassword: account.password, newPassword: 'Qwerty12345', confirmPassword: 'Qwerty12345' },
      headers: await t.asBearer(account.token),
    });
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual([{ field: 'newPassword', message: authMessages.commonPassword }]);
  });
});

describe('POST /auth/logout-all', () => {
  it('ends every session of the caller, this one included, and nobody else’s', async () => {
    const account = await t.register();
    const other = (
      await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } })
    ).body.data.token as string;
    const bystander = await t.register();
    expect((await t.call('POST', '/auth/logout-all')).status).toBe(401);
    const res = await t.call('POST', '/auth/logout-all', { headers: await t.asBearer(account.token) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { endedSessions: 2 },
      message: authMessages.signedOutEverywhere,
    });
    // This browser's media grant (on both paths it is sent to) and remembered sign-in go too.
    expect(res.cookies).toEqual([
      'catalyst_media=; Path=/media; Max-Age=0; HttpOnly; SameSite=Strict',
      'catalyst_media=; Path=/api/v1/media; Max-Age=0; HttpOnly; SameSite=Strict',
      'catalyst_refresh=; Path=/api/v1/auth; Max-Age=0; HttpOnly; SameSite=Strict',
    ]);
    expect(await t.resolve(account.token)).toBeNull();
    expect(await t.resolve(other)).toBeNull();
    expect(await t.resolve(bystander.token)).not.toBeNull();
  });
});
