import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHE_PURGE_CHANNEL, createInvalidations, type Broadcast } from '@catalyst/service-kit';
import { testLog } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import type { UserRow } from '../db/tables/user';
import { ensureFirstAdmin } from '../setup';
import { createTestAuth, lastLinkTo, tokenOf, type TestAuth } from '../test-support';
import { createUserMemo } from './user-memo';
import { insertUser, updateProfile } from './users.repository';

let t: TestAuth;
beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => t?.close());

/** Signs in a fresh account; its identity headers stay valid as a gateway's cached assertion would. */
async function signedIn() {
  const account = await t.register();
  const headers = await t.asBearer(account.token);
  const me = async () => t.call('GET', '/auth/me', { headers });
  expect((await me()).status).toBe(200); // the memo holds the user from here on
  return { ...account, id: account.user._id as string, headers, me };
}

describe('GET /auth/me answers from the user memo', () => {
  it('serves a remembered user without asking Postgres again (a row removed behind its back is still shown within the TTL)', async () => {
    const account = await signedIn();
    await t.db.deleteFrom('sessions').where('user_id', '=', account.id).execute();
    await t.db.deleteFrom('email_verifications').where('user_id', '=', account.id).execute();
    await t.db.deleteFrom('users').where('id', '=', account.id).execute(); // no auth code path: nothing forgets it
    expect((await account.me()).body.data.user).toMatchObject({ _id: account.id, email: account.email });
  });

  it('sees a write made outside auth once the TTL has passed', async () => {
    const short = await createTestAuth({ USER_CACHE_TTL_MS: '150' });
    try {
      const account = await short.register();
      const headers = await short.asBearer(account.token);
      expect((await short.call('GET', '/auth/me', { headers })).body.data.user.name).toBe('Test Person');
      await short.db
        .updateTable('users')
        .set({ name: 'Renamed Elsewhere' })
        .where('id', '=', account.user._id)
        .execute();
      await expect
        .poll(async () => (await short.call('GET', '/auth/me', { headers })).body.data.user.name, {
          timeout: 2_000,
        })
        .toBe('Renamed Elsewhere');
    } finally {
      await short.close();
    }
  });

  it('shows a profile update on the very next call', async () => {
    const account = await signedIn();
    const newEmail = `memo-${Date.now()}@test.example`;
    expect(
      (
        await t.call('PUT', '/users/profile', {
          body: { name: 'Memo Renamed', email: newEmail, currentPassword: account.password },
          headers: account.headers,
        })
      ).status,
    ).toBe(200);
    expect((await account.me()).body.data.user).toMatchObject({
      name: 'Memo Renamed',
      email: newEmail,
      emailVerified: false,
    });
  });

  it('shows a verified e-mail on the very next call', async () => {
    const account = await signedIn();
    expect((await account.me()).body.data.user.emailVerified).toBe(false);
    const verify = await t.call(
      'GET',
      `/auth/verify-email?token=${encodeURIComponent(tokenOf(lastLinkTo(t.mailer, account.email)!))}`,
    );
    expect(verify.status).toBe(200);
    expect((await account.me()).body.data.user.emailVerified).toBe(true);
  });

  it('shows a promotion to admin (ADMIN_EMAIL at start) on the very next call', async () => {
    const account = await signedIn();
    expect((await account.me()).body.data.user.role).toBe('user');
    await ensureFirstAdmin(
      t.db,
      { email: account.email, password: 'Ignored-pass-1', name: 'x' },
      testLog,
      t.deps.users,
    );
    expect((await account.me()).body.data.user.role).toBe('admin');
  });

  it('answers 401 on the very next call after the account is deleted, even with a still-valid assertion', async () => {
    const account = await signedIn();
    const billing = { call: vi.fn(async () => undefined) };
    const progress = { call: vi.fn(async () => undefined) };
    const content = { call: vi.fn(async () => undefined) };
    const peers = t.deps.peers as unknown as Record<string, unknown>;
    const saved = { billing: peers.billing, progress: peers.progress, content: peers.content };
    Object.assign(peers, { billing, progress, content });
    try {
      const res = await t.call('DELETE', '/users/profile', {
        body: { password: account.password },
        headers: account.headers,
      });
      expect(res.status).toBe(200);
    } finally {
      Object.assign(peers, saved);
    }
    const me = await account.me();
    expect(me.status).toBe(401);
    expect(me.body.success).toBe(false);
  });

  it('forgets the user on a password change and on the sign-in rehash of an old hash', async () => {
    const forget = vi.spyOn(t.deps.users, 'forget');
    try {
      const account = await signedIn();
      const res = await t.call('PUT', '/users/change-password', {
        body: {
          currentPassword: account.password,
          newPassword: 'Newer-pass-2',
          confirmPassword: 'Newer-pass-2',
        },
        headers: account.headers,
      });
      expect(res.status).toBe(200);
      expect(forget).toHaveBeenCalledWith(account.id);

      forget.mockClear();
      const email = `rehash-${Date.now()}@test.example`;
      const weak = await argon2.hash('Weak-pass-1', {
        type: argon2.argon2id,
        memoryCost: 4_096,
        timeCost: 1,
        parallelism: 1,
      });
      const row = await insertUser(t.db, { name: 'Old Hash', email, passwordHash: weak });
      expect((await t.call('POST', '/auth/login', { body: { email, password: 'Weak-pass-1' } })).status).toBe(
        200,
      );
      expect(forget).toHaveBeenCalledWith(row.id);
    } finally {
      forget.mockRestore();
    }
  });
});

/** Pub/sub between memos in one process, as Redis would carry it between replicas. */
function broadcastHub() {
  const listeners: Array<{ channel: string; onMessage: (m: string) => void; onResync?: () => void }> = [];
  const member = (): Broadcast => ({
    publish: async (channel, message) =>
      listeners.filter((l) => l.channel === channel).forEach((l) => l.onMessage(message)),
    subscribe: (channel, onMessage, onResync) => void listeners.push({ channel, onMessage, onResync }),
    close: async () => undefined,
  });
  return { member, resync: () => listeners.forEach((l) => l.onResync?.()) };
}

describe('createUserMemo', () => {
  it('a write on one replica is forgotten by the others over the broadcast', async () => {
    const row = await insertUser(t.db, {
      name: 'Two Replicas',
      email: `replicas-${Date.now()}@test.example`,
      passwordHash: 'x',
    });
    const hub = broadcastHub();
    const a = createUserMemo({
      db: t.db,
      ttlMs: 60_000,
      invalidations: createInvalidations({ broadcast: hub.member() }),
    });
    const b = createUserMemo({
      db: t.db,
      ttlMs: 60_000,
      invalidations: createInvalidations({ broadcast: hub.member() }),
    });
    expect((await a.find(row.id))?.name).toBe('Two Replicas');
    expect((await b.find(row.id))?.name).toBe('Two Replicas');
    await updateProfile(t.db, row.id, { name: 'Renamed On A', email: row.email });
    await a.forget(row.id);
    expect((await b.find(row.id))?.name).toBe('Renamed On A');

    // A replica whose subscription restarted may have missed messages: it starts over.
    await updateProfile(t.db, row.id, { name: 'Missed Message', email: row.email });
    expect((await b.find(row.id))?.name).toBe('Renamed On A');
    hub.resync();
    expect((await b.find(row.id))?.name).toBe('Missed Message');
  });

  /** A stand-in database whose lookups the test answers by hand, counting them. */
  function manualDb() {
    const pending: Array<{ id: string; answer: (row: UserRow | undefined) => void }> = [];
    const where = (_column: string, _op: string, id: string) => ({
      executeTakeFirst: () =>
        new Promise<UserRow | undefined>((resolve) => pending.push({ id, answer: resolve })),
    });
    const db = { selectFrom: () => ({ selectAll: () => ({ where }) }) } as unknown as Kysely<Database>;
    return { db, pending };
  }
  const rowOf = (id: string, name: string): UserRow =>
    ({
      id,
      name,
      email: `${id}@test.example`,
      role: 'user',
      email_verified_at: null,
      created_at: new Date(0),
      updated_at: new Date(0),
      password_hash: 'x',
    }) as UserRow;

  it('does not keep an answer read before a forget (the write may have committed after that read)', async () => {
    const { db, pending } = manualDb();
    const memo = createUserMemo({ db, ttlMs: 60_000 });
    const before = memo.find('u1');
    await memo.forget('u1'); // a write committed while the read was on its way
    pending.shift()!.answer(rowOf('u1', 'Old Name'));
    expect((await before)?.name).toBe('Old Name'); // the caller that asked before the write may see it
    const after = memo.find('u1');
    expect(pending).toHaveLength(1); // the old answer was not kept: a new read
    pending.shift()!.answer(rowOf('u1', 'New Name'));
    expect((await after)?.name).toBe('New Name');
  });

  it('asks once for concurrent callers, never keeps an absence, and drops the least recently used when full', async () => {
    const { db, pending } = manualDb();
    const memo = createUserMemo({ db, ttlMs: 60_000, maxEntries: 2 });
    const together = [memo.find('a'), memo.find('a')];
    expect(pending).toHaveLength(1);
    pending.shift()!.answer(rowOf('a', 'A'));
    expect((await Promise.all(together)).map((u) => u?.name)).toEqual(['A', 'A']);

    const missing = memo.find('gone');
    pending.shift()!.answer(undefined);
    expect(await missing).toBeUndefined();
    const again = memo.find('gone');
    expect(pending).toHaveLength(1); // absences are asked again
    pending.shift()!.answer(undefined);
    await again;

    const b = memo.find('b');
    pending.shift()!.answer(rowOf('b', 'B'));
    await b;
    await memo.find('a'); // a is now the most recently used
    const c = memo.find('c');
    pending.shift()!.answer(rowOf('c', 'C'));
    await c;
    expect(pending).toHaveLength(0);
    expect((await memo.find('a'))?.name).toBe('A'); // kept
    const bAgain = memo.find('b'); // dropped when c came in
    expect(pending).toHaveLength(1);
    pending.shift()!.answer(rowOf('b', 'B'));
    await bAgain;
  });

  it('publishes the forgotten id on the one invalidation channel (topic user)', async () => {
    const published: string[] = [];
    const broadcast: Broadcast = {
      publish: async (channel, message) => void published.push(`${channel} ${message}`),
      subscribe: () => undefined,
      close: async () => undefined,
    };
    await createUserMemo({
      db: t.db,
      ttlMs: 1_000,
      invalidations: createInvalidations({ broadcast }),
    }).forget('abc');
    expect(published).toEqual([`${CACHE_PURGE_CHANNEL} user:abc`]);
  });
});
