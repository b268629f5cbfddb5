/**
 * Proven replicas: the product started as `REPLICAS=2 REDIS_URL=… npm start` does (two copies of every service,
 * of the media worker and of the gateway, the launcher's round-robin balancers in front, one embedded Postgres,
 * one redis-server of the test's own), and what must hold whichever copy a request reaches. Each check talks to
 * the two gateways by their own ports (runtime.json `replicas.gateway`), so "A" and "B" are really two processes.
 *
 * What makes each check fail when its shared piece is missing: REPLICAS_TEST_STOP_REDIS=true stops the Redis
 * once the product is up (every process falls back to its in-process cache and broadcasts stay in-process);
 * then the logout, password, edge-cache, rate-limit and live-stream checks fail (the webhook and progress
 * checks hold: their rule is in Postgres, see docs/architecture.md "Replicas").
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../packages/contracts/src/demo';
import { isFreeProduct } from '../packages/contracts/src/catalog-terms';
import { FaultRedis } from '../e2e/faults/lib/environment';
import { startProduct, type RunningProduct } from './lib/product';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const WEBINAR = 'scaling-postgres-webinar';

interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; data?: T; message?: string } | null;
}

/** A call through a gateway (under /api/v1), or `direct` to a service's own port. */
async function call<T = unknown>(
  base: string,
  method: string,
  route: string,
  {
    token,
    body,
    raw,
    headers = {},
    direct = false,
  }: {
    token?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    direct?: boolean;
  } = {},
): Promise<Answer<T>> {
  const res = await fetch(new URL(direct ? route : `/api/v1${route}`, base), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined || raw ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Answer<T>['body'] };
}

const data = <T>(answer: Answer<T>, what: string): T => {
  if (answer.status >= 300 || !answer.body?.success)
    throw new Error(`${what}: ${answer.status} ${answer.body?.message ?? ''}`);
  return answer.body.data as T;
};

async function signIn(base: string, email: string, password: string): Promise<string> {
  return data(
    await call<{ token: string }>(base, 'POST', '/auth/login', { body: { email, password } }),
    `sign-in of ${email}`,
  ).token;
}

/** An event stream opened through one gateway; `text` is everything it carried so far. */
function openStream(
  base: string,
  route: string,
  token: string,
): Promise<{ status: number; text: () => string; req: ClientRequest }> {
  const url = new URL(`/api/v1${route}`, base);
  return new Promise((resolve, reject) => {
    let text = '';
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0, text: () => text, req });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

// It starts a Redis and a product of its own: with REDIS_URL already set there is nothing to add to it.
describe.skipIf(!!process.env.REDIS_URL)('two replicas of everything, one Postgres, one Redis', () => {
  let dataDir: string;
  let redis: FaultRedis;
  let product: RunningProduct;
  let A: string;
  let B: string;

  beforeAll(async () => {
    if (!hasRedis)
      throw new Error(
        'redis-server is not installed: the replica test needs a real Redis (apt-get install redis-server)',
      );
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-replicas-'));
    // The embedded Postgres may run as another user (under root): it must be able to reach its folder.
    chmodSync(dataDir, 0o755);
    redis = await FaultRedis.start(path.join(dataDir, 'redis'));
    product = await startProduct({
      dataDir: path.join(dataDir, 'product'),
      env: { REPLICAS: '2', REDIS_URL: redis.url, SKIP_BUILD: 'true' },
      timeoutMs: 240_000,
    });
    const gateways = product.runtime.replicas?.gateway ?? [];
    expect(gateways).toHaveLength(2);
    [A, B] = gateways.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    if (process.env.REPLICAS_TEST_STOP_REDIS === 'true') await redis.stop();
  }, 300_000);

  afterAll(async () => {
    await product?.stop();
    await redis?.stop();
    // Once stop() returns nothing of the product writes any more (each child's whole process group is ended).
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }, 60_000);

  it('starts two copies of each service and of the gateway, and the balancer on PORT answers', async () => {
    for (const name of ['auth', 'content', 'progress', 'billing', 'media', 'community', 'gateway'])
      expect(product.runtime.replicas?.[name], name).toHaveLength(2);
    expect(Object.keys(product.runtime.pids ?? {})).toEqual(
      expect.arrayContaining([
        'auth-1',
        'auth-2',
        'gateway-1',
        'gateway-2',
        'media-worker-1',
        'media-worker-2',
      ]),
    );
    const health = await fetch(`${product.url}/api/v1/health`);
    expect(health.status).toBe(200);
  });

  it('a logout through gateway A is refused at once on gateway B', async () => {
    const token = await signIn(A, demoAccounts.member.email, demoAccounts.member.password);
    // Both gateways hold the identity in memory first.
    expect((await call(A, 'GET', '/auth/me', { token })).status).toBe(200);
    expect((await call(B, 'GET', '/auth/me', { token })).status).toBe(200);
    expect((await call(A, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(B, 'GET', '/auth/me', { token })).status).toBe(401);
    expect((await call(A, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  it('a password change ends the other sessions on both gateways, and keeps the one that made it', async () => {
    const { email, password } = demoAccounts.learner;
    const [mine, other] = [await signIn(A, email, password), await signIn(B, email, password)];
    for (const base of [A, B])
      for (const token of [mine, other])
        expect((await call(base, 'GET', '/auth/me', { token })).status).toBe(200);
    const newPassword = `Replica-pass-1${randomBytes(3).toString('hex')}`; // the 1: six hex characters can all be letters, and a password needs a digit
    const changed = await call(A, 'PUT', '/users/change-password', {
      token: mine,
      body: { currentPassword: password, newPassword, confirmPassword: newPassword },
    });
    expect(changed.status, changed.body?.message).toBe(200);
    expect((await call(B, 'GET', '/auth/me', { token: other })).status).toBe(401);
    expect((await call(A, 'GET', '/auth/me', { token: other })).status).toBe(401);
    expect((await call(B, 'GET', '/auth/me', { token: mine })).status).toBe(200);
  });

  it("an admin write through gateway A purges both gateways' edge caches", async () => {
    const admin = await signIn(A, demoAccounts.admin.email, demoAccounts.admin.password);
    const listed = (base: string) =>
      call<{ items: Array<{ _id: string; name: string }> }>(base, 'GET', '/categories');
    // Both gateways have the list in their edge cache (a second read is a hit).
    for (const base of [A, B]) for (let i = 0; i < 2; i++) data(await listed(base), 'categories');
    const category = data(
      await call<Record<string, unknown> & { _id: string; name: string }>(
        A,
        'GET',
        `/admin/categories/${data(await listed(A), 'categories').items[0]!._id}`,
        { token: admin },
      ),
      'category',
    );
    const name = `Renamed ${randomBytes(3).toString('hex')}`;
    const {
      name: _old,
      _id,
      productCount: _n,
      createdAt: _c,
      updatedAt: _u,
      ...rest
    } = category as Record<string, unknown>;
    const written = await call(A, 'PUT', `/admin/categories/${_id}`, {
      token: admin,
      body: { ...rest, name },
    });
    expect(written.status, written.body?.message).toBe(200);
    for (const base of [A, B]) {
      const after = data(await listed(base), 'categories after the write');
      expect(after.items.find((c) => c._id === _id)?.name, base === A ? 'gateway A' : 'gateway B').toBe(name);
    }
  });

  it('sign-in failures are counted across both gateways and both auth copies', async () => {
    const email = `nobody-${randomBytes(3).toString('hex')}@catalyst.example`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await call(i % 2 ? B : A, 'POST', '/auth/login', { body: { email, password: 'Wrong-pass-1' } }))
          .status,
      );
    // 5 failures of one e-mail from one address are allowed (LOGIN_MAX_FAILURES_PER_EMAIL), the 6th is refused wherever it lands.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a payment event delivered to both billing copies at once is applied once', async () => {
    const secret = readFileSync(path.join(product.dataDir, 'secrets', 'webhook-secret.txt'), 'utf8').trim();
    const payload = JSON.stringify({
      id: `evt_replicas_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      api_version: '2025-01-01',
      data: { object: { id: `cus_${randomBytes(6).toString('hex')}`, object: 'customer' } },
    });
    const signature = new Stripe('sk_test_replicas').webhooks.generateTestHeaderString({ payload, secret });
    const billing = product.runtime.replicas!.billing!;
    const answers = await Promise.all(
      billing.map((port) =>
        call<{ duplicate: boolean }>(`http://127.0.0.1:${port}`, 'POST', '/webhooks/stripe', {
          raw: payload,
          headers: { 'stripe-signature': signature },
          direct: true,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body?.data?.duplicate).sort()).toEqual([false, true]);
    // And once more through each gateway (the balancer picks the copy): still a duplicate.
    for (const base of [A, B])
      expect(
        (
          await call<{ duplicate: boolean }>(base, 'POST', '/webhooks/stripe', {
            raw: payload,
            headers: { 'stripe-signature': signature },
          })
        ).body?.data?.duplicate,
      ).toBe(true);
  });

  it("one learner's progress saves spread over both gateways keep the newest", async () => {
    const token = await signIn(B, demoAccounts.member.email, demoAccounts.member.password);
    const product_ = data(
      await call<{ items: Array<{ _id: string; price: number | null }> }>(
        A,
        'GET',
        '/content/products?limit=20',
      ),
      'products',
    ).items.find((p) => !isFreeProduct(p as never))!;
    const base = Date.now();
    // Sent out of order: the newest (clientTime) first, older ones after it, alternating gateways.
    const order = [5, 2, 4, 1, 3];
    for (const [i, n] of order.entries()) {
      const saved = await call<{ applied: boolean }>(
        i % 2 ? B : A,
        'PATCH',
        `/content/progress/product/${product_._id}`,
        { token, body: { progress: n * 10, lastPosition: n * 6, clientTime: base + n * 1_000 } },
      );
      expect(saved.status, saved.body?.message).toBe(200);
      // Only the first (the newest) is applied; every later, older save is answered applied: false.
      expect(saved.body?.data?.applied, `save ${n}`).toBe(i === 0);
    }
    for (const gateway of [A, B]) {
      // The position is the newest save's (the percentage shown is derived from it and the duration); every
      // position is inside the video, as a save past its end would stop at the end.
      const stored = data(
        await call<{ lastPosition: number }>(gateway, 'GET', `/content/progress/product/${product_._id}`, {
          token,
        }),
        'progress',
      );
      expect(stored.lastPosition).toBe(30);
    }
  });

  it('a live question asked through gateway A reaches event streams opened through gateway A and gateway B', async () => {
    const [admin, member] = [
      await signIn(A, demoAccounts.admin.email, demoAccounts.admin.password),
      await signIn(A, demoAccounts.member.email, demoAccounts.member.password),
    ];
    const webinar = data(await call<{ _id: string }>(A, 'GET', `/content/products/${WEBINAR}`), 'webinar');
    data(
      await call(A, 'PUT', `/admin/community/live/${webinar._id}`, {
        token: admin,
        body: {
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          durationMinutes: 120,
          joinUrl: 'https://meet.example.com/replicas',
        },
      }),
      'schedule',
    );
    // Two streams through each gateway: the community balancer spreads them over both community copies.
    const streams = [];
    for (const base of [A, B, A, B])
      streams.push(await openStream(base, `/community/live/${webinar._id}/events`, member));
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      const question = `Does it scale out? ${randomBytes(4).toString('hex')}`;
      expect(
        (
          await call(A, 'POST', `/community/live/${webinar._id}/questions`, {
            token: member,
            body: { body: question },
          })
        ).status,
      ).toBe(201);
      const arrived = await Promise.all(
        streams.map((s) => eventually(() => s.text().includes(question), 3_000)),
      );
      expect(arrived).toEqual([true, true, true, true]);
    } finally {
      for (const s of streams) s.req.destroy();
    }
  });

  it('stopping the launcher ends every process it started before the launcher itself exits', async () => {
    const { pids = {} } = JSON.parse(
      readFileSync(path.join(product.dataDir, 'runtime.json'), 'utf8'),
    ) as RunningProduct['runtime'];
    expect(Object.keys(pids).length).toBeGreaterThan(10);
    await product.stop();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(
      Object.entries(pids)
        .filter(([, pid]) => alive(pid))
        .map(([name]) => name),
    ).toEqual([]);
  }, 60_000);
});
