import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  EVICT_USER_HEADER,
  apiKeyMessages,
  teamMessages,
  teamRoutes,
  type Identity,
  type MyTeam,
} from '@catalyst/contracts';
import { createPeerStandIn, identityHeaders, internalHeaders } from '@catalyst/service-kit/testing';
import { hashPassword } from '../passwords';
import { createTestAuth, type TestAuth } from '../test-support';
import { insertUser } from '../users/users.repository';

/** What billing says of the caller's team (`GET /teams/mine`); each test sets it. */
let myTeam: MyTeam['team'] = null;
let billing: Awaited<ReturnType<typeof createPeerStandIn>>;
let t: TestAuth;
let admin: Record<string, string>;

const teamOf = (id: string, role: 'owner' | 'admin' | 'member'): MyTeam['team'] => ({
  id,
  name: 'Northwind',
  role,
  seats: 5,
  seatsUsed: 2,
  interval: 'month',
  status: 'active',
  renewsAt: null,
  ownerName: 'Olive Owner',
});

beforeAll(async () => {
  billing = (await createPeerStandIn()).answer(teamRoutes.mine, () => ({ team: myTeam }));
  t = await createTestAuth({ BILLING_URL: billing.baseUrl });
  const account = { email: `keys-admin-${Date.now()}@test.example`, password: 'Admin-pass-1' };
  await insertUser(t.db, {
    name: 'Ada Admin',
    email: account.email,
    passwordHash: await hashPassword(account.password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  const login = await t.call('POST', '/auth/login', { body: account });
  admin = await t.asBearer(login.body.data.token as string);
});
afterAll(async () => {
  await t?.close();
  await billing?.close();
});

const resolveKey = (secret: string) =>
  t.call('POST', '/internal/api-keys/resolve', { body: { secret }, headers: internalHeaders() });
const makeAdminKey = async (body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/admin/api-keys', {
    headers: admin,
    body: { name: 'Catalogue sync', scopes: ['catalog:read'], ...body },
  });
  expect(res.status).toBe(201);
  return res.body.data as { key: { id: string; prefix: string }; secret: string };
};

describe('admin API keys', () => {
  it('answers the secret once and keeps only its SHA-256', async () => {
    const { key, secret } = await makeAdminKey({ expiresInDays: 30 });
    expect(secret).toMatch(/^cat_live_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toHaveLength('cat_live_'.length + 4);

    const list = await t.call('GET', '/admin/api-keys', { headers: admin });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.data.items[0]).toMatchObject({ id: key.id, scopes: ['catalog:read'], lastUsedAt: null });

    const { rows } = await sql<Record<string, unknown>>`select * from api_keys where id = ${key.id}`.execute(
      t.db,
    );
    expect(JSON.stringify(rows)).not.toContain(secret.slice('cat_live_'.length));
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const days = ((rows[0]!.expires_at as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it("resolves a live key to its owner as a learner (never with the owner's admin rights), marked with the key, writing its last use at most once a minute", async () => {
    const { key, secret } = await makeAdminKey({ scopes: ['catalog:read', 'members:read'] });
    const first = await resolveKey(secret);
    expect(first.status).toBe(200);
    const identity = first.body.data.identity as Identity;
    expect(identity).toMatchObject({
      role: 'user',
      name: 'Ada Admin',
      apiKey: { id: key.id, scopes: ['catalog:read', 'members:read'], teamId: null, expiresAt: null },
    });
    const used = async () =>
      (
        await t.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', key.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const firstUse = await used();
    expect(firstUse).not.toBeNull();
    await resolveKey(secret);
    expect(await used()).toEqual(firstUse);
  });

  it('refuses an unknown, expired or revoked key, and names the owner when revoking', async () => {
    expect((await resolveKey('cat_live_unknownunknownunknownunknownunknownunknow')).status).toBe(401);
    expect((await resolveKey('not-a-key')).body).toEqual({ success: false, message: apiKeyMessages.invalid });

    const expiring = await makeAdminKey();
    await t.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', expiring.key.id)
      .execute();
    expect((await resolveKey(expiring.secret)).status).toBe(401);

    const { key, secret } = await makeAdminKey();
    const owner = (await resolveKey(secret)).body.data.identity as Identity;
    const revoked = await t.call('DELETE', `/admin/api-keys/${key.id}`, { headers: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expect(revoked.headers[EVICT_USER_HEADER]).toBe(owner.id);
    expect((await resolveKey(secret)).status).toBe(401);
    expect(
      (await t.call('DELETE', '/admin/api-keys/00000000-0000-4000-8000-000000000000', { headers: admin }))
        .status,
    ).toBe(404);
  });

  it('refuses bad forms and keys acting on keys', async () => {
    for (const body of [
      { scopes: [] },
      { scopes: ['catalog:write'] },
      { scopes: ['catalog:read', 'catalog:read'] },
      { expiresInDays: 366 },
      { name: ' ' },
    ]) {
      const res = await t.call('POST', '/admin/api-keys', {
        headers: admin,
        body: { name: 'Bad', scopes: ['catalog:read'], ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const { secret } = await makeAdminKey();
    const asKey = identityHeaders((await resolveKey(secret)).body.data.identity as Identity);
    const res = await t.call('POST', '/admin/api-keys', {
      headers: asKey,
      body: { name: 'Sneaky', scopes: ['catalog:read'] },
    });
    // A key acts as a learner, so the admin's own key is refused as any learner is.
    expect(res).toMatchObject({ status: 403, body: { message: 'Admin access required' } });
  });
});

describe('team API keys', () => {
  it("lets the team's owner make, list and revoke keys bound to the team, and nobody else", async () => {
    const owner = await t.register({ name: 'Olive Owner' });
    const headers = await t.asBearer(owner.token);
    myTeam = teamOf('team-one', 'owner');
    const made = await t.call('POST', '/teams/team-one/api-keys', {
      headers,
      body: { name: 'HR sync', scopes: ['members:read', 'members:write'], expiresInDays: 365 },
    });
    expect(made.status).toBe(201);
    expect(made.body.data.key).toMatchObject({ teamId: 'team-one', createdBy: { name: 'Olive Owner' } });
    const identity = (await resolveKey(made.body.data.secret)).body.data.identity as Identity;
    expect(identity.apiKey?.teamId).toBe('team-one');
    const byKey = await t.call('POST', '/teams/team-one/api-keys', {
      headers: identityHeaders(identity),
      body: { name: 'Sneaky', scopes: ['members:read'] },
    });
    expect(byKey).toMatchObject({ status: 403, body: { message: apiKeyMessages.keysCannotManageKeys } });

    const other = await t.call('GET', '/teams/team-two/api-keys', { headers });
    expect(other).toMatchObject({ status: 404, body: { message: teamMessages.teamNotFound } });
    myTeam = teamOf('team-one', 'admin');
    const lesser = await t.call('GET', '/teams/team-one/api-keys', { headers });
    expect(lesser).toMatchObject({ status: 403, body: { message: teamMessages.ownerOnly } });

    myTeam = teamOf('team-one', 'owner');
    const list = await t.call('GET', '/teams/team-one/api-keys', { headers });
    expect(list.body.data.items.map((key: { id: string }) => key.id)).toEqual([made.body.data.key.id]);
    // An admin's key is not the team's to revoke.
    const adminKey = await makeAdminKey();
    expect((await t.call('DELETE', `/teams/team-one/api-keys/${adminKey.key.id}`, { headers })).status).toBe(
      404,
    );
    const revoked = await t.call('DELETE', `/teams/team-one/api-keys/${made.body.data.key.id}`, { headers });
    expect(revoked.status).toBe(200);
    expect((await resolveKey(made.body.data.secret)).status).toBe(401);

    // A deactivated owner's keys stop with their sign-in.
    const another = await t.call('POST', '/teams/team-one/api-keys', {
      headers,
      body: { name: 'Reports', scopes: ['progress:read'] },
    });
    expect((await resolveKey(another.body.data.secret)).status).toBe(200);
    await t.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', owner.user._id)
      .execute();
    expect((await resolveKey(another.body.data.secret)).status).toBe(401);
  });
});
