import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, requireAdmin } from './app';
import { badRequest } from './errors';
import { mountRoutes } from './routes';
import { identityHeaders, testLog, testUsers, TEST_INTERNAL_SECRET, internalHeaders } from './testing';
import { ok, parseBody } from './validate';
import { mediaGrantCookies } from './media-urls';

function buildApp(healthy = true) {
  const app = createService({
    name: 'demo',
    log: testLog,
    internalSecret: TEST_INTERNAL_SECRET,
    checks: { database: async () => healthy },
  });
  app.post('/things', async (c) =>
    ok(c, await parseBody(c, z.object({ name: z.string().min(2, 'Name is too short') })), 'Created', 201),
  );
  app.get('/admin/things', requireAdmin, (c) => ok(c, []));
  app.get('/boom', () => {
    throw new Error('select * from secret_table failed');
  });
  app.get('/refused', () => {
    throw badRequest('Nope');
  });
  app.get('/internal/ping', (c) => ok(c, 'pong'));
  app.get('/lesson', (c) => {
    c.header('Set-Cookie', 'other=1; Path=/; SameSite=Lax', { append: true });
    for (const cookie of mediaGrantCookies('grant-value', 600, true))
      c.header('Set-Cookie', cookie, { append: true });
    return ok(c, {});
  });
  return app;
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe('createService', () => {
  it('hands the media grant as a frame of another site keeps it only to calls from such a frame', async () => {
    const plain = (await buildApp().request('/lesson')).headers.getSetCookie();
    expect(
      plain.filter((c) => c.startsWith('catalyst_media=')).every((c) => c.includes('SameSite=Strict')),
    ).toBe(true);
    const framed = (
      await buildApp().request('/lesson', { headers: { 'x-catalyst-framed': '1' } })
    ).headers.getSetCookie();
    const grants = framed.filter((c) => c.startsWith('catalyst_media='));
    expect(grants.length).toBe(plain.length - 1);
    for (const grant of grants) expect(grant).toMatch(/HttpOnly; SameSite=None; Secure; Partitioned$/);
    expect(framed).toContain('other=1; Path=/; SameSite=Lax');
  });

  it('answers a valid body in the success shape', async () => {
    const res = await buildApp().request('/things', {
      method: 'POST',
      body: JSON.stringify({ name: 'Tea' }),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ success: true, data: { name: 'Tea' }, message: 'Created' });
  });

  it('turns a schema failure into 400 with field errors and the rule message', async () => {
    const res = await buildApp().request('/things', { method: 'POST', body: JSON.stringify({ name: 'T' }) });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      success: false,
      message: 'Name is too short',
      errors: [{ field: 'name', message: 'Name is too short' }],
    });
  });

  it('turns malformed JSON into 400, never 500', async () => {
    const res = await buildApp().request('/things', { method: 'POST', body: '{"name":' });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('Malformed JSON body');
  });

  it('refuses bodies over the limit with 413 in the error shape', async () => {
    const res = await buildApp().request('/things', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
    });
    expect(res.status).toBe(413);
    expect((await json(res)).success).toBe(false);
  });

  it('keeps a keep-alive caller working after a body over the limit', async () => {
    const server = serve({ fetch: buildApp().fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/things',
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      expect(await post(JSON.stringify({ name: 'x'.repeat(2_000_000) }))).toBe(413);
      expect(await post(JSON.stringify({ name: 'Tea' }))).toBe(201);
    } finally {
      agent.destroy();
      server.close();
    }
  });

  it('refuses NUL characters and lone surrogates in any text with a 400 naming the field', async () => {
    for (const name of ['nul\u0000byte', 'half \ud800 pair']) {
      const res = await buildApp().request('/things', { method: 'POST', body: JSON.stringify({ name }) });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({
        success: false,
        message: 'Text cannot contain NUL characters or invalid Unicode',
        errors: [{ field: 'name', message: 'Text cannot contain NUL characters or invalid Unicode' }],
      });
    }
    const emoji = await buildApp().request('/things', {
      method: 'POST',
      body: JSON.stringify({ name: 'Tea 😀' }),
    });
    expect(emoji.status).toBe(201);
  });

  it('hides unexpected errors behind a generic message', async () => {
    const res = await buildApp().request('/boom');
    expect(res.status).toBe(500);
    const body = await json(res);
    expect(body).toEqual({ success: false, message: 'An unexpected error occurred.' });
    expect(JSON.stringify(body)).not.toContain('secret_table');
  });

  it('answers 401 to anonymous callers and 403 to learners on admin routes', async () => {
    const app = buildApp();
    expect((await app.request('/admin/things')).status).toBe(401);
    expect((await app.request('/admin/things', { headers: identityHeaders(testUsers.learner) })).status).toBe(
      403,
    );
    expect((await app.request('/admin/things', { headers: identityHeaders(testUsers.admin) })).status).toBe(
      200,
    );
  });

  it('ignores an identity signed with the wrong secret', async () => {
    const res = await buildApp().request('/admin/things', {
      headers: identityHeaders(testUsers.admin, 'not-the-internal-secret-but-long-enough'),
    });
    expect(res.status).toBe(401);
  });

  it('hides internal routes from callers without the shared secret', async () => {
    const app = buildApp();
    expect((await app.request('/internal/ping')).status).toBe(404);
    expect((await app.request('/internal/ping', { headers: internalHeaders() })).status).toBe(200);
  });

  it('keeps a sane request id and replaces a hostile one', async () => {
    const app = buildApp();
    expect(
      (await app.request('/refused', { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id'),
    ).toBe('abc-123');
    const hostile = (
      await app.request('/refused', { headers: { 'x-request-id': 'bad id <script>' } })
    ).headers.get('x-request-id');
    expect(hostile).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns the request id on every kind of answer served by node (JSON, error, 404, a raw Response, a stream)', async () => {
    const app = buildApp();
    app.get('/raw', () => new Response('plain', { headers: { 'content-type': 'text/plain' } }));
    app.get(
      '/stream',
      () =>
        new Response(
          new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('streamed')), c.close()) }),
        ),
    );
    const sharedRoute = {
      method: 'GET',
      path: '/shared',
      service: 'content',
      access: 'public',
      cache: 'shared',
      summary: 'The same for all',
      response: z.string(),
    } as const;
    mountRoutes(app, { shared: sharedRoute }, { shared: () => 'same for all' }, { publicMaxAgeSeconds: 5 });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const [path, status, body] of [
        ['/internal/ping', 404, 'Not found'],
        ['/refused', 400, 'Nope'],
        ['/nowhere', 404, 'Route not found'],
        ['/raw', 200, 'plain'],
        ['/stream', 200, 'streamed'],
      ] as const) {
        const id = `id-${status}${path.replaceAll('/', '.')}`;
        const res = await fetch(`${base}${path}`, { headers: { 'x-request-id': id } });
        expect([path, res.status, res.headers.get('x-request-id')]).toEqual([path, status, id]);
        expect(await res.text()).toContain(body);
      }
      const shared = await fetch(`${base}/shared`);
      expect([shared.headers.get('cache-control'), shared.headers.get('x-request-id')?.length]).toEqual([
        'public, max-age=0, s-maxage=5',
        36,
      ]);
      expect(await shared.json()).toEqual({ success: true, data: 'same for all' });
      const fresh = await fetch(`${base}/internal/ping`, { headers: internalHeaders() });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await fresh.json()).toEqual({ success: true, data: 'pong' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports health 503 when a check fails', async () => {
    const res = await buildApp(false).request('/health');
    expect(res.status).toBe(503);
    expect(((await json(res)).data as { checks: unknown }).checks).toEqual({ database: 'down' });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await buildApp().request('/nope');
    expect(res.status).toBe(404);
    expect((await json(res)).success).toBe(false);
  });

  it("re-renders every refusal under a foreign prefix in that protocol's shape, and nothing outside it", async () => {
    const app = createService({
      name: 'demo',
      log: testLog,
      internalSecret: TEST_INTERNAL_SECRET,
      maxBodyBytes: 1_000,
      foreignErrors: {
        prefix: '/proto',
        render: (status, message) => Response.json({ code: String(status), detail: message }, { status }),
      },
    });
    app.get('/proto/refused', () => {
      throw badRequest('Nope');
    });
    app.post('/proto/things', (c) => c.json({ taken: true }, 201));
    app.get('/plain', () => {
      throw badRequest('Nope');
    });
    expect(await json(await app.request('/proto/refused'))).toEqual({ code: '400', detail: 'Nope' });
    const missing = await app.request('/proto/nothing');
    expect([missing.status, await json(missing)]).toEqual([
      404,
      { code: '404', detail: 'Route not found: GET /proto/nothing' },
    ]);
    const large = await app.request('/proto/things', {
      method: 'POST',
      headers: { 'content-length': '5000' },
      body: 'x'.repeat(5_000),
    });
    expect([large.status, (await json(large)).code]).toEqual([413, '413']);
    const taken = await app.request('/proto/things', { method: 'POST', body: '{}' });
    expect([taken.status, await json(taken)]).toEqual([201, { taken: true }]);
    expect(await json(await app.request('/plain'))).toEqual({ success: false, message: 'Nope' });
  });
});

describe('parseBody limits', () => {
  const app = createService({ name: 'limits', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
  app.post('/small', async (c) => ok(c, await parseBody(c, z.object({ a: z.unknown() }))));
  app.post('/large', async (c) =>
    ok(c, await parseBody(c, z.object({ a: z.unknown() }), { maxBytes: 256 * 1024 })),
  );
  const post = (path: string, body: string) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('refuses a body over the route’s limit with 413 and accepts it where the route allows more', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(100 * 1024) });
    const small = await post('/small', body);
    expect(small.status).toBe(413);
    expect(await small.json()).toEqual({ success: false, message: 'Request body is too large' });
    expect((await post('/large', body)).status).toBe(200);
  });

  it('refuses deep nesting with 400 before parsing it, and takes brackets inside strings for text', async () => {
    const deep = await post('/small', `{"a":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ success: false, message: 'Request body is nested too deeply' });
    expect(
      (await post('/small', JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\\' }))).status,
    ).toBe(200);
  });
});
