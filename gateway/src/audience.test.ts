import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_PURGE_CHANNEL, verifyIdentity, type Broadcast } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, testLog, until } from '@catalyst/service-kit/testing';
import { createAudienceGate } from './audience';
import type { Identity } from '@catalyst/contracts';
import { serveSessions, startWorld } from './testing/upstreams';

const LIST = '/api/v1/content/premium/products?limit=20';
const member: Identity = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  role: 'user',
  email: 'member@example.com',
  name: 'Member',
};
const learner: Identity = {
  id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  role: 'user',
  email: 'learner@example.com',
  name: 'Learner',
};
const tokens = { member: 'member-token-0123456789abcdef', learner: 'learner-token-0123456789abcdef' };

const send = (
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
) => {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
};

describe("the edge cache of the premium audience's answers (gateway in front of stand-ins)", () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  // Who billing says has a plan, and whether billing answers at all.
  const plans = new Set<string>();
  let billingDown = false;
  // While set, billing's answers wait here (worked out when asked) until the test sends them.
  let heldAnswers: Array<() => void> | undefined;
  // The same for content's answers to the premium list.
  let heldLists: Array<() => void> | undefined;
  let version = 1;
  // Redis pub/sub in process: what billing announces.
  const handlers = new Map<string, Array<(message: string) => void>>();
  const broadcast: Broadcast = {
    publish: async (channel, message) => handlers.get(channel)?.forEach((handler) => handler(message)),
    subscribe: (channel, handler) => void handlers.set(channel, [...(handlers.get(channel) ?? []), handler]),
    close: async () => undefined,
  };

  beforeAll(async () => {
    world = await startWorld({ IDENTITY_CACHE_SECONDS: '30', EDGE_CACHE_SECONDS: '30' }, { broadcast });
    serveSessions(
      world.auth,
      new Map([
        [tokens.member, member],
        [tokens.learner, learner],
      ]),
    );
    world.billing.handle((req, res) => {
      const userId = /^\/internal\/entitlements\/([0-9a-f]{24})$/.exec(req.url ?? '')?.[1];
      if (!userId) return false;
      const entitled = plans.has(userId);
      const answer = () =>
        billingDown
          ? send(res, 503, { success: false, message: 'down' })
          : send(res, 200, {
              success: true,
              data: { entitled, plan: entitled ? 'premium' : null, status: entitled ? 'active' : 'none' },
            });
      if (heldAnswers) heldAnswers.push(answer);
      else answer();
      return true;
    });
    // Content's premium rule, as service-kit's mountRoutes answers a `cache: 'premium'` route.
    world.content.handle((req, res) => {
      if (req.method !== 'GET') {
        version++;
        send(res, 200, { success: true, data: null });
        return true;
      }
      const caller = verifyIdentity(
        req.headers['x-catalyst-identity'] as string | undefined,
        TEST_INTERNAL_SECRET,
      );
      const answer = () =>
        !caller || !plans.has(caller.id)
          ? send(res, 403, { success: false, message: 'Active subscription required to access this content' })
          : send(
              res,
              200,
              { success: true, data: { items: [{ title: 'Premium thing', version }] } },
              { 'cache-control': 'no-store', 'x-catalyst-audience': 'premium; max-age=30' },
            );
      if (heldLists) heldLists.push(answer);
      else answer();
      return true;
    });
  });
  afterAll(() => world.close());
  beforeEach(async () => {
    plans.clear();
    plans.add(member.id);
    billingDown = false;
    heldAnswers = undefined;
    heldLists = undefined;
    // Forget what the last test kept: a write to content purges its entries.
    await fetch(`${world.gateway.url}/api/v1/admin/products/x`, { method: 'DELETE' });
    for (const user of [member, learner])
      await broadcast.publish(CACHE_PURGE_CHANNEL, `entitlement:${user.id}`);
  });

  const list = (token: string) =>
    fetch(`${world.gateway.url}${LIST}`, { headers: { authorization: `Bearer ${token}` } });
  const contentCalls = () =>
    world.content.seen.filter((r) => r.url.startsWith('/content/premium/products')).length;

  it("gives a member's answer to the next member without asking content, and never shows the service's audience header", async () => {
    plans.add(learner.id);
    const first = await list(tokens.member);
    expect([first.status, first.headers.get('x-cache')]).toEqual([200, 'MISS']);
    const body = await first.text();
    const calls = contentCalls();
    const second = await list(tokens.learner);
    expect([second.status, second.headers.get('x-cache'), await second.text()]).toEqual([200, 'HIT', body]);
    expect(contentCalls()).toBe(calls);
    for (const answer of [first, second]) {
      expect(answer.headers.get('x-catalyst-audience')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('vary')).toBe('Origin, Accept-Encoding');
    }
  });

  it('never gives it to a caller billing finds without a plan, nor to an anonymous one: content decides for them', async () => {
    expect((await list(tokens.member)).status).toBe(200);
    const calls = contentCalls();
    const refused = await list(tokens.learner);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      message: 'Active subscription required to access this content',
    });
    const anonymous = await fetch(`${world.gateway.url}${LIST}`);
    expect(anonymous.status).toBe(403);
    expect(contentCalls()).toBe(calls + 2);
  });

  it("forgets a member's plan when billing announces a change, and asks content again", async () => {
    expect((await list(tokens.member)).status).toBe(200);
    expect((await list(tokens.member)).headers.get('x-cache')).toBe('HIT');
    plans.delete(member.id);
    await broadcast.publish(CACHE_PURGE_CHANNEL, `entitlement:${member.id}`);
    expect((await list(tokens.member)).status).toBe(403);
  });

  it("forgets every plan it knew once billing accepts a write (a cancellation, a payment provider's event), before the writer hears back", async () => {
    expect((await list(tokens.member)).status).toBe(200);
    expect((await list(tokens.member)).headers.get('x-cache')).toBe('HIT');
    // The provider tells billing the plan ended (no announcement reaches this gateway: no Redis).
    plans.delete(member.id);
    expect(
      (await fetch(`${world.gateway.url}/api/v1/webhooks/stripe`, { method: 'POST', body: '{}' })).status,
    ).toBe(200);
    expect((await list(tokens.member)).status).toBe(403);
  });

  it("does not keep billing's answer to a question asked before a write billing accepted", async () => {
    expect((await list(tokens.member)).status).toBe(200);
    await broadcast.publish(CACHE_PURGE_CHANNEL, `entitlement:${member.id}`);
    heldAnswers = [];
    const asking = list(tokens.member);
    await until(() => heldAnswers!.length > 0);
    // Billing said "a plan"; before that answer arrives, the provider ends the plan through billing.
    plans.delete(member.id);
    expect(
      (await fetch(`${world.gateway.url}/api/v1/webhooks/stripe`, { method: 'POST', body: '{}' })).status,
    ).toBe(200);
    const [answer] = heldAnswers;
    heldAnswers = undefined;
    answer!();
    await asking;
    expect((await list(tokens.member)).status).toBe(403);
  });

  it('admits at once (no promise to wait on) a caller whose plan billing gave it, until it forgets the plan', async () => {
    const gate = createAudienceGate({
      billingUrl: world.billing.url,
      internalSecret: TEST_INTERNAL_SECRET,
      timeoutMs: 1_000,
      ttlSeconds: 30,
      log: testLog,
    })!;
    const asked = gate.admits('premium', member);
    expect(asked).toBeInstanceOf(Promise);
    expect(await asked).toBe(true);
    expect(gate.admits('premium', member)).toBe(true);
    expect(gate.admits('premium', { ...learner, role: 'admin' })).toBe(true);
    gate.forgetAll();
    expect(gate.admits('premium', member)).toBeInstanceOf(Promise);
  });

  it('drops the kept answer when content is written to, and goes to content while billing cannot answer', async () => {
    expect((await list(tokens.member)).status).toBe(200);
    expect(
      await (
        await fetch(`${world.gateway.url}/api/v1/admin/products/x`, { method: 'DELETE' })
      ).status,
    ).toBe(200);
    const fresh = await list(tokens.member);
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    expect(
      ((await fresh.json()) as { data: { items: Array<{ version: number }> } }).data.items[0]!.version,
    ).toBe(version);

    await broadcast.publish(CACHE_PURGE_CHANNEL, `entitlement:${member.id}`);
    billingDown = true;
    const calls = contentCalls();
    const answer = await list(tokens.member);
    expect([answer.status, answer.headers.get('x-cache')]).toEqual([200, 'MISS']);
    expect(contentCalls()).toBe(calls + 1);
  });

  /** The first of `followers` + 1 members' asks reaches content and is held there; the others ask meanwhile. */
  const askTogether = async (followers: number) => {
    heldLists = [];
    const calls = contentCalls();
    const first = list(tokens.member);
    await until(() => heldLists!.length === 1);
    const others = Array.from({ length: followers }, () => list(tokens.member));
    // Time for the others to reach the gateway: asking content themselves, they would be held there too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { calls, first, others };
  };

  it('has the members who ask while nothing is kept wait for the one answer on its way, not ask content each', async () => {
    const { calls, first, others } = await askTogether(7);
    expect(heldLists).toHaveLength(1);
    const held = heldLists!;
    heldLists = undefined;
    held.forEach((answer) => answer());
    const answers = await Promise.all([first, ...others]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.map((answer) => answer.headers.get('x-cache'))).toEqual(['MISS', ...Array(7).fill('HIT')]);
    expect(new Set(bodies).size).toBe(1);
    expect(contentCalls()).toBe(calls + 1);
  });

  it('sends the waiting members to content when the answer they waited for is not kept (content written meanwhile)', async () => {
    const { calls, first, others } = await askTogether(3);
    expect((await fetch(`${world.gateway.url}/api/v1/admin/products/x`, { method: 'DELETE' })).status).toBe(
      200,
    );
    const held = heldLists!;
    heldLists = undefined;
    held.forEach((answer) => answer());
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => [answer.status, answer.headers.get('x-cache')])).toEqual(
      Array(4).fill([200, 'MISS']),
    );
    // The three asked content themselves, after the write: their answers name the new version.
    const versions = await Promise.all(
      others.map(
        async (answer) =>
          ((await (await answer).json()) as { data: { items: Array<{ version: number }> } }).data.items[0]!
            .version,
      ),
    );
    expect(versions).toEqual([version, version, version]);
    expect(contentCalls()).toBe(calls + 4);
  });
});
