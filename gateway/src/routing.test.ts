import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, defineRoutes, type RouteDeclaration } from '@catalyst/contracts';
import { z } from 'zod';
import { apiRouter, createApiRouter, isUnsafeApiPath } from './routes';
import { until } from '@catalyst/service-kit/testing';
import { captureLog, echoOf, rawRequest, startWorld } from './testing/upstreams';

describe('the routing derived from the declarations', () => {
  const resolveRoute = (path: string, router = apiRouter) => router.resolve('GET', path);

  it('sends every path of the architecture table to its owner', () => {
    const expected: Record<string, string> = {
      '/auth/login': 'auth',
      '/auth/verify-email': 'auth',
      '/users/profile': 'auth',
      '/users/change-password': 'auth',
      '/categories': 'content',
      '/categories/abc/products': 'content',
      '/content/products': 'content',
      '/content/products/top': 'content',
      '/content/categories/x': 'content',
      '/content/premium/products/1': 'content',
      '/users/premium/categories/1/creators': 'content',
      '/admin/products/1': 'content',
      '/content/progress': 'progress',
      '/content/progress/product/abc/complete': 'progress',
      '/subscription/status': 'billing',
      '/webhooks/stripe': 'billing',
      '/health': 'gateway',
      '/client-errors': 'gateway',
    };
    for (const [path, owner] of Object.entries(expected)) expect(resolveRoute(path)?.owner, path).toBe(owner);
  });

  it('lets /content/progress win whatever order the table is in', () => {
    expect(resolveRoute('/content/progress/stats', createApiRouter([...apiRoutes].reverse()))?.owner).toBe(
      'progress',
    );
    expect(
      resolveRoute(
        '/content/progress/stats',
        createApiRouter([...apiRoutes].sort((a, b) => a.path.length - b.path.length)),
      )?.owner,
    ).toBe('progress');
  });

  it('owns nothing that only shares a prefix or sits outside the table', () => {
    for (const path of [
      '/content',
      '/content/productsx',
      '/users',
      '/users/profile/extra',
      '/users/other',
      '/internal/sessions/resolve',
      '/webhooks/other',
      '/',
    ]) {
      expect(resolveRoute(path), path).toBeUndefined();
    }
  });

  it('flags dot segments, encoded slashes and /internal as unsafe', () => {
    for (const path of [
      '/content/products/../../internal/x',
      '/content/products/%2e%2e/%2e%2e/internal',
      '/content/products%2f..',
      '/internal/x',
      '/%69nternal/x',
      '//internal/x',
      '/auth\\..\\internal',
      '/Internal/sessions/resolve',
      '/internal',
    ]) {
      expect(isUnsafeApiPath(path), path).toBe(true);
    }
    for (const path of [
      '/content/products/some-slug',
      '/content/products/',
      '/users/premium/products/a1b2/category/web_dev',
      '/internals',
      '/content/internal',
    ]) {
      expect(isUnsafeApiPath(path), path).toBe(false);
    }
  });

  const declare = (routes: Record<string, Omit<RouteDeclaration, 'summary' | 'response'>>) =>
    createApiRouter(
      Object.values(
        defineRoutes(
          Object.fromEntries(
            Object.entries(routes).map(([name, route]) => [
              name,
              { ...route, summary: name, response: z.unknown() },
            ]),
          ),
        ),
      ),
    );

  it("prefers literal segments to parameters, from left to right, whatever the declarations' order", () => {
    const routes = {
      byId: { method: 'GET', path: '/things/:id', service: 'content', access: 'public' },
      top: { method: 'GET', path: '/things/top', service: 'content', access: 'public' },
      ofOwner: { method: 'GET', path: '/things/:id/mine', service: 'progress', access: 'user' },
      latest: { method: 'GET', path: '/things/latest/:kind', service: 'billing', access: 'user' },
    } as const;
    for (const router of [declare(routes), declare(Object.fromEntries(Object.entries(routes).reverse()))]) {
      expect(router.resolve('GET', '/things/top')?.path).toBe('/things/top');
      expect(router.resolve('GET', '/things/abc')?.path).toBe('/things/:id');
      expect(router.resolve('GET', '/things/latest/mine')?.path).toBe('/things/latest/:kind');
      expect(router.resolve('GET', '/things/abc/mine')?.owner).toBe('progress');
      expect(router.resolve('GET', '/things//mine'), 'an empty segment is no parameter').toBeUndefined();
      expect(router.resolve('GET', '/things/abc/other')).toBeUndefined();
    }
  });

  it('takes timeouts, evictions and the token forwarding from the declarations', () => {
    const router = declare({
      signOut: { method: 'POST', path: '/auth/logout', service: 'auth', access: 'public', evicts: 'token' },
      rename: { method: 'PUT', path: '/users/profile', service: 'auth', access: 'user', evicts: 'user' },
      adminList: { method: 'GET', path: '/admin/things', service: 'content', access: 'admin' },
      slowList: { method: 'GET', path: '/slow', service: 'content', access: 'public', timeout: 'billing' },
      list: { method: 'GET', path: '/things', service: 'content', access: 'public' },
      health: { method: 'GET', path: '/health', service: 'gateway', access: 'public' },
    });
    expect(router.resolve('POST', '/auth/logout')).toMatchObject({
      owner: 'auth',
      timeout: 'auth',
      forwardAuthorization: true,
      evicts: 'token',
    });
    expect(router.resolve('PUT', '/users/profile')).toMatchObject({ owner: 'auth', evicts: 'user' });
    expect(
      router.resolve('GET', '/users/profile')?.evicts,
      'an undeclared method goes to the owner and evicts nothing',
    ).toBeUndefined();
    expect(router.resolve('DELETE', '/users/profile')?.owner).toBe('auth');
    expect(router.resolve('GET', '/admin/things')).toMatchObject({
      owner: 'content',
      timeout: 'admin',
      forwardAuthorization: false,
    });
    expect(router.resolve('GET', '/slow')?.timeout).toBe('billing');
    expect(router.resolve('GET', '/things')?.timeout).toBe('content');
    expect(router.resolve('HEAD', '/health')).toMatchObject({ owner: 'gateway', methods: ['GET', 'HEAD'] });
  });

  it('refuses declarations the gateway cannot route', () => {
    expect(() =>
      declare({
        a: { method: 'GET', path: '/x/:id', service: 'content', access: 'public' },
        b: { method: 'PUT', path: '/x/:key', service: 'auth', access: 'user' },
      }),
    ).toThrow(/one owner per path/);
    expect(() =>
      declare({
        a: { method: 'GET', path: '/x', service: 'content', access: 'public' },
        b: { method: 'GET', path: '/x', service: 'content', access: 'user' },
      }),
    ).toThrow(/declared twice/);
    expect(() =>
      declare({ a: { method: 'GET', path: '/internal/x', service: 'content', access: 'internal' } }),
    ).toThrow(/not routed/);
  });

  it('routes every declaration to its owner', () => {
    for (const route of apiRoutes) {
      const path = route.path.replace(/:[A-Za-z0-9_]+/g, 'x');
      expect(apiRouter.resolve(route.method, path)?.owner, `${route.method} ${route.path}`).toBe(
        route.service,
      );
    }
  });
});

describe('the gateway in front of the services', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  const { log, lines } = captureLog();

  beforeAll(async () => {
    world = await startWorld({}, { log });
  });
  afterAll(() => world.close());

  const get = (path: string, init?: RequestInit) => fetch(`${world.gateway.url}${path}`, init);

  it('proxies each prefix to its service with /api/v1 stripped and the query kept', async () => {
    const cases: Array<[string, string, string]> = [
      ['/api/v1/auth/me', 'auth', '/auth/me'],
      ['/api/v1/categories?page=2', 'content', '/categories?page=2'],
      ['/api/v1/content/products/top', 'content', '/content/products/top'],
      ['/api/v1/users/premium/products/ada', 'content', '/users/premium/products/ada'],
      ['/api/v1/admin/categories', 'content', '/admin/categories'],
      ['/api/v1/content/progress/recent?limit=5', 'progress', '/content/progress/recent?limit=5'],
      ['/api/v1/subscription/status', 'billing', '/subscription/status'],
      [
        '/api/v1/community/threads?productId=ab12cd34&sort=top',
        'community',
        '/community/threads?productId=ab12cd34&sort=top',
      ],
      ['/api/v1/community/live/ab12cd34', 'community', '/community/live/ab12cd34'],
      ['/api/v1/admin/community/reports', 'community', '/admin/community/reports'],
    ];
    for (const [path, service, upstreamPath] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const echo = await echoOf(response);
      expect(echo.service, path).toBe(service);
      expect(echo.path, path).toBe(upstreamPath);
    }
  });

  it("does not pass on the service's keep-alive terms", async () => {
    const response = await rawRequest(world.gateway.url, '/api/v1/categories');
    expect(response.status).toBe(200);
    expect(response.headers['keep-alive']).toBeUndefined();
  });

  it('marks API answers nosniff and unframeable without the page-only policy headers', async () => {
    const response = await get('/api/v1/categories');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('passes a sane request id upstream and returns it', async () => {
    const response = await get('/api/v1/categories', { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123.abc');
    expect((await echoOf(response)).headers['x-request-id']).toBe('trace-123.abc');
  });

  it('replaces an unusable request id with a fresh one, the same upstream and back', async () => {
    const response = await get('/api/v1/categories', { headers: { 'x-request-id': 'bad id <script>' } });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await echoOf(response)).headers['x-request-id']).toBe(id);
  });

  it('writes a structured access log line with the upstream', async () => {
    await get('/api/v1/content/progress/stats', { headers: { 'x-request-id': 'log-check-1' } });
    await until(() => lines.some((l) => l.requestId === 'log-check-1' && l.msg === 'request'));
    const line = lines.find((l) => l.requestId === 'log-check-1' && l.msg === 'request');
    expect(line).toMatchObject({
      method: 'GET',
      path: '/api/v1/content/progress/stats',
      status: 200,
      upstream: 'progress',
    });
    expect(typeof line?.ms).toBe('number');
  });

  it('answers an unknown API path with a JSON 404 and asks no service', async () => {
    const before = world.content.seen.length + world.auth.seen.length;
    const response = await get('/api/v1/nope/here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      success: false,
      message: 'Route not found: GET /api/v1/nope/here',
    });
    expect(world.content.seen.length + world.auth.seen.length).toBe(before);
  });

  it('never forwards /internal paths, however they are spelled', async () => {
    const seenBefore = [world.auth, world.content, world.progress, world.billing].reduce(
      (n, s) => n + s.seen.length,
      0,
    );
    const paths = [
      '/api/v1/internal/users/count',
      '/api/v1/content/products/../../internal/products/x',
      '/api/v1/content/products/..%2F..%2Finternal%2Fproducts%2Fx',
      '/api/v1/content/products/%2e%2e/%2e%2e/internal/products/x',
      '/api/v1/auth/%2E%2E/internal/sessions/resolve',
    ];
    for (const path of paths) {
      const response = await rawRequest(world.gateway.url, path, {
        headers: { 'x-catalyst-internal': 'guess' },
      });
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body.toString()).success).toBe(false);
    }
    expect(
      [world.auth, world.content, world.progress, world.billing].reduce((n, s) => n + s.seen.length, 0),
    ).toBe(seenBefore);
  });

  it('answers other /api paths in JSON too, never with the app', async () => {
    const response = await get('/api/v2/categories');
    expect(response.status).toBe(404);
    expect((await response.json()).success).toBe(false);
  });

  it("answers refusals under /scim/v2 in SCIM's error shape, for the directory that reads them", async () => {
    const before = world.billing.seen.length;
    const unknown = await get('/api/v1/scim/v2/Nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/scim+json');
    expect(await unknown.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '404',
      detail: 'Route not found: GET /api/v1/scim/v2/Nothing',
    });
    const large = await get('/api/v1/scim/v2/Users', {
      method: 'POST',
      headers: { 'content-type': 'application/scim+json' },
      body: JSON.stringify({ userName: 'x'.repeat(2_000_000) }),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ status: '413', detail: 'Request body is too large' });
    expect(world.billing.seen.length).toBe(before);
  });

  it('refuses a wrong method on a gateway route with 405 in the error shape', async () => {
    const response = await get('/api/v1/health', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect((await response.json()).success).toBe(false);
  });
});
