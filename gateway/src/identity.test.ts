import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVICT_USER_HEADER, currentUserResponseSchema, type Identity } from '@catalyst/contracts';
import { MemoryCache, verifyIdentity, type Broadcast, type Cache } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, createTestCache, testLog, testUsers } from '@catalyst/service-kit/testing';
import { createIdentityResolver } from './identity';
import { echoOf, sendJson, serveSessions, startGateway, startStandIn, startWorld } from './testing/upstreams';

/** A signed identity assertion lives 60 s; the gateway reuses it until 30 s before it expires. */
const ASSERTION_TTL_SECONDS = 60;
const ASSERTION_RESERVE_SECONDS = 30;

const tokens = {
  learner: 'learner-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  learnerPhone: 'learner-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  admin: 'admin-token-cccccccccccccccccccccccccccccccccccccc',
};

const resolveCalls = (auth: { seen: Array<{ url: string }> }) =>
  auth.seen.filter((r) => r.url === '/internal/sessions/resolve').length;

describe('edge authentication', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  const sessions = new Map<string, Identity>();

  beforeAll(async () => {
    world = await startWorld({ IDENTITY_CACHE_SECONDS: '30' });
    serveSessions(world.auth, sessions);
  });
  afterAll(() => world.close());
  afterEach(() => {
    sessions.clear();
  });

  const call = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${world.gateway.url}${path}`, {
      ...init,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });

  it('resolves a bearer token once and forwards a signed identity the services accept', async () => {
    sessions.set(tokens.learner, testUsers.learner);
    const first = await echoOf(await call('/api/v1/content/premium/products', tokens.learner));
    expect(verifyIdentity(first.headers['x-catalyst-identity'], TEST_INTERNAL_SECRET)).toEqual(
      testUsers.learner,
    );
    const resolveRequest = world.auth.seen.find((r) => r.url === '/internal/sessions/resolve');
    expect(resolveRequest?.headers['x-catalyst-internal']).toBe(TEST_INTERNAL_SECRET);
    expect(JSON.parse(resolveRequest!.body.toString())).toEqual({ token: tokens.learner });

    const before = resolveCalls(world.auth);
    const second = await echoOf(await call('/api/v1/content/progress/stats', tokens.learner));
    expect(verifyIdentity(second.headers['x-catalyst-identity'], TEST_INTERNAL_SECRET)).toEqual(
      testUsers.learner,
    );
    expect(resolveCalls(world.auth)).toBe(before);
  });

  it('reuses one assertion per resolved identity while half its lifetime is left, and signs a changed identity anew', async () => {
    const token = 'reused-assertion-token-000000000000000000000000';
    sessions.set(token, testUsers.learner);
    const assertionOf = async () =>
      (await echoOf(await call('/api/v1/content/progress/stats', token))).headers[
        'x-catalyst-identity'
      ] as string;
    const first = await assertionOf();
    const { exp } = JSON.parse(Buffer.from(first.split('.')[0]!, 'base64url').toString()) as { exp: number };
    // Past the second it was signed in: an assertion signed anew would carry a later exp.
    await expect
      .poll(() => Math.floor(Date.now() / 1000), { timeout: 2_000, interval: 20 })
      .toBeGreaterThan(exp - ASSERTION_TTL_SECONDS);
    expect(await assertionOf()).toBe(first);
    expect(exp * 1000 - Date.now()).toBeGreaterThanOrEqual(ASSERTION_RESERVE_SECONDS * 1000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(ASSERTION_TTL_SECONDS * 1000);

    // The user renames themselves: the profile update evicts the user, the next request is resolved and signed again.
    sessions.set(token, { ...testUsers.learner, name: 'Renamed Learner' });
    serveSessions(world.auth, sessions, {
      '/users/profile': (_req, res) => (sendJson(res, 200, { success: true, data: null }), true),
    });
    try {
      expect(
        (
          await call('/api/v1/users/profile', token, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(200);
    } finally {
      serveSessions(world.auth, sessions);
    }
    const renamed = await assertionOf();
    expect(renamed).not.toBe(first);
    expect(verifyIdentity(renamed, TEST_INTERNAL_SECRET)?.name).toBe('Renamed Learner');
  });

  it('answers GET /auth/me from the identity it resolved, the same account auth would show, fresh after the user changes it', async () => {
    const token = 'me-from-identity-token-00000000000000000000000';
    const account = {
      ...testUsers.learner,
      emailVerified: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      locale: 'ar' as const,
    };
    sessions.set(token, account);
    const seen = world.auth.seen.length;
    const me = async () => {
      const response = await call('/api/v1/auth/me', token);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The Vary the compression step gives every JSON answer (a cache keeps the encodings apart).
      expect(response.headers.get('vary')).toBe('Origin, Accept-Encoding');
      return (await response.json()) as { success: boolean; data: unknown };
    };
    const first = await me();
    expect(first).toEqual({
      success: true,
      data: {
        user: {
          _id: account.id,
          name: account.name,
          email: account.email,
          role: 'user',
          emailVerified: true,
          createdAt: account.createdAt,
          locale: 'ar',
        },
      },
    });
    expect(currentUserResponseSchema.parse(first.data)).toEqual(first.data);
    expect(await me()).toEqual(first);
    // Auth was asked who the token is, once; /auth/me itself never reached it.
    expect(world.auth.seen.slice(seen).map((r) => r.url)).toEqual(['/internal/sessions/resolve']);

    // The user renames themselves: the update evicts the user, and the next /auth/me shows the new name.
    sessions.set(token, { ...account, name: 'Renamed Learner' });
    serveSessions(world.auth, sessions, {
      '/users/profile': (_req, res) => (sendJson(res, 200, { success: true, data: null }), true),
    });
    try {
      expect(
        (
          await call('/api/v1/users/profile', token, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(200);
    } finally {
      serveSessions(world.auth, sessions);
    }
    expect(((await me()).data as { user: { name: string } }).user.name).toBe('Renamed Learner');

    // An identity without createdAt (an auth older than this gateway) is not enough: auth answers.
    sessions.set(tokens.learnerPhone, testUsers.learner);
    expect((await echoOf(await call('/api/v1/auth/me', tokens.learnerPhone))).path).toBe('/auth/me');
  });

  it('strips a forged identity and internal secret from every client request', async () => {
    const forged = {
      'x-catalyst-identity': 'eyJpZCI6ImFkbWluIn0.forged',
      'x-catalyst-internal': TEST_INTERNAL_SECRET,
    };
    const anonymous = await echoOf(await call('/api/v1/admin/products', undefined, { headers: forged }));
    expect(anonymous.headers['x-catalyst-identity']).toBeUndefined();
    expect(anonymous.headers['x-catalyst-internal']).toBeUndefined();

    sessions.set(tokens.learner, testUsers.learner);
    const signedIn = await echoOf(await call('/api/v1/admin/products', tokens.learner, { headers: forged }));
    expect(verifyIdentity(signedIn.headers['x-catalyst-identity'], TEST_INTERNAL_SECRET)?.role).toBe('user');
    expect(signedIn.headers['x-catalyst-internal']).toBeUndefined();
  });

  it('sends the raw token to auth only', async () => {
    sessions.set(tokens.learner, testUsers.learner);
    expect((await echoOf(await call('/api/v1/auth/me', tokens.learner))).headers.authorization).toBe(
      `Bearer ${tokens.learner}`,
    );
    expect((await echoOf(await call('/api/v1/users/profile', tokens.learner))).headers.authorization).toBe(
      `Bearer ${tokens.learner}`,
    );
    for (const path of [
      '/api/v1/categories',
      '/api/v1/content/progress',
      '/api/v1/subscription/status',
      '/api/v1/users/premium/products/x',
    ]) {
      const echo = await echoOf(await call(path, tokens.learner));
      expect(echo.headers.authorization, path).toBeUndefined();
      expect(verifyIdentity(echo.headers['x-catalyst-identity'], TEST_INTERNAL_SECRET), path).toEqual(
        testUsers.learner,
      );
    }
  });

  it("forwards a route's own bearer token to its owner and asks auth nothing about it", async () => {
    // A session token too: on an `access: 'token'` route (SCIM) it is only the owner's to judge.
    sessions.set(tokens.learner, testUsers.learner);
    for (const token of ['a-team-scim-token-0123456789', tokens.learner]) {
      const before = resolveCalls(world.auth);
      const echo = await echoOf(await call('/api/v1/scim/v2/Users?count=1', token));
      expect(echo.service).toBe('billing');
      expect(echo.headers.authorization).toBe(`Bearer ${token}`);
      expect(echo.headers['x-catalyst-identity']).toBeUndefined();
      expect(resolveCalls(world.auth)).toBe(before);
    }
  });

  it('sends the client address as the gateway saw it, not as the client claims', async () => {
    const echo = await echoOf(
      await call('/api/v1/categories', undefined, {
        headers: { 'x-forwarded-for': '6.6.6.6', forwarded: 'for=6.6.6.6', 'x-real-ip': '6.6.6.6' },
      }),
    );
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echo.headers['x-real-ip']).toBe('127.0.0.1');
    expect(echo.headers.forwarded).toBeUndefined();
  });

  it('treats an invalid token as anonymous and lets the service decide', async () => {
    const response = await call('/api/v1/content/premium/products', 'not-a-session-token-0000000000000000');
    expect(response.status).toBe(200);
    const echo = await echoOf(response);
    expect(echo.headers['x-catalyst-identity']).toBeUndefined();
    expect(echo.headers.authorization).toBeUndefined();
  });

  it('forgets a token when logout succeeds', async () => {
    sessions.set(tokens.admin, testUsers.admin);
    await call('/api/v1/content/products', tokens.admin);
    const before = resolveCalls(world.auth);
    serveSessions(world.auth, sessions, {
      '/auth/logout': (_req, res) => {
        sessions.delete(tokens.admin);
        sendJson(res, 200, { success: true, data: null, message: 'Logged out' });
        return true;
      },
    });
    try {
      expect((await call('/api/v1/auth/logout', tokens.admin, { method: 'POST' })).status).toBe(200);
    } finally {
      serveSessions(world.auth, sessions);
    }
    const after = await echoOf(await call('/api/v1/admin/products', tokens.admin));
    expect(after.headers['x-catalyst-identity']).toBeUndefined();
    expect(resolveCalls(world.auth)).toBeGreaterThan(before);
  });

  it('keeps the cached identity when logout fails', async () => {
    sessions.set(tokens.admin, testUsers.admin);
    await call('/api/v1/content/products', tokens.admin);
    serveSessions(world.auth, sessions, {
      '/auth/logout': (_req, res) => {
        sendJson(res, 500, { success: false, message: 'An unexpected error occurred.' });
        return true;
      },
    });
    const before = resolveCalls(world.auth);
    try {
      expect((await call('/api/v1/auth/logout', tokens.admin, { method: 'POST' })).status).toBe(500);
    } finally {
      serveSessions(world.auth, sessions);
    }
    await call('/api/v1/content/products', tokens.admin);
    expect(resolveCalls(world.auth)).toBe(before);
  });

  it('forgets every session of the user a signed-out password reset names, and never passes the name on', async () => {
    const laptop = 'reset-laptop-token-0000000000000000000000000000';
    const admin = 'reset-admin-token-00000000000000000000000000000';
    sessions.set(laptop, testUsers.learner);
    sessions.set(admin, testUsers.admin);
    for (const token of [laptop, admin]) await call('/api/v1/categories', token);
    serveSessions(world.auth, sessions, {
      '/auth/reset-password': (_req, res) => {
        sessions.delete(laptop);
        res.setHeader(EVICT_USER_HEADER, testUsers.learner.id);
        sendJson(res, 200, { success: true, data: null, message: 'Password reset' });
        return true;
      },
    });
    let answer: Response;
    try {
      answer = await call('/api/v1/auth/reset-password', undefined, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'x'.repeat(43), password: 'Brand-new-pass-9' }),
      });
    } finally {
      serveSessions(world.auth, sessions);
    }
    expect(answer.status).toBe(200);
    expect(answer.headers.get(EVICT_USER_HEADER)).toBeNull();
    // No Redis here: the header alone made the gateway forget the laptop's session at once.
    const after = await echoOf(await call('/api/v1/admin/products', laptop));
    expect(after.headers['x-catalyst-identity']).toBeUndefined();
    const before = resolveCalls(world.auth);
    await call('/api/v1/categories', admin);
    expect(resolveCalls(world.auth), "another user's cached identity stays").toBe(before);
  });

  it('forgets every session of a user after a password change or profile update', async () => {
    for (const path of ['/users/change-password', '/users/profile']) {
      const laptop = `laptop-${path.slice(7)}-token-000000000000000000000000`;
      const phone = `phone-${path.slice(7)}-token-0000000000000000000000000`;
      const admin = `admin-${path.slice(7)}-token-0000000000000000000000000`;
      sessions.set(laptop, testUsers.learner);
      sessions.set(phone, testUsers.learner);
      sessions.set(admin, testUsers.admin);
      for (const token of [laptop, phone, admin]) await call('/api/v1/categories', token);
      const before = resolveCalls(world.auth);
      serveSessions(world.auth, sessions, {
        [path]: (_req, res) => {
          // The password change revokes the user's other sessions.
          sessions.delete(phone);
          sendJson(res, 200, { success: true, data: null, message: 'Password changed successfully!' });
          return true;
        },
      });
      try {
        const response = await call(`/api/v1${path}`, laptop, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(response.status, path).toBe(200);
        expect((await response.json()).message).toBe('Password changed successfully!');
      } finally {
        serveSessions(world.auth, sessions);
      }
      const other = await echoOf(await call('/api/v1/categories', phone));
      expect(other.headers['x-catalyst-identity'], path).toBeUndefined();
      // Another user's cached session is untouched: only the phone token was asked again.
      await call('/api/v1/categories', admin);
      expect(resolveCalls(world.auth), path).toBe(before + 1);
    }
  });

  it('forgets every cached session of a user whose account is deleted', async () => {
    const laptop = 'laptop-deleted-account-token-00000000000000000000';
    const phone = 'phone-deleted-account-token-000000000000000000000';
    const admin = 'admin-deleted-account-token-000000000000000000000';
    const leaver = { ...testUsers.learner, id: 'eeeeeeeeeeeeeeeeeeeeee01' };
    sessions.set(laptop, leaver);
    sessions.set(phone, leaver);
    sessions.set(admin, testUsers.admin);
    for (const token of [laptop, phone, admin]) await call('/api/v1/categories', token);
    const before = resolveCalls(world.auth);
    serveSessions(world.auth, sessions, {
      '/users/profile': (req, res) => {
        if (req.method !== 'DELETE') return false;
        // The account and all of its sessions are gone.
        sessions.delete(laptop);
        sessions.delete(phone);
        sendJson(res, 200, { success: true, data: null, message: 'Account deleted' });
        return true;
      },
    });
    try {
      const response = await call('/api/v1/users/profile', laptop, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: '{"password":"x"}',
      });
      expect(response.status).toBe(200);
      expect((await response.json()).message).toBe('Account deleted');
    } finally {
      serveSessions(world.auth, sessions);
    }
    for (const token of [laptop, phone])
      expect(
        (await echoOf(await call('/api/v1/categories', token))).headers['x-catalyst-identity'],
      ).toBeUndefined();
    await call('/api/v1/categories', admin);
    expect(resolveCalls(world.auth)).toBe(before + 2);
  });
});

describe('when auth cannot be reached', () => {
  it('refuses a request whose token cannot be resolved with 503, and serves anonymous ones', async () => {
    const auth = await startStandIn('auth');
    const deadAuth = auth.url;
    await auth.close();
    const content = await startStandIn('content');
    const gateway = await startGateway({ AUTH_URL: deadAuth, CONTENT_URL: content.url });
    try {
      const withToken = await fetch(`${gateway.url}/api/v1/content/products`, {
        headers: { authorization: `Bearer ${tokens.learner}` },
      });
      expect(withToken.status).toBe(503);
      expect(await withToken.json()).toEqual({
        success: false,
        message: 'Service temporarily unavailable. Please try again shortly.',
      });
      expect(content.seen).toHaveLength(0);
      const anonymous = await fetch(`${gateway.url}/api/v1/content/products`);
      expect(anonymous.status).toBe(200);
    } finally {
      await gateway.close();
      await content.close();
    }
  });

  it('answers 503 when auth fails with a server error rather than treating the caller as anonymous', async () => {
    const auth = await startStandIn('auth');
    auth.handle((_req, res) => {
      sendJson(res, 500, { success: false, message: 'An unexpected error occurred.' });
      return true;
    });
    const content = await startStandIn('content');
    const gateway = await startGateway({ AUTH_URL: auth.url, CONTENT_URL: content.url });
    try {
      expect(
        (
          await fetch(`${gateway.url}/api/v1/categories`, {
            headers: { authorization: `Bearer ${tokens.admin}` },
          })
        ).status,
      ).toBe(503);
    } finally {
      await gateway.close();
      await Promise.all([auth.close(), content.close()]);
    }
  });

  it('shares resolved identities through the shared cache when one is configured', async () => {
    const auth = await startStandIn('auth');
    const sessions = new Map<string, Identity>([[tokens.learner, testUsers.learner]]);
    serveSessions(auth, sessions);
    const content = await startStandIn('content');
    // Real Redis when REDIS_URL is set (CI runs the server tests that way); otherwise an in-process cache
    // that calls itself Redis, so both gateways use it as their shared layer.
    const shared: Cache = process.env.REDIS_URL
      ? createTestCache()
      : Object.assign(new MemoryCache(), { status: () => ({ kind: 'redis' as const, healthy: true }) });
    await expect.poll(() => shared.status().healthy, { timeout: 2_000, interval: 20 }).toBe(true);
    const redisLike = shared;
    // Redis pub/sub between the two, in process: what one publishes, both hear.
    const handlers = new Map<string, Array<(message: string) => void>>();
    const broadcast: Broadcast = {
      publish: async (channel, message) => handlers.get(channel)?.forEach((handler) => handler(message)),
      subscribe: (channel, handler) =>
        void handlers.set(channel, [...(handlers.get(channel) ?? []), handler]),
      close: async () => undefined,
    };
    const one = await startGateway(
      { AUTH_URL: auth.url, CONTENT_URL: content.url, IDENTITY_CACHE_SECONDS: '30' },
      { cache: redisLike, broadcast },
    );
    const two = await startGateway(
      { AUTH_URL: auth.url, CONTENT_URL: content.url, IDENTITY_CACHE_SECONDS: '30' },
      { cache: redisLike, broadcast },
    );
    try {
      await fetch(`${one.url}/api/v1/categories`, { headers: { authorization: `Bearer ${tokens.learner}` } });
      const echo = await echoOf(
        await fetch(`${two.url}/api/v1/categories`, {
          headers: { authorization: `Bearer ${tokens.learner}` },
        }),
      );
      expect(verifyIdentity(echo.headers['x-catalyst-identity'], TEST_INTERNAL_SECRET)).toEqual(
        testUsers.learner,
      );
      expect(resolveCalls(auth)).toBe(1);
      // A logout through one gateway is seen by the other's shared lookups.
      serveSessions(auth, sessions, {
        '/auth/logout': (_req, res) => {
          sessions.delete(tokens.learner);
          sendJson(res, 200, { success: true, data: null });
          return true;
        },
      });
      await fetch(`${one.url}/api/v1/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.learner}` },
      });
      expect(
        await shared.get(
          `identity:${(await import('node:crypto')).createHash('sha256').update(tokens.learner).digest('hex')}`,
        ),
      ).toBeUndefined();
      // …and the other gateway's in-process copy is forgotten at once (told over the broadcast), not after its 30 s:
      // the token is anonymous there now (no identity forwarded).
      expect(
        (
          await echoOf(
            await fetch(`${two.url}/api/v1/content/premium/products`, {
              headers: { authorization: `Bearer ${tokens.learner}` },
            }),
          )
        ).headers['x-catalyst-identity'],
      ).toBeUndefined();

      // A password change through one gateway ends the user's sessions held by the other.
      sessions.set(tokens.learnerPhone, testUsers.learner);
      for (const gateway of [one, two])
        await fetch(`${gateway.url}/api/v1/content/premium/products`, {
          headers: { authorization: `Bearer ${tokens.learnerPhone}` },
        });
      serveSessions(auth, sessions, {
        '/users/change-password': (_req, res) => {
          sessions.delete(tokens.learnerPhone);
          sendJson(res, 200, { success: true, data: { endedSessions: 1 } });
          return true;
        },
      });
      await fetch(`${one.url}/api/v1/users/change-password`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.learnerPhone}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(
        (
          await echoOf(
            await fetch(`${two.url}/api/v1/content/premium/products`, {
              headers: { authorization: `Bearer ${tokens.learnerPhone}` },
            }),
          )
        ).headers['x-catalyst-identity'],
      ).toBeUndefined();
    } finally {
      await Promise.all([one.close(), two.close(), auth.close(), content.close()]);
      await shared.close();
    }
  });
});

describe("the identity cache's answer at once (known)", () => {
  it('knows nothing before a token is resolved, then its identity (or null) without asking, until it is evicted', async () => {
    const auth = await startStandIn('auth');
    const sessions = new Map<string, Identity>([[tokens.learner, testUsers.learner]]);
    serveSessions(auth, sessions);
    const identity = createIdentityResolver({
      authUrl: auth.url,
      internalSecret: TEST_INTERNAL_SECRET,
      ttlSeconds: 30,
      timeoutMs: 1_000,
      log: testLog,
    });
    try {
      expect(identity.known!('not a token')).toBeNull();
      expect(identity.known!(tokens.learner)).toBeUndefined();
      expect(await identity.resolve(tokens.learner)).toEqual(testUsers.learner);
      expect(await identity.resolve(tokens.admin)).toBeNull();
      const asked = resolveCalls(auth);
      expect(identity.known!(tokens.learner)).toEqual(testUsers.learner);
      expect(identity.known!(tokens.admin)).toBeNull();
      expect(resolveCalls(auth)).toBe(asked);
      await identity.evictToken(tokens.learner);
      expect(identity.known!(tokens.learner)).toBeUndefined();
    } finally {
      await auth.close();
    }
  });
});
