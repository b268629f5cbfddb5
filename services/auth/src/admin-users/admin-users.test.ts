import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserMessages, billingInternalRoutes } from '@catalyst/contracts';
import { unavailable } from '@catalyst/service-kit';
import { createPeerStandIn } from '@catalyst/service-kit/testing';
import { hashPassword } from '../passwords';
import { createTestAuth, lastLinkTo, type TestAuth } from '../test-support';
import { insertUser } from '../users/users.repository';

/** Billing's plan look-up: the listed ids are Premium, and it can be taken "down". */
const premiumIds = new Set<string>();
const billingState = { down: false };
let billing: Awaited<ReturnType<typeof createPeerStandIn>>;
let t: TestAuth;
let admin: { id: string; token: string; headers: Record<string, string> };

beforeAll(async () => {
  billing = (await createPeerStandIn()).answer(billingInternalRoutes.planLookup, ({ body }) => {
    if (billingState.down) throw unavailable();
    return body.userIds.map((userId) => ({
      userId,
      plan: premiumIds.has(userId) ? ('premium' as const) : ('free' as const),
      status: premiumIds.has(userId) ? ('active' as const) : ('free' as const),
    }));
  });
  t = await createTestAuth({ BILLING_URL: billing.baseUrl });
  const account = { email: `admin-${Date.now()}@test.example`, password: 'Admin-pass-1' };
  const row = await insertUser(t.db, {
    name: 'Ada Admin',
    email: account.email,
    passwordHash: await hashPassword(account.password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  const login = await t.call('POST', '/auth/login', { body: account });
  const token = login.body.data.token as string;
  admin = { id: row.id, token, headers: await t.asBearer(token) };
});
afterAll(async () => {
  await t?.close();
  await billing?.close();
});

const asAdmin = (method: string, url: string) => t.call(method, url, { headers: admin.headers });
const auditRows = async () => (await asAdmin('GET', '/admin/users/audit?limit=100')).body.data.items;

describe('GET /admin/users', () => {
  it('answers 401 to a visitor and 403 to a learner', async () => {
    expect((await t.call('GET', '/admin/users')).status).toBe(401);
    const learner = await t.register();
    const res = await t.call('GET', '/admin/users', { headers: await t.asBearer(learner.token) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'Admin access required' });
    for (const action of ['revoke-sessions', 'deactivate', 'reactivate', 'resend-verification']) {
      const refused = await t.call('POST', `/admin/users/${learner.user._id}/${action}`, {
        headers: await t.asBearer(learner.token),
      });
      expect(refused.status).toBe(403);
    }
    expect((await t.call('GET', '/admin/users/audit')).status).toBe(401);
  });

  it('finds accounts by name or e-mail, with role, verification, plan and last activity', async () => {
    const person = await t.register({ name: 'Zelda Quarry', email: `zelda-${Date.now()}@test.example` });
    premiumIds.add(person.user._id);
    const byName = await asAdmin('GET', '/admin/users?search=zelda%20QUARRY');
    expect(byName.status).toBe(200);
    expect(byName.body.data.total).toBe(1);
    const [row] = byName.body.data.items;
    expect(row).toMatchObject({
      _id: person.user._id,
      name: 'Zelda Quarry',
      email: person.email,
      role: 'user',
      emailVerified: false,
      deactivatedAt: null,
      plan: 'premium',
    });
    // Registering signs in: the sign-in is its last activity.
    expect(Date.now() - Date.parse(row.lastActiveAt)).toBeLessThan(60_000);
    const byEmail = await asAdmin('GET', `/admin/users?search=${encodeURIComponent(person.email)}`);
    expect(byEmail.body.data.items.map((u: { _id: string }) => u._id)).toEqual([person.user._id]);
    // `%` is a character like any other, not a wildcard.
    expect((await asAdmin('GET', '/admin/users?search=%25')).body.data.total).toBe(0);
  });

  it('filters by role, verification and status, and pages', async () => {
    const admins = await asAdmin('GET', '/admin/users?role=admin');
    expect(admins.body.data.items.map((u: { _id: string }) => u._id)).toEqual([admin.id]);
    const unverified = await asAdmin('GET', '/admin/users?verified=unverified&limit=100');
    expect(unverified.body.data.items.every((u: { emailVerified: boolean }) => !u.emailVerified)).toBe(true);
    expect(unverified.body.data.items.length).toBeGreaterThan(0);
    const verified = await asAdmin('GET', '/admin/users?verified=verified&limit=100');
    expect(verified.body.data.items.map((u: { _id: string }) => u._id)).toContain(admin.id);
    const page = await asAdmin('GET', '/admin/users?limit=1&page=2');
    expect(page.body.data).toMatchObject({ page: 2, limit: 1 });
    expect(page.body.data.items).toHaveLength(1);
  });

  it('answers bad filters and paging with a 400 in the one error shape', async () => {
    for (const query of ['role=owner', 'verified=maybe', 'status=gone', 'page=0', 'limit=1000']) {
      const res = await asAdmin('GET', `/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
    }
    const long = await asAdmin('GET', `/admin/users?search=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'search', message: adminUserMessages.searchTooLong }]);
    const badId = await asAdmin('POST', '/admin/users/not-an-id/revoke-sessions');
    expect(badId.status).toBe(400);
    expect(badId.body.success).toBe(false);
  });

  it('reads plans as unknown when billing does not answer, never failing the list', async () => {
    billingState.down = true;
    try {
      const person = await t.register();
      const res = await asAdmin('GET', `/admin/users?search=${encodeURIComponent(person.email)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.items[0].plan).toBeNull();
    } finally {
      billingState.down = false;
    }
  });
});

describe('admin actions on an account', () => {
  it('revokes every session: the token stops working, and the audit log says who did it', async () => {
    const person = await t.register();
    expect(await t.resolve(person.token)).not.toBeNull();
    const res = await asAdmin('POST', `/admin/users/${person.user._id}/revoke-sessions`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(adminUserMessages.sessionsRevoked);
    expect(res.body.data._id).toBe(person.user._id);
    expect(await t.resolve(person.token)).toBeNull();
    expect((await auditRows())[0]).toMatchObject({
      action: 'revoke-sessions',
      admin: { id: admin.id, name: 'Ada Admin' },
      target: { id: person.user._id, email: person.email },
      detail: '1 session ended',
    });
  });

  it('deactivates: sessions end, sign-in is refused with a clear message; reactivating lets it back', async () => {
    const person = await t.register();
    const res = await asAdmin('POST', `/admin/users/${person.user._id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(adminUserMessages.deactivated);
    expect(Date.parse(res.body.data.deactivatedAt)).toBeGreaterThan(0);
    expect(await t.resolve(person.token)).toBeNull();
    const signIn = await t.call('POST', '/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ success: false, message: adminUserMessages.accountDeactivated });
    const german = await t.call('POST', '/auth/login', {
      body: { email: person.email, password: person.password },
      headers: { 'accept-language': 'de' },
    });
    expect(german.body.message).toBe(
      'Dieses Konto wurde deaktiviert. Wende dich an den Support, wenn du das für einen Fehler hältst.',
    );
    // A wrong password still reads as any wrong password: deactivation is not revealed to a guesser.
    const guess = await t.call('POST', '/auth/login', {
      body: { email: person.email, password: 'Wrong-pass-99' },
    });
    expect(guess.status).toBe(401);
    expect((await asAdmin('POST', `/admin/users/${person.user._id}/deactivate`)).status).toBe(409);
    const listed = await asAdmin('GET', '/admin/users?status=deactivated&limit=100');
    expect(listed.body.data.items.map((u: { _id: string }) => u._id)).toContain(person.user._id);

    const back = await asAdmin('POST', `/admin/users/${person.user._id}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body.data.deactivatedAt).toBeNull();
    const again = await t.call('POST', '/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(again.status).toBe(200);
    expect((await asAdmin('POST', `/admin/users/${person.user._id}/reactivate`)).status).toBe(409);
    const [reactivated, deactivated] = await auditRows();
    expect(reactivated).toMatchObject({ action: 'reactivate', target: { id: person.user._id } });
    expect(deactivated).toMatchObject({ action: 'deactivate', target: { id: person.user._id } });
  });

  it('refuses an admin deactivating themself (400), and an unknown account (404)', async () => {
    const before = (await auditRows()).length;
    const self = await asAdmin('POST', `/admin/users/${admin.id}/deactivate`);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, message: adminUserMessages.cannotDeactivateSelf });
    expect((await t.call('POST', '/auth/login', { body: {} })).status).toBe(400);
    const unknown = await asAdmin('POST', `/admin/users/${'f'.repeat(24)}/revoke-sessions`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: adminUserMessages.userNotFound });
    expect((await auditRows()).length).toBe(before);
  });

  it('resends the verification e-mail to an unverified account only', async () => {
    const person = await t.register();
    const sentBefore = t.mailer.sent.length;
    const res = await asAdmin('POST', `/admin/users/${person.user._id}/resend-verification`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(adminUserMessages.verificationResent);
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
    expect(lastLinkTo(t.mailer, person.email)).toMatch(/verify-email\?token=/);
    expect((await auditRows())[0]).toMatchObject({
      action: 'resend-verification',
      target: { id: person.user._id },
    });
    const verified = await asAdmin('POST', `/admin/users/${admin.id}/resend-verification`);
    expect(verified.status).toBe(409);
    expect(verified.body).toEqual({ success: false, message: adminUserMessages.alreadyVerified });
  });

  it('pages the audit log newest first', async () => {
    const res = await asAdmin('GET', '/admin/users/audit?limit=2&page=1');
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(2);
    expect(res.body.data.total).toBeGreaterThanOrEqual(4);
    const times = res.body.data.items.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    expect((await asAdmin('GET', '/admin/users/audit?limit=0')).status).toBe(400);
  });
});
