import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@catalyst/contracts';
import { languageMessage } from '@catalyst/contracts/languages';
import { hashPassword } from '../passwords';
import { createTestAuth, lastLinkTo, tokenOf, type TestAuth } from '../test-support';

let t: TestAuth;
beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => t?.close());

describe('PUT /users/profile', () => {
  it("keeps the account's language, shows it on the account and its identity, and refuses one it does not speak", async () => {
    const account = await t.register();
    const headers = await t.asBearer(account.token);
    expect((await t.resolve(account.token))?.locale).toBeUndefined(); // none chosen: not carried
    const refused = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: account.email, locale: 'fr' },
      headers,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'locale', message: languageMessage }]);
    const res = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: account.email, locale: 'ar' },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: account.name, locale: 'ar' });
    expect((await t.resolve(account.token))?.locale).toBe('ar');
    // a later change of name alone leaves the language as it was
    const renamed = await t.call('PUT', '/users/profile', {
      body: { name: 'Layla Haddad', email: account.email },
      headers: await t.asBearer(account.token),
    });
    expect(renamed.body.data.user).toMatchObject({ name: 'Layla Haddad', locale: 'ar' });
  });

  it('answers 401 to an anonymous caller, and to a bearer token without the gateway assertion', async () => {
    const account = await t.register();
    expect(
      (await t.call('PUT', '/users/profile', { body: { name: 'New Name', email: account.email } })).status,
    ).toBe(401);
    const res = await t.call('PUT', '/users/profile', {
      body: { name: 'New Name', email: account.email },
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.status).toBe(401);
  });

  it('changes the name, keeps the e-mail verified when unchanged, and the new name resolves at once', async () => {
    const account = await t.register();
    await t.call(
      'GET',
      `/auth/verify-email?token=${encodeURIComponent(tokenOf(lastLinkTo(t.mailer, account.email)!))}`,
    );
    const headers = await t.asBearer(account.token); // the identity is now cached
    const res = await t.call('PUT', '/users/profile', {
      body: { name: '  Renamed Person ', email: account.email.toUpperCase() },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(authMessages.profileUpdated);
    expect(res.body.data.user).toMatchObject({
      name: 'Renamed Person',
      email: account.email,
      emailVerified: true,
    });
    expect((await t.resolve(account.token))?.name).toBe('Renamed Person');
  });

  it('needs the current password to change the e-mail, tells the old address, and requires verifying the new one', async () => {
    const account = await t.register();
    await t.call(
      'GET',
      `/auth/verify-email?token=${encodeURIComponent(tokenOf(lastLinkTo(t.mailer, account.email)!))}`,
    );
    const oldLink = lastLinkTo(t.mailer, account.email)!;
    const newEmail = `changed-${Date.now()}@test.example`;
    const headers = await t.asBearer(account.token);
    const withoutPassword = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: newEmail },
      headers,
    });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.errors).toEqual([
      { field: 'currentPassword', message: authMessages.emailChangeNeedsPassword },
    ]);
    const wrongPassword = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: newEmail, currentPassword: 'Wrong-pass-1' },
      headers,
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([
      { field: 'currentPassword', message: authMessages.currentPasswordIncorrect },
    ]);
    expect((await t.resolve(account.token))?.email).toBe(account.email);

    const res = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: newEmail, currentPassword: account.password },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(authMessages.profileUpdatedVerify);
    expect(res.body.data.user).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await t.resolve(account.token))?.email).toBe(newEmail);
    const notice = [...t.mailer.sent].reverse().find((m) => m.to === account.email);
    expect(notice?.subject).toMatch(/was changed/);
    expect(notice?.text).toContain(newEmail);
    // A link issued for the old address cannot verify the new one.
    expect(
      (await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(tokenOf(oldLink))}`)).status,
    ).toBe(400);
    const link = lastLinkTo(t.mailer, newEmail);
    expect(link).toMatch(/\/verify-email\?token=[\w-]{43}$/);
    expect(
      (await t.call('GET', `/auth/verify-email?token=${encodeURIComponent(tokenOf(link!))}`)).status,
    ).toBe(200);
    const login = await t.call('POST', '/auth/login', {
      body: { email: newEmail, password: account.password },
    });
    expect(login.body.data.user.emailVerified).toBe(true);
  });

  it('never reveals that the new e-mail belongs to someone else: the same answer, no change, and its owner is warned', async () => {
    const first = await t.register();
    const second = await t.register();
    const sent = t.mailer.sent.length;
    const res = await t.call('PUT', '/users/profile', {
      body: { name: 'Second', email: first.email, currentPassword: second.password },
      headers: await t.asBearer(second.token),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(authMessages.profileUpdatedVerify);
    expect(res.body.data.user).toMatchObject({ email: first.email, emailVerified: false });
    expect((await t.resolve(second.token))?.email).toBe(second.email);
    expect((await t.resolve(first.token))?.email).toBe(first.email);
    expect(t.mailer.sent.slice(sent).map((m) => m.to)).toEqual([first.email]);
  });

  it('refuses a look-alike address that mixes alphabets, at registration and on change', async () => {
    const account = await t.register();
    const lookAlike = 'p\u0430ypal-support@example.com'; // a Cyrillic 'а'
    const change = await t.call('PUT', '/users/profile', {
      body: { name: account.name, email: lookAlike, currentPassword: account.password },
      headers: await t.asBearer(account.token),
    });
    expect(change.status).toBe(400);
    expect(change.body.errors).toEqual([{ field: 'email', message: authMessages.mixedScriptEmail }]);
    const register = await t.call('POST', '/auth/register', {
      body: { name: 'Look Alike', email: lookAlike, password: 'Secret-pass-1' },
    });
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual([{ field: 'email', message: authMessages.mixedScriptEmail }]);
    // One alphabet throughout is fine, whichever it is.
    expect(
      (
        await t.call('POST', '/auth/register', {
          body: { name: 'Иван', email: `иван${Date.now()}@пример.рф`, password: 'Secret-pass-1' },
        })
      ).status,
    ).toBe(201);
  });

  it.each([
    [{ name: '', email: 'x@example.com' }, 'name', authMessages.nameRequired],
    [{ name: 'A', email: 'x@example.com' }, 'name', authMessages.nameTooShort],
    [{ name: 'B'.repeat(51), email: 'x@example.com' }, 'name', authMessages.nameTooLong],
    [{ name: 'Bad_Name', email: 'x@example.com' }, 'name', authMessages.nameCharacters],
    [{ name: 'Good Name', email: '' }, 'email', authMessages.emailRequired],
    [{ name: 'Good Name', email: 'nope' }, 'email', authMessages.emailInvalid],
    [{ name: 'Good Name' }, 'email', authMessages.emailRequired],
  ])('refuses %j with 400 on %s', async (body, field, message) => {
    const account = await t.register();
    const res = await t.call('PUT', '/users/profile', { body, headers: await t.asBearer(account.token) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field, message }]);
  });
});

describe('PUT /users/change-password', () => {
  it('changes the password, keeps this session and ends every other session of the user', async () => {
    const account = await t.register();
    const other = (
      await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } })
    ).body.data.token as string;
    const third = (
      await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } })
    ).body.data.token as string;
    expect(await t.resolve(other)).not.toBeNull(); // cached: ending it must also drop the cache entry
    const res = await t.call('PUT', '/users/change-password', {
      body: { currentPassword: account.password, newPassword: 'Brand-new-2', confirmPassword: 'Brand-new-2' },
      headers: await t.asBearer(account.token),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { endedSessions: 2 },
      message: authMessages.passwordChanged,
    });
    expect(await t.resolve(account.token)).not.toBeNull();
    expect(await t.resolve(other)).toBeNull();
    expect(await t.resolve(third)).toBeNull();
    expect(
      (await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(401);
    expect(
      (await t.call('POST', '/auth/login', { body: { email: account.email, password: 'Brand-new-2' } }))
        .status,
    ).toBe(200);
  });

  it('keeps a password made under the old 6-character rule working until its owner changes it', async () => {
    const account = await t.register();
    // made before the minimum rose to 10: 8 characters
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Short-p1') })
      .where('email', '=', account.email)
      .execute();
    const login = await t.call('POST', '/auth/login', {
      body: { email: account.email, password: 'Short-p1' },
    });
    expect(login.status).toBe(200);
    const headers = await t.asBearer(login.body.data.token as string);
    const tooShort = await t.call('PUT', '/users/change-password', {
      body: { currentPassword: 'Short-p1', newPassword: 'Short-p22', confirmPassword: 'Short-p22' },
      headers,
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 10 characters long' },
    ]);
    const changed = await t.call('PUT', '/users/change-password', {
      body: { currentPassword: 'Short-p1', newPassword: 'Longer-pass-2', confirmPassword: 'Longer-pass-2' },
      headers,
    });
    expect(changed.status).toBe(200);
  });

  it('refuses a wrong current password with 400 on currentPassword and changes nothing', async () => {
    const account = await t.register();
    const res = await t.call('PUT', '/users/change-password', {
      body: { currentPassword: 'Not-it-123', newPassword: 'Brand-new-2', confirmPassword: 'Brand-new-2' },
      headers: await t.asBearer(account.token),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'currentPassword', message: authMessages.currentPasswordIncorrect },
    ]);
    expect(
      (await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(200);
  });

  it('rate limits guessing the current password like sign-ins', async () => {
    const account = await t.register();
    const headers = await t.asBearer(account.token);
    const attempt = (currentPassword: string) =>
      t.call('PUT', '/users/change-password', {
        body: { currentPassword, newPassword: 'Brand-new-2', confirmPassword: 'Brand-new-2' },
        headers,
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt(`Guess-${i}a`)).status).toBe(400);
    expect((await attempt(account.password)).status).toBe(429);
  });

  it.each([
    [
      { newPassword: 'Brand-new-2', confirmPassword: 'Brand-new-2' },
      'currentPassword',
      authMessages.currentPasswordRequired,
    ],
    [
      { currentPassword: 'x', confirmPassword: 'Brand-new-2' },
      'newPassword',
      authMessages.newPasswordRequired,
    ],
    [
      { currentPassword: 'x', newPassword: 'Ab1', confirmPassword: 'Ab1' },
      'newPassword',
      authMessages.passwordTooShort,
    ],
    [
      { currentPassword: 'x', newPassword: 'abcdefghi1', confirmPassword: 'abcdefghi1' },
      'newPassword',
      authMessages.passwordComplexity,
    ],
    [{ currentPassword: 'x', newPassword: 'Brand-new-2' }, 'confirmPassword', authMessages.confirmRequired],
    [
      { currentPassword: 'x', newPassword: 'Brand-new-2', confirmPassword: 'Brand-new-3' },
      'confirmPassword',
      authMessages.passwordsDoNotMatch,
    ],
  ])('refuses %j with 400 on %s', async (body, field, message) => {
    const account = await t.register();
    const res = await t.call('PUT', '/users/change-password', {
      body,
      headers: await t.asBearer(account.token),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('refuses a new password equal to the current one', async () => {
    const account = await t.register();
    const res = await t.call('PUT', '/users/change-password', {
      body: {
        currentPassword: account.password,
        newPassword: account.password,
        confirmPassword: account.password,
      },
      headers: await t.asBearer(account.token),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'newPassword', message: authMessages.passwordMustDiffer }]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.call('PUT', '/users/change-password', {
      body: { currentPassword: 'a', newPassword: 'Brand-new-2', confirmPassword: 'Brand-new-2' },
    });
    expect(res.status).toBe(401);
  });
});
