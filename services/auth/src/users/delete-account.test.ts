import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authMessages,
  billingInternalRoutes,
  contentInternalRoutes,
  fillPath,
  progressInternalRoutes,
  type RouteData,
} from '@catalyst/contracts';
import { unavailable } from '@catalyst/service-kit';
import { createPeerStandIn } from '@catalyst/service-kit/testing';
import { hashPassword } from '../passwords';
import { createTestAuth, type TestAuth } from '../test-support';
import { insertUser } from './users.repository';

/** A peer answering its account-deletion route: records calls, and can be taken "down" (a 503). */
async function standIn<
  R extends
    | typeof billingInternalRoutes.deleteCustomer
    | typeof progressInternalRoutes.deleteUserProgress
    | typeof contentInternalRoutes.deleteUserData,
>(name: string, route: R, answer: RouteData<R>, log: string[]) {
  const state = { down: false };
  const peer = (await createPeerStandIn()).answer(route, ({ params }) => {
    if (state.down) throw unavailable();
    log.push(`${name} ${route.method} ${fillPath(route.path, params)}`);
    return answer;
  });
  return { state, url: peer.baseUrl, close: () => peer.close() };
}

const calls: string[] = [];
let billing: Awaited<ReturnType<typeof standIn>>;
let progress: Awaited<ReturnType<typeof standIn>>;
let content: Awaited<ReturnType<typeof standIn>>;
let t: TestAuth;
beforeAll(async () => {
  billing = await standIn('billing', billingInternalRoutes.deleteCustomer, { canceled: [] }, calls);
  progress = await standIn('progress', progressInternalRoutes.deleteUserProgress, { deleted: 0 }, calls);
  content = await standIn('content', contentInternalRoutes.deleteUserData, { deleted: 0 }, calls);
  t = await createTestAuth({
    BILLING_URL: billing.url,
    PROGRESS_URL: progress.url,
    CONTENT_URL: content.url,
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([billing?.close(), progress?.close(), content?.close()]);
});
beforeEach(() => {
  calls.length = 0;
  billing.state.down = false;
  progress.state.down = false;
  content.state.down = false;
});

const deleteAccount = async (token: string, body: unknown) =>
  t.call('DELETE', '/users/profile', { body, headers: await t.asBearer(token) });
const userExists = async (id: string) =>
  (await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

let adminCounter = 0;
async function createAdmin() {
  adminCounter += 1;
  const account = { email: `admin${adminCounter}-${Date.now()}@test.example`, password: 'Admin-pass-1' };
  const row = await insertUser(t.db, {
    name: 'An Admin',
    email: account.email,
    passwordHash: await hashPassword(account.password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  const login = await t.call('POST', '/auth/login', { body: account });
  return { ...account, id: row.id, token: login.body.data.token as string };
}

describe('DELETE /users/profile', () => {
  it('answers 401 to an anonymous caller, and to a bearer token without the gateway assertion', async () => {
    const account = await t.register();
    expect((await t.call('DELETE', '/users/profile', { body: { password: account.password } })).status).toBe(
      401,
    );
    const res = await t.call('DELETE', '/users/profile', {
      body: { password: account.password },
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.status).toBe(401);
    expect(await userExists(account.user._id)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('refuses a wrong password with 400 on password, asks no peer and deletes nothing', async () => {
    const account = await t.register();
    const res = await deleteAccount(account.token, { password: 'Not-it-123' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'password', message: authMessages.passwordIncorrect }]);
    expect(calls).toEqual([]);
    expect(await userExists(account.user._id)).toBe(true);
    expect(await t.resolve(account.token)).not.toBeNull();
  });

  it('refuses a missing password (or no body at all) with 400 on password', async () => {
    const account = await t.register();
    for (const res of [
      await deleteAccount(account.token, {}),
      await t.call('DELETE', '/users/profile', { headers: await t.asBearer(account.token) }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: authMessages.passwordRequired }]);
    }
  });

  it('rate limits guessing the password like sign-ins', async () => {
    const account = await t.register();
    for (let i = 0; i < 5; i += 1)
      expect((await deleteAccount(account.token, { password: `Guess-${i}a` })).status).toBe(400);
    expect((await deleteAccount(account.token, { password: account.password })).status).toBe(429);
    expect(await userExists(account.user._id)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('ends the subscription, then the progress and the saved list, then removes the user, every session and link', async () => {
    const account = await t.register(); // registration left a verification link behind
    const other = (
      await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } })
    ).body.data.token as string;
    expect(await t.resolve(other)).not.toBeNull(); // cached now: deletion must drop the cache entry too
    const id = account.user._id as string;

    const res = await deleteAccount(account.token, { password: account.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: authMessages.accountDeleted });
    expect(calls).toEqual([
      `billing DELETE /internal/customers/${id}`,
      `progress DELETE /internal/progress/users/${id}`,
      `content DELETE /internal/users/${id}`,
    ]);

    expect(await userExists(id)).toBe(false);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('email_verifications').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect(await t.resolve(account.token)).toBeNull();
    expect(await t.resolve(other)).toBeNull();
    expect((await t.call('GET', '/auth/me', { headers: await t.asBearer(account.token) })).status).toBe(401);
    expect(
      (await t.call('POST', '/auth/login', { body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(401);
    // The e-mail is free again.
    expect(
      (
        await t.call('POST', '/auth/register', {
          body: { name: 'Back Again', email: account.email, password: 'Secret-pass-2' },
        })
      ).status,
    ).toBe(201);
  });

  it.each([
    ['billing', () => billing, []],
    ['progress', () => progress, ['billing']],
    ['content', () => content, ['billing', 'progress']],
  ] as const)('answers 503 and deletes nothing when %s cannot be reached', async (_name, peer, reached) => {
    const account = await t.register();
    peer().state.down = true;
    const res = await deleteAccount(account.token, { password: account.password });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(authMessages.accountDeletionUnavailable);
    expect(calls.map((call) => call.split(' ')[0])).toEqual(reached);
    expect(await userExists(account.user._id)).toBe(true);
    expect(await t.resolve(account.token)).not.toBeNull();
    expect((await t.call('GET', '/auth/me', { headers: await t.asBearer(account.token) })).status).toBe(200);
  });

  it('refuses to delete the last remaining admin with 409, and allows it while another admin exists', async () => {
    const first = await createAdmin();
    const alone = await deleteAccount(first.token, { password: first.password });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(authMessages.lastAdmin);
    expect(calls).toEqual([]);
    expect(await userExists(first.id)).toBe(true);

    const second = await createAdmin();
    expect((await deleteAccount(first.token, { password: first.password })).status).toBe(200);
    expect(await userExists(first.id)).toBe(false);
    expect((await deleteAccount(second.token, { password: second.password })).status).toBe(409);
    expect(await userExists(second.id)).toBe(true);
  });
});
