import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { defineRoutes } from '@catalyst/contracts';
import { createService } from './app';
import { forbidden } from './errors';
import { createLogger } from './logger';
import {
  configureResponseCheck,
  mountRoutes,
  mountedRoutes,
  reply,
  successBody,
  type ResponseCheck,
} from './routes';
import { TEST_INTERNAL_SECRET, identityHeaders, testLog } from './testing';

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id');
const routes = defineRoutes({
  list: {
    method: 'GET',
    path: '/things',
    service: 'content',
    access: 'public',
    summary: 'Things',
    query: z.object({ limit: z.coerce.number().int().max(10).default(5) }),
    response: z.array(z.number()),
    cache: 'shared',
  },
  create: {
    method: 'POST',
    path: '/things',
    service: 'content',
    access: 'admin',
    summary: 'Add a thing',
    body: z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') }),
    response: z.object({ name: z.string() }),
    status: 201,
  },
  mine: {
    method: 'GET',
    path: '/things/:id',
    service: 'content',
    access: 'premium',
    summary: 'One thing',
    params: z.object({ id }),
    response: z.object({ id: z.string() }),
  },
  drifting: {
    method: 'GET',
    path: '/drifting',
    service: 'content',
    access: 'user',
    summary: 'Answers what it did not declare',
    response: z.object({ n: z.number() }),
  },
  studio: {
    method: 'GET',
    path: '/studio-things',
    service: 'content',
    access: 'creator',
    summary: "A creator's things",
    response: z.object({ role: z.string() }),
  },
  kept: {
    method: 'GET',
    path: '/kept',
    service: 'content',
    access: 'public',
    summary: 'An answer kept serialised',
    query: z.object({ stale: z.string().optional() }),
    response: z.object({ n: z.number() }),
    cache: 'shared',
  },
});

const admin = { id: 'a'.repeat(24), role: 'admin' as const, email: 'a@test.example', name: 'Ada' };
const learner = { id: 'b'.repeat(24), role: 'user' as const, email: 'b@test.example', name: 'Bo' };
const creator = { id: 'd'.repeat(24), role: 'creator' as const, email: 'd@test.example', name: 'Di' };

function build() {
  const app = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
  mountRoutes(
    app,
    routes,
    {
      list: ({ query }) => Array.from({ length: query.limit }, (_, i) => i),
      create: ({ body }) => reply({ name: body.name }, { message: 'Thing added' }),
      mine: ({ params }) => ({ id: params.id }),
      drifting: () => ({ n: 'one' }) as never,
      studio: ({ identity }) => ({ role: identity?.role ?? 'none' }),
      // a body kept serialised; `stale` keeps one that no longer says its data
      kept: ({ query }) => reply({ n: 2 }, { body: successBody({ n: query.stale ? 1 : 2 }) }),
    },
    {
      publicMaxAgeSeconds: 5,
      premium: async (_c, { identity }) => {
        if (identity?.id !== admin.id) throw forbidden('Active subscription required to access this content');
      },
    },
  );
  return app;
}

describe('mountRoutes', () => {
  const app = build();
  const call = (
    path: string,
    init: RequestInit & { as?: typeof admin | typeof learner | typeof creator } = {},
  ) =>
    app.request(path, {
      ...init,
      headers: {
        ...(init.as ? identityHeaders(init.as) : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });

  it('parses the query by its schema and answers the success shape, marked for shared caches', async () => {
    const res = await call('/things?limit=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    expect(await res.json()).toEqual({ success: true, data: [0, 1, 2] });
    const bad = await call('/things?limit=99');
    expect(bad.status).toBe(400);
  });

  it('checks access before the input: 401 anonymous, 403 not admin, then 400 for a bad body', async () => {
    expect((await call('/things', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await call('/things', { method: 'POST', body: '{}', as: learner })).status).toBe(403);
    const bad = await call('/things', { method: 'POST', body: '{}', as: admin });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      message: 'Name is required',
      errors: [{ field: 'name', message: 'Name is required' }],
    });
    const made = await call('/things', { method: 'POST', body: '{"name":"x"}', as: admin });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ success: true, data: { name: 'x' }, message: 'Thing added' });
  });

  it('opens creator routes to creators and admins: 401 anonymous, 403 for a learner', async () => {
    expect((await call('/studio-things')).status).toBe(401);
    const refused = await call('/studio-things', { as: learner });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: 'Creator access required' });
    expect(await (await call('/studio-things', { as: creator })).json()).toMatchObject({
      data: { role: 'creator' },
    });
    expect(await (await call('/studio-things', { as: admin })).json()).toMatchObject({
      data: { role: 'admin' },
    });
    // a creator is not an admin
    expect((await call('/things', { method: 'POST', body: '{}', as: creator })).status).toBe(403);
  });

  it("runs the service's premium rule after the params are parsed", async () => {
    expect((await call('/things/nope', { as: learner })).status).toBe(400);
    expect((await call(`/things/${'c'.repeat(24)}`, { as: learner })).status).toBe(403);
    expect((await call(`/things/${'c'.repeat(24)}`, { as: admin })).status).toBe(200);
  });

  it("marks a premium-cached answer for the gateway's premium audience only when the premium rule let the caller through", async () => {
    const app2 = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    const shelf = defineRoutes({
      shelf: {
        method: 'GET',
        path: '/shelf',
        service: 'content',
        access: 'premium',
        cache: 'premium',
        summary: 'The same for every member',
        response: z.array(z.number()),
      },
    });
    mountRoutes(
      app2,
      shelf,
      { shelf: () => [1, 2] },
      {
        publicMaxAgeSeconds: 5,
        premium: async (_c, { identity }) => {
          if (identity?.id !== admin.id)
            throw forbidden('Active subscription required to access this content');
        },
      },
    );
    const entitled = await app2.request('/shelf', { headers: identityHeaders(admin) });
    expect(entitled.status).toBe(200);
    expect([entitled.headers.get('x-catalyst-audience'), entitled.headers.get('cache-control')]).toEqual([
      'premium; max-age=5',
      'no-store',
    ]);
    const refused = await app2.request('/shelf', { headers: identityHeaders(learner) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-catalyst-audience')).toBeNull();
    // Only a premium route has that audience.
    const loose = defineRoutes({
      open: {
        method: 'GET',
        path: '/open',
        service: 'content',
        access: 'public',
        cache: 'premium',
        summary: 'x',
        response: z.null(),
      },
    });
    expect(() => mountRoutes(app2, loose, { open: () => null })).toThrow(/not a premium route/);
  });

  it('fails an answer that does not match its declaration, under test', async () => {
    const res = await call('/drifting', { as: learner });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: 'An unexpected error occurred.' });
  });

  it('logs a drifting answer at error level: a 500 under a strict check, sent as it is under a sampled one', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString('utf8')) as Record<string, unknown>;
        if (line.msg !== 'request') lines.push(line); // a 500's access line is error-level too
        done();
      },
    });
    const answer = async (check: boolean | ResponseCheck | undefined, configured?: ResponseCheck) => {
      if (configured !== undefined) configureResponseCheck(configured);
      onTestFinished(() => configureResponseCheck('strict'));
      const log = createLogger('test', 'error', sink);
      const app = createService({ name: 'test', log, internalSecret: TEST_INTERNAL_SECRET });
      mountRoutes(
        app,
        { drifting: routes.drifting },
        { drifting: () => ({ n: 'one' }) as never },
        {
          checkResponses: check,
        },
      );
      const res = await app.request('/drifting', { headers: identityHeaders(learner) });
      return [res.status, await res.json()] as const;
    };
    const drift = { msg: 'answer does not match its declaration', route: 'GET /drifting', level: 50 };

    expect(await answer('strict')).toEqual([
      500,
      { success: false, message: 'An unexpected error occurred.' },
    ]);
    expect(lines).toEqual([expect.objectContaining(drift)]);
    expect(String(lines[0]!.drift)).toMatch(/^The answer of GET \/drifting does not match its declaration/);
    // Sampled (production): every answer of this share checked; the line is written, the answer still goes out.
    expect(await answer(1)).toEqual([200, { success: true, data: { n: 'one' } }]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject(drift);
    // Unchecked: nothing said.
    expect(await answer(0)).toEqual([200, { success: true, data: { n: 'one' } }]);
    expect(lines).toHaveLength(2);
    // The process's setting (RESPONSE_CHECK through runService) is what a table without its own follows.
    expect((await answer(undefined, 'strict'))[0]).toBe(500);
    expect((await answer(undefined, 0))[0]).toBe(200);
    expect(lines).toHaveLength(3);
  });

  it('sends a body kept serialised as it is, as JSON with the shared cache policy; a kept body that is not its data fails under test', async () => {
    const res = await call('/kept');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    expect(await res.text()).toBe('{"success":true,"data":{"n":2}}');
    expect((await call('/kept?stale=1')).status).toBe(500);
    // unchecked (in production), the kept bytes are what goes out: nothing serialises the data again
    const unchecked = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    const spelled = '{ "success": true, "data": { "n": 2 } }';
    mountRoutes(
      unchecked,
      { kept: routes.kept },
      { kept: () => reply({ n: 2 }, { body: spelled }) },
      { checkResponses: false },
    );
    expect(await (await unchecked.request('/kept')).text()).toBe(spelled);
    // or its bytes
    const bytes = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    mountRoutes(
      bytes,
      { kept: routes.kept },
      { kept: () => reply({ n: 2 }, { body: new TextEncoder().encode(spelled) }) },
      { checkResponses: false },
    );
    const answered = await bytes.request('/kept');
    expect([answered.headers.get('content-type'), await answered.text()]).toEqual([
      'application/json',
      spelled,
    ]);
  });

  it("holds a body its handler reads to the route's declared limit, and a JSON body to the same limit when parsing it", async () => {
    const bodies = defineRoutes({
      form: {
        method: 'POST',
        path: '/forms',
        service: 'progress',
        access: 'public',
        bodyKind: 'form',
        summary: 'A form',
        response: z.object({ bytes: z.number() }),
      },
      roomy: {
        method: 'POST',
        path: '/events',
        service: 'billing',
        access: 'signature',
        bodyKind: 'raw',
        maxBodyBytes: 200_000,
        summary: 'Events',
        response: z.object({ bytes: z.number() }),
      },
      json: {
        method: 'POST',
        path: '/notes',
        service: 'content',
        access: 'public',
        body: z.object({ text: z.string() }),
        maxBodyBytes: 1_000,
        summary: 'A note',
        response: z.object({ bytes: z.number() }),
      },
    });
    const app = createService({ name: 'bodies', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    const read = async (c: { req: { text: () => Promise<string> } }) => ({
      bytes: (await c.req.text()).length,
    });
    mountRoutes(app, bodies, {
      form: (_input, c) => read(c),
      roomy: (_input, c) => read(c),
      json: ({ body }) => ({ bytes: body.text.length }),
    });
    // served by node, as in production: a declared length is read from node's request (request-body.ts)
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string, body: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const tooLarge = { success: false, message: 'Request body is too large' };

    expect(await (await post('/forms', `a=${'x'.repeat(1_000)}`)).json()).toEqual({
      success: true,
      data: { bytes: 1_002 },
    });
    const refused = await post('/forms', `a=${'x'.repeat(70 * 1024)}`);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual(tooLarge);
    expect((await post('/events', 'x'.repeat(150_000))).status).toBe(200);
    expect((await post('/events', 'x'.repeat(250_000))).status).toBe(413);
    expect((await post('/notes', JSON.stringify({ text: 'x'.repeat(900) }))).status).toBe(200);
    expect(await (await post('/notes', JSON.stringify({ text: 'x'.repeat(1_100) }))).json()).toEqual(
      tooLarge,
    );
  });

  it('lists what it mounted, for the declaration coverage tests', () => {
    expect(mountedRoutes(app)).toEqual([
      'GET /drifting',
      'GET /kept',
      'GET /studio-things',
      'GET /things',
      'GET /things/:id',
      'POST /things',
    ]);
  });

  it('refuses to mount a premium route without a premium rule, or a path parameter without a schema', () => {
    const app2 = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    expect(() =>
      mountRoutes(app2, { mine: routes.mine }, { mine: ({ params }) => ({ id: params.id }) }),
    ).toThrow(/premium rule/);
    const loose = defineRoutes({
      x: {
        method: 'GET',
        path: '/x/:id',
        service: 'content',
        access: 'public',
        summary: 'x',
        response: z.null(),
      },
    });
    expect(() => mountRoutes(app2, loose, { x: () => null })).toThrow(/no params schema/);
  });
});
