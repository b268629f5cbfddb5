import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, type Identity } from '@catalyst/contracts';
import { verifyIdentity } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { hashPassword } from '../../services/auth/src/passwords';
import { createTestAuth, type TestAuth } from '../../services/auth/src/test-support';
import { insertUser } from '../../services/auth/src/users/users.repository';
import { closeServer, echoOf, sendJson, startGateway, startStandIn, type StandIn } from './testing/upstreams';

const PER_MINUTE = 5;
const TEAM = {
  id: 'team-one',
  name: 'Northwind',
  role: 'owner',
  seats: 5,
  seatsUsed: 2,
  interval: 'month',
  status: 'active',
  renewsAt: null,
  ownerName: 'Olive Owner',
};

let auth: TestAuth;
let authServer: Server;
let content: StandIn;
let billing: StandIn;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let adminSession: string;

/** The real auth service (real Postgres) behind the real gateway; content and billing echo what reaches them. */
beforeAll(async () => {
  [content, billing] = await Promise.all([startStandIn('content'), startStandIn('billing')]);
  // Auth asks billing whether the caller owns the team (`GET /teams/mine`): the owner of team-one.
  billing.handle((req, res) => {
    if (req.url !== '/teams/mine') return false;
    sendJson(res, 200, { success: true, data: { team: TEAM } });
    return true;
  });
  auth = await createTestAuth({ BILLING_URL: billing.url });
  authServer = await new Promise<Server>((resolve) => {
    const server = serve({ fetch: auth.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server as Server),
    ) as Server;
  });
  gateway = await startGateway({
    AUTH_URL: `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`,
    CONTENT_URL: content.url,
    BILLING_URL: billing.url,
    PROGRESS_URL: billing.url,
    API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE),
    IDENTITY_CACHE_SECONDS: '30',
  });
  const account = { email: `gateway-keys-${Date.now()}@test.example`, password: 'Admin-pass-1' };
  await insertUser(auth.db, {
    name: 'Ada Admin',
    email: account.email,
    passwordHash: await hashPassword(account.password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  adminSession = (await (await call('POST', '/auth/login', undefined, account)).json()).data.token;
});
afterAll(async () => {
  await gateway?.close();
  if (authServer) await closeServer(authServer);
  await auth?.close();
  await Promise.all([content?.close(), billing?.close()]);
});

function call(method: string, path: string, bearer?: string, body?: unknown) {
  return fetch(`${gateway.url}/api/v1${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function makeKey(scopes: string[], session = adminSession, path = '/admin/api-keys') {
  const res = await call('POST', path, session, { name: 'Integration', scopes });
  expect(res.status).toBe(201);
  const { data } = await res.json();
  return data as { key: { id: string }; secret: string };
}

const refusal = async (res: Response) => ({ status: res.status, body: await res.json() });

describe('API keys at the gateway', () => {
  it('opens the routes its scopes name, as its owner marked as a key, and refuses the others naming the scope', async () => {
    const { key, secret } = await makeKey(['catalog:read']);
    const echo = await echoOf(await call('GET', '/categories', secret));
    const identity = verifyIdentity(echo.headers['x-catalyst-identity'], TEST_INTERNAL_SECRET) as Identity;
    expect(identity).toMatchObject({ name: 'Ada Admin', apiKey: { id: key.id, scopes: ['catalog:read'] } });
    // The key itself never reaches the service.
    expect(echo.headers.authorization).toBeUndefined();

    expect(await refusal(await call('GET', '/teams/team-one', secret))).toEqual({
      status: 403,
      body: { success: false, message: 'This API key lacks the scope this route needs: members:read' },
    });
    for (const [method, path] of [
      ['GET', '/auth/me'],
      ['POST', '/admin/api-keys'],
      ['GET', '/content/progress/stats'],
    ] as const)
      expect(await refusal(await call(method, path, secret))).toEqual({
        status: 403,
        body: { success: false, message: apiKeyMessages.routeClosed },
      });
  });

  it('refuses an unknown or expired key with 401, never serving it as a visitor', async () => {
    const unknown = await call('GET', '/categories', `cat_live_${'x'.repeat(43)}`);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer');
    expect(await refusal(unknown)).toEqual({
      status: 401,
      body: { success: false, message: apiKeyMessages.invalid },
    });

    const { key, secret } = await makeKey(['catalog:read']);
    await auth.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', key.id)
      .execute();
    expect((await call('GET', '/categories', secret)).status).toBe(401);
  });

  it('stops a revoked key at once, although its identity was cached', async () => {
    const { key, secret } = await makeKey(['catalog:read']);
    const seenBefore = content.seen.length;
    expect((await call('GET', '/categories', secret)).status).toBe(200);
    expect((await call('DELETE', `/admin/api-keys/${key.id}`, adminSession)).status).toBe(200);
    expect((await call('GET', '/categories', secret)).status).toBe(401);
    expect(content.seen.length).toBe(seenBefore + 1);
  });

  it("lets a team key reach its own team's routes only", async () => {
    const owner = await auth.register({ name: 'Olive Owner' });
    const { secret } = await makeKey(
      ['members:read', 'progress:read'],
      owner.token,
      '/teams/team-one/api-keys',
    );
    const echo = await echoOf(await call('GET', '/teams/team-one', secret));
    expect(echo).toMatchObject({ service: 'billing', path: '/teams/team-one' });
    expect((await call('GET', '/teams/team-one/learning', secret)).status).toBe(200);
    for (const path of ['/teams/team-two', '/teams/team-two/learning'])
      expect(await refusal(await call('GET', path, secret))).toEqual({
        status: 403,
        body: { success: false, message: apiKeyMessages.otherTeam },
      });
    expect((await call('GET', '/categories', secret)).status).toBe(403);
  });

  it('limits each key per minute with RateLimit headers, then a 429 with Retry-After', async () => {
    // The window is the clock's minute: start with at least 2 s of it left.
    await expect.poll(() => new Date().getSeconds(), { timeout: 2_500, interval: 100 }).toBeLessThan(58);
    const { secret } = await makeKey(['catalog:read']);
    for (let i = 1; i <= PER_MINUTE; i++) {
      const res = await call('GET', '/search?q=css', secret);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe(String(PER_MINUTE));
      expect(res.headers.get('ratelimit-remaining')).toBe(String(PER_MINUTE - i));
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    }
    const refused = await call('GET', '/search?q=css', secret);
    expect(refused.headers.get('retry-after')).toBe(refused.headers.get('ratelimit-reset'));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(await refusal(refused)).toEqual({
      status: 429,
      body: { success: false, message: apiKeyMessages.tooMany },
    });
    // Another key has its own count.
    expect((await call('GET', '/search?q=css', (await makeKey(['catalog:read'])).secret)).status).toBe(200);
  });
});
