import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { createTestAuth, type TestAuth } from '../test-support';

let t: TestAuth;
beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => t?.close());

describe('internal routes', () => {
  it('hide themselves from callers without the shared secret', async () => {
    const account = await t.register();
    expect(
      (await t.call('POST', '/internal/sessions/resolve', { body: { token: account.token } })).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', '/internal/sessions/resolve', {
          body: { token: account.token },
          headers: { 'x-catalyst-internal': 'guess' },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', '/internal/users/count')).status).toBe(404);
    expect((await t.call('POST', '/internal/users/lookup', { body: { ids: [] } })).status).toBe(404);
  });

  it('resolve a live token to its identity and refuse an unknown one with 401', async () => {
    const account = await t.register({ name: 'Resolved Person' });
    const res = await t.call('POST', '/internal/sessions/resolve', {
      body: { token: account.token },
      headers: internalHeaders(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      identity: {
        id: account.user._id,
        role: 'user',
        email: account.email,
        name: 'Resolved Person',
        emailVerified: false,
        createdAt: account.user.createdAt,
      },
    });
    // The identity is the whole account /auth/me shows (the gateway answers that route from it).
    const { _id, ...rest } = (await t.call('GET', '/auth/me', { headers: await t.asBearer(account.token) }))
      .body.data.user;
    expect({ id: _id, ...rest }).toEqual(res.body.data.identity);
    const unknown = await t.call('POST', '/internal/sessions/resolve', {
      body: { token: 'x'.repeat(43) },
      headers: internalHeaders(),
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.success).toBe(false);
  });

  it('refuse a resolve request without a token with 400', async () => {
    expect(
      (await t.call('POST', '/internal/sessions/resolve', { body: {}, headers: internalHeaders() })).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/internal/sessions/resolve', { body: { token: 5 }, headers: internalHeaders() }))
        .status,
    ).toBe(400);
  });

  it('count the users', async () => {
    const before = (await t.call('GET', '/internal/users/count', { headers: internalHeaders() })).body.data
      .count as number;
    await t.register();
    const after = await t.call('GET', '/internal/users/count', { headers: internalHeaders() });
    expect(after.body).toEqual({ success: true, data: { count: before + 1 } });
  });

  it('look users up by id, skipping unknown ids, with the language one chose', async () => {
    const a = await t.register({ name: 'Alpha Person' });
    const b = await t.register({ name: 'Beta Person' });
    await t.db.updateTable('users').set({ locale: 'de' }).where('id', '=', b.user._id).execute();
    const res = await t.call('POST', '/internal/users/lookup', {
      body: { ids: [a.user._id, b.user._id, 'ffffffffffffffffffffffff', a.user._id] },
      headers: internalHeaders(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data).toContainEqual({
      id: a.user._id,
      name: 'Alpha Person',
      email: a.email,
      role: 'user',
      createdAt: expect.any(String),
    });
    expect(res.body.data).toContainEqual({
      id: b.user._id,
      name: 'Beta Person',
      email: b.email,
      role: 'user',
      createdAt: expect.any(String),
      locale: 'de',
    });
    const made = Date.parse(res.body.data[0].createdAt);
    expect(Math.abs(Date.now() - made)).toBeLessThan(60_000);
  });

  it("answer the language an address's account chose, and nothing for one with no account or no choice", async () => {
    const chose = await t.register({ name: 'Chose Arabic' });
    const none = await t.register({ name: 'Chose Nothing' });
    await t.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', chose.user._id).execute();
    const res = await t.call('POST', '/internal/users/address-languages', {
      body: { emails: [chose.email.toUpperCase(), none.email, 'nobody@test.example'] },
      headers: internalHeaders(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ email: chose.email, locale: 'ar' }]);
    expect(
      (await t.call('POST', '/internal/users/address-languages', { body: { emails: [chose.email] } })).status,
    ).toBe(404);
  });

  it('refuse malformed lookup ids with 400', async () => {
    expect(
      (
        await t.call('POST', '/internal/users/lookup', {
          body: { ids: ['nope'] },
          headers: internalHeaders(),
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/internal/users/lookup', { body: { ids: 'x' }, headers: internalHeaders() }))
        .status,
    ).toBe(400);
  });

  it("provision a directory's person: an existing account as it is, a new one made verified", async () => {
    const account = await t.register({ name: 'Existing Person' });
    const provision = (email: string) =>
      t.call('POST', '/internal/users/provision', {
        body: { email, name: 'Dir Person' },
        headers: internalHeaders(),
      });
    const existing = await provision(account.email.toUpperCase());
    expect(existing.status).toBe(200);
    expect(existing.body.data).toMatchObject({ id: account.user._id, created: false, deactivated: false });
    const made = await provision('new.directory.person@test.example');
    expect(made.body.data).toMatchObject({ name: 'Dir Person', created: true, deactivated: false });
    const again = await provision('new.directory.person@test.example');
    expect(again.body.data).toMatchObject({ id: made.body.data.id, created: false });
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    expect((await t.call('POST', '/internal/users/provision', { body: { email: 'x@y.z' } })).status).toBe(
      404,
    );
  });
});

describe('the role content sets (creator accounts)', () => {
  const resolve = async (token: string) =>
    (await t.call('POST', '/internal/sessions/resolve', { body: { token }, headers: internalHeaders() })).body
      .data.identity;

  it('makes an account a creator and back, its live session saying so at once', async () => {
    const account = await t.register();
    expect((await resolve(account.token)).role).toBe('user');
    const creatorId = 'c'.repeat(24);
    const set = await t.call('PUT', `/internal/users/${account.user._id}/role`, {
      body: { role: 'creator', creatorId },
      headers: internalHeaders(),
    });
    expect(set.body.data).toEqual({ id: account.user._id, role: 'creator' });
    // the identity names the creator, so every service opens that creator's own items to them
    expect(await resolve(account.token)).toMatchObject({ role: 'creator', creatorId });
    await t.call('PUT', `/internal/users/${account.user._id}/role`, {
      body: { role: 'user' },
      headers: internalHeaders(),
    });
    const learner = await resolve(account.token);
    expect(learner.role).toBe('user');
    expect(learner).not.toHaveProperty('creatorId');
  });

  it('never changes an admin, never makes one, and names no account it does not know', async () => {
    const account = await t.register();
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', account.user._id).execute();
    const kept = await t.call('PUT', `/internal/users/${account.user._id}/role`, {
      body: { role: 'user' },
      headers: internalHeaders(),
    });
    expect(kept.body.data.role).toBe('admin');
    const promote = await t.call('PUT', `/internal/users/${account.user._id}/role`, {
      body: { role: 'admin' },
      headers: internalHeaders(),
    });
    expect(promote.status).toBe(400);
    const nobody = await t.call('PUT', '/internal/users/0123456789abcdef01234567/role', {
      body: { role: 'creator' },
      headers: internalHeaders(),
    });
    expect(nobody.status).toBe(404);
    expect(
      (await t.call('PUT', `/internal/users/${account.user._id}/role`, { body: { role: 'creator' } })).status,
    ).toBe(404);
  });
});
