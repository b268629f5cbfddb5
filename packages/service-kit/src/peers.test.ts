import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { billingInternalRoutes, platformRoutes } from '@catalyst/contracts';
import { createService } from './app';
import { createEntitlements } from './entitlements';
import { HttpError } from './errors';
import { createInvalidations } from './invalidations';
import { MemoryCache, type Cache } from './cache';
import { createPeer } from './peers';
import { TEST_INTERNAL_SECRET, createPeerStandIn, testLog, until } from './testing';

const user = { id: 'a'.repeat(24), role: 'user' as const, email: 'a@test.example', name: 'Ann' };
const admin = { ...user, id: 'b'.repeat(24), role: 'admin' as const };

describe('createPeer', async () => {
  const billing = await createPeerStandIn();
  let answer: 'plan' | 'none' | 'unknown' | 'broken' = 'plan';
  billing.answer(billingInternalRoutes.entitlement, ({ params }) => {
    if (answer === 'unknown') throw new HttpError(404, 'No such user');
    if (answer === 'broken') throw new Error('boom');
    return {
      entitled: answer === 'plan' && params.userId === user.id,
      plan: answer === 'plan' ? ('premium' as const) : null,
      status: answer === 'plan' ? ('active' as const) : ('free' as const),
    };
  });
  afterAll(() => billing.close());
  const peer = createPeer({ baseUrl: billing.baseUrl, secret: TEST_INTERNAL_SECRET, timeoutMs: 500 });

  it('calls a declared route with the shared secret and answers its data', async () => {
    answer = 'plan';
    await expect(
      peer.call(billingInternalRoutes.entitlement, { params: { userId: user.id } }, { requestId: 'r1' }),
    ).resolves.toEqual({ entitled: true, plan: 'premium', status: 'active' });
    expect(billing.calls.at(-1)).toBe(`GET /internal/entitlements/${user.id}`);
  });

  it("rethrows the peer's 4xx with its status and message, and turns a 5xx into a 503", async () => {
    answer = 'unknown';
    await expect(
      peer.call(billingInternalRoutes.entitlement, { params: { userId: user.id } }),
    ).rejects.toMatchObject({ status: 404, message: 'No such user' });
    answer = 'broken';
    await expect(
      peer.call(billingInternalRoutes.entitlement, { params: { userId: user.id } }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it('is refused by a peer without the shared secret', async () => {
    const stranger = createPeer({ baseUrl: billing.baseUrl, secret: 'not-the-secret' });
    await expect(stranger.call(billingInternalRoutes.subscriberCount)).rejects.toMatchObject({ status: 404 });
  });

  it('answers 503 when the peer cannot be reached, after one more try of an idempotent call', async () => {
    const gone = await createPeerStandIn();
    await gone.close();
    const down = createPeer({ baseUrl: gone.baseUrl, secret: TEST_INTERNAL_SECRET, timeoutMs: 200 });
    await expect(
      down.call(billingInternalRoutes.entitlement, { params: { userId: user.id } }),
    ).rejects.toMatchObject({ status: 503 });
  });

  describe('createEntitlements', () => {
    it("does not keep billing's answer to a question asked before a change was announced", async () => {
      let release: (() => void) | undefined;
      const answered = async () => {
        await until(() => release !== undefined);
        const go = release!;
        release = undefined;
        return go;
      };
      const slowBilling = createPeer({
        baseUrl: billing.baseUrl,
        secret: TEST_INTERNAL_SECRET,
        timeoutMs: 500,
      });
      const held = {
        ...slowBilling,
        call: (async (...args: Parameters<typeof slowBilling.call>) => {
          const result = await slowBilling.call(...args);
          await new Promise<void>((resolve) => (release = resolve));
          return result;
        }) as typeof slowBilling.call,
      };
      const entitlements = createEntitlements({ billing: held, cache: new MemoryCache(100) });
      answer = 'plan';
      const asking = entitlements.isEntitled(user);
      const first = await answered();
      // Billing has answered "a plan"; the plan ends and the change is announced before that answer arrives.
      answer = 'none';
      await entitlements.evict(user.id);
      first();
      expect(await asking).toBe(true);
      const next = entitlements.isEntitled(user);
      (await answered())();
      expect(await next).toBe(false);
    });

    it('asks billing once, caches the answer, and lets admins through without asking', async () => {
      answer = 'plan';
      const entitlements = createEntitlements({ billing: peer, cache: new MemoryCache(100) });
      const before = billing.calls.length;
      expect(await entitlements.isEntitled(user)).toBe(true);
      expect(await entitlements.isEntitled(user)).toBe(true);
      expect(await entitlements.isEntitled(admin)).toBe(true);
      expect(billing.calls.length - before).toBe(1);
      expect(await entitlements.mayOpen({ ...user, id: 'c'.repeat(24) }, { price: 0 })).toBe(true);
      expect(billing.calls.length - before).toBe(1);
    });

    it('knows at once what it kept in process, an admin always, and nothing it would have to ask', async () => {
      answer = 'plan';
      const entitlements = createEntitlements({ billing: peer, cache: new MemoryCache(100) });
      expect(entitlements.known(admin)).toBe(true);
      expect(entitlements.known(user)).toBeUndefined();
      expect(await entitlements.isEntitled(user)).toBe(true);
      expect(entitlements.known(user)).toBe(true);
      await entitlements.evict(user.id);
      expect(entitlements.known(user)).toBeUndefined();
      answer = 'none';
      expect(await entitlements.isEntitled(user)).toBe(false);
      expect(entitlements.known(user)).toBe(false);
      // A store outside the process (Redis: no peek) is asked, never known without waiting.
      const kept = new MemoryCache(100);
      const remote = { get: kept.get.bind(kept), set: kept.set.bind(kept), del: kept.del.bind(kept) };
      const shared = createEntitlements({ billing: peer, cache: remote as unknown as Cache });
      const before = billing.calls.length;
      expect(await shared.isEntitled(user)).toBe(false);
      expect(shared.known(user)).toBeUndefined();
      expect(await shared.isEntitled(user)).toBe(false);
      expect(billing.calls.length - before).toBe(1);
    });

    it("asks billing once for a user's concurrent questions, but not for one asked after a change was announced", async () => {
      answer = 'plan';
      const entitlements = createEntitlements({ billing: peer, cache: new MemoryCache(100) });
      const before = billing.calls.length;
      const together = await Promise.all([1, 2, 3, 4, 5].map(() => entitlements.isEntitled(user)));
      expect(together).toEqual([true, true, true, true, true]);
      expect(billing.calls.length - before).toBe(1);
      await entitlements.evict(user.id);
      const first = entitlements.isEntitled(user);
      await entitlements.evict(user.id);
      answer = 'none';
      expect(await entitlements.isEntitled(user)).toBe(false);
      await first;
      expect(billing.calls.length - before).toBe(3);
    });

    it('has one failure rule: billing not knowing the user is no plan; billing failing is a 503', async () => {
      const entitlements = createEntitlements({ billing: peer, cache: new MemoryCache(100) });
      answer = 'unknown';
      expect(await entitlements.isEntitled(user)).toBe(false);
      await entitlements.evict(user.id);
      answer = 'broken';
      await expect(entitlements.isEntitled(user)).rejects.toMatchObject({ status: 503 });
    });
  });
});

describe('createInvalidations', () => {
  it('delivers a message to this process at once and to a peer service over HTTP', async () => {
    const heard: Array<string | undefined> = [];
    const receiving = createInvalidations({});
    receiving.subscribe('entitlement', (key) => heard.push(key));
    const service = createService({
      name: 'peer',
      log: testLog,
      internalSecret: TEST_INTERNAL_SECRET,
      invalidations: receiving,
    });
    const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const local: Array<string | undefined> = [];
      const sending = createInvalidations({
        peers: [createPeer({ baseUrl, secret: TEST_INTERNAL_SECRET })],
        log: testLog,
      });
      sending.subscribe('entitlement', (key) => local.push(key));
      await sending.publish('entitlement', user.id);
      expect(local).toEqual([user.id]);
      expect(heard).toEqual([user.id]);
      // without the secret the route does not exist
      const res = await fetch(`${baseUrl}${platformRoutes.invalidate.path}`, {
        method: 'POST',
        body: JSON.stringify({ topic: 'entitlement', key: user.id }),
      });
      expect(res.status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps going when a peer is down (the TTL clears what it missed)', async () => {
    const gone = await createPeerStandIn();
    await gone.close();
    const sending = createInvalidations({
      peers: [createPeer({ baseUrl: gone.baseUrl, secret: TEST_INTERNAL_SECRET, timeoutMs: 200 })],
    });
    await expect(sending.publish('content')).resolves.toBeUndefined();
  });
});
