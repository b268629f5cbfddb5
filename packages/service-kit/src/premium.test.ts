import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allRouteTables,
  defineRoutes,
  PREMIUM_REQUIRED_MESSAGE,
  routeKey,
  type RouteDeclaration,
} from '@catalyst/contracts';
import { createService } from './app';
import { forbidden } from './errors';
import { premiumCheck, premiumTargetProblem } from './premium';
import { mountRoutes } from './routes';
import { TEST_INTERNAL_SECRET, identityHeaders, testLog } from './testing';

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id');
const FREE = 'f'.repeat(24);
const PAID = 'e'.repeat(24);
const PREVIEW = 'd'.repeat(24);
const THREAD_OF_PAID = 'c'.repeat(24);

const routes = defineRoutes({
  plan: {
    method: 'GET',
    path: '/plan',
    service: 'content',
    access: 'premium',
    summary: 'Needs the plan',
    response: z.string(),
  },
  lesson: {
    method: 'GET',
    path: '/products/:productId/lessons/:lessonId',
    service: 'content',
    access: 'premium',
    premium: { product: 'params.productId', lesson: 'params.lessonId' },
    summary: 'A lesson',
    params: z.object({ productId: id, lessonId: id }),
    response: z.string(),
  },
  listed: {
    method: 'GET',
    path: '/threads',
    service: 'content',
    access: 'premium',
    premium: { product: 'query.productId' },
    summary: 'Threads of a product',
    query: z.object({ productId: id }),
    response: z.string(),
  },
  thread: {
    method: 'GET',
    path: '/threads/:threadId',
    service: 'content',
    access: 'premium',
    premium: { of: 'thread', id: 'params.threadId' },
    summary: 'A thread',
    params: z.object({ threadId: id }),
    response: z.string(),
  },
});

const subscriber = { id: 'a'.repeat(24), role: 'user' as const, email: 's@test.example', name: 'Sue' };
const learner = { id: 'b'.repeat(24), role: 'user' as const, email: 'b@test.example', name: 'Bo' };

function build() {
  const opened: string[] = [];
  const app = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
  mountRoutes(
    app,
    routes,
    { plan: () => 'plan', lesson: () => 'lesson', listed: () => 'listed', thread: () => 'thread' },
    {
      premium: premiumCheck({
        entitlements: { isEntitled: async (identity) => identity.id === subscriber.id },
        async open(identity, productId, lessonId) {
          opened.push(`${productId} ${lessonId ?? '-'}`);
          if (productId !== FREE && lessonId !== PREVIEW && identity.id !== subscriber.id)
            throw forbidden(PREMIUM_REQUIRED_MESSAGE);
        },
        owners: {
          thread: {
            find: async (threadId) => (threadId === THREAD_OF_PAID ? { productId: PAID } : undefined),
            missing: 'Thread not found',
          },
        },
      }),
    },
  );
  const call = async (path: string, as = learner) => {
    const res = await app.request(path, { headers: identityHeaders(as) });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  };
  return { call, opened };
}

describe('the one premium check, reading the declared target', () => {
  it('asks for the plan where a route names no target', async () => {
    const { call } = build();
    expect(await call('/plan')).toMatchObject({ status: 403, body: { message: PREMIUM_REQUIRED_MESSAGE } });
    expect((await call('/plan', subscriber)).status).toBe(200);
  });

  it('opens the product and lesson the declared params name: a free product, a preview, or with the plan', async () => {
    const { call, opened } = build();
    expect((await call(`/products/${FREE}/lessons/${'1'.repeat(24)}`)).status).toBe(200);
    expect((await call(`/products/${PAID}/lessons/${PREVIEW}`)).status).toBe(200);
    expect(await call(`/products/${PAID}/lessons/${'1'.repeat(24)}`)).toMatchObject({
      status: 403,
      body: { message: PREMIUM_REQUIRED_MESSAGE },
    });
    expect((await call(`/products/${PAID}/lessons/${'1'.repeat(24)}`, subscriber)).status).toBe(200);
    expect(opened[0]).toBe(`${FREE} ${'1'.repeat(24)}`);
  });

  it('reads a product named in the query, after the query is parsed', async () => {
    const { call, opened } = build();
    expect((await call('/threads?productId=nope')).status).toBe(400);
    expect(opened).toEqual([]);
    expect((await call(`/threads?productId=${FREE}`)).status).toBe(200);
    expect((await call(`/threads?productId=${PAID}`)).status).toBe(403);
  });

  it("opens a record's owner, and answers the service's 404 for a record that is not there", async () => {
    const { call, opened } = build();
    expect((await call(`/threads/${THREAD_OF_PAID}`)).status).toBe(403);
    expect((await call(`/threads/${THREAD_OF_PAID}`, subscriber)).status).toBe(200);
    expect(opened).toEqual([`${PAID} -`, `${PAID} -`]);
    expect(await call(`/threads/${'9'.repeat(24)}`)).toMatchObject({
      status: 404,
      body: { message: 'Thread not found' },
    });
  });

  it('refuses to mount a target that names an input the route does not declare, or on a route that is not premium', () => {
    const broken = defineRoutes({
      lesson: { ...routes.lesson, premium: { product: 'params.productId', lesson: 'query.lessonId' } },
    });
    const app = createService({ name: 'test', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    expect(() =>
      mountRoutes(
        app,
        broken,
        { lesson: () => 'x' },
        { premium: premiumCheck({ entitlements: { isEntitled: async () => true } }) },
      ),
    ).toThrow(
      'GET /products/:productId/lessons/:lessonId names its premium target at query.lessonId, which its query do not declare',
    );
    expect(premiumTargetProblem({ ...routes.listed, access: 'user' })).toBe(
      'GET /threads declares a premium target but is not a premium route',
    );
  });

  it('every declared premium target names inputs its route declares', () => {
    const routesOf = Object.values(allRouteTables).flatMap((table) =>
      Object.values(table as Record<string, RouteDeclaration>),
    );
    const targeted = routesOf.filter((route) => route.premium);
    expect(targeted.length).toBeGreaterThan(30);
    expect(targeted.map((route) => premiumTargetProblem(route)).filter(Boolean)).toEqual([]);
    // Only the premium lists and pages that need the plan alone name no target.
    expect(
      routesOf
        .filter((route) => route.access === 'premium' && !route.premium)
        .map(routeKey)
        .sort(),
    ).toEqual([
      'GET /content/premium/categories/:idOrSlug',
      'GET /content/premium/products',
      'GET /content/progress/categories/:id',
      'GET /users/premium/categories/:idOrSlug/creators',
      'GET /users/premium/products/:creator',
      'GET /users/premium/products/:creator/category/:category',
    ]);
  });
});
