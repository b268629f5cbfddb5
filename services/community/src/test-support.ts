// Test world for the community service: a real Postgres database and stand-ins for content's, billing's and
// auth's /internal routes (separate processes in production).
import {
  authInternalRoutes,
  billingInternalRoutes,
  contentInternalRoutes,
  creatorPageRoutes,
  studioInternalRoutes,
  type CourseLessons,
  type Identity,
  type ProductSummary,
} from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { createDb, notFound, unavailable } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createMemoryMailer,
  createPeerStandIn,
  createTestCache,
  createTestDatabase,
  identityHeaders,
  testLog,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createApp } from './app';
import { configSchema } from './config';
import type { Database } from './db/schema';
import { createDeps, type BaseDeps } from './deps';
import { SCHEMA, prepareDatabase } from './setup';

export const ids = {
  /** A premium course with lessons (below). */
  course: '11111111111111111111aa01',
  /** A free product (price 0): open to every signed-in caller. */
  free: '11111111111111111111aa02',
  /** Not published: a 404 except for admins. */
  draft: '11111111111111111111aa03',
  missing: '11111111111111111111ffff',
};

export const lesson = {
  /** Free preview: open to every signed-in caller. */
  preview: '44444444444444444444dd01',
  premium: '44444444444444444444dd02',
  unknown: '44444444444444444444ddff',
};

const summary = (
  overrides: Partial<ProductSummary> & Pick<ProductSummary, '_id' | 'slug' | 'title'>,
): ProductSummary => ({
  productId: overrides.slug.slice(0, 8),
  thumbnail: null,
  duration: 60,
  type: 'course',
  categoryId: '22222222222222222222bb01',
  creatorId: '33333333333333333333cc01',
  isPublished: true,
  price: 19.99,
  ...overrides,
});

/** The creator every test product is by, as content's internal summary answers. */
export const creator = { id: '33333333333333333333cc01', name: 'Maya Chen', slug: 'maya-chen' };

export const products: ProductSummary[] = [
  summary({ _id: ids.course, slug: 'react-course', title: 'React Course' }),
  summary({ _id: ids.free, slug: 'free-video', title: 'Free Video', type: 'video', price: 0 }),
  summary({ _id: ids.draft, slug: 'draft-course', title: 'Draft Course', isPublished: false }),
];

export const curriculum: CourseLessons['lessons'] = [
  { id: lesson.preview, durationSeconds: 60, isFreePreview: true, kind: 'video' },
  { id: lesson.premium, durationSeconds: 240, isFreePreview: false, kind: 'video' },
];

/** A second subscriber, and a subscriber whose account is an hour old (the new-account rate). */
export const otherSubscriber: Identity = {
  id: 'dddddddddddddddddddddddd',
  role: 'user',
  email: 'other@test.example',
  name: 'Olga Other',
};
export const newcomer: Identity = {
  id: 'eeeeeeeeeeeeeeeeeeeeeeee',
  role: 'user',
  email: 'new@test.example',
  name: 'Nina Newcomer',
};
export const { admin, learner, subscriber } = testUsers;

/** A creator account of `creator` (every test product is theirs), and one of another creator (with a plan). */
export const creatorAccount: Identity = {
  id: 'ffffffffffffffffffffff01',
  role: 'creator',
  email: 'maya@test.example',
  name: 'Maya Chen',
  creatorId: creator.id,
};
export const otherCreatorAccount: Identity = {
  id: 'ffffffffffffffffffffff02',
  role: 'creator',
  email: 'daniel@test.example',
  name: 'Daniel Okafor',
  creatorId: '33333333333333333333cc02',
};

export interface TestCommunityOptions {
  now?: () => Date;
  /** More of the process's pieces (mailer, broadcast, events…), spread into createDeps' base. */
  base?: Partial<BaseDeps> & Record<string, unknown>;
  /** Settings over the test defaults. */
  config?: Record<string, string>;
}

export async function createTestCommunity(options: TestCommunityOptions = {}) {
  const database = await createTestDatabase();
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 20 });
  await prepareDatabase(db, { seed: false, log: testLog });

  /** Who has a plan, as billing would answer. */
  const entitled = new Set<string>([subscriber.id, otherSubscriber.id, newcomer.id, otherCreatorAccount.id]);
  const catalog = new Map(products.map((p) => [p._id, p]));
  const courses = new Map<string, CourseLessons['lessons']>([[ids.course, curriculum]]);
  const longAgo = '2026-01-01T00:00:00.000Z';
  /** When each account was made, as auth would answer (the newcomer an hour before now). */
  const createdAt = new Map<string, string>(
    [...Object.values(testUsers), otherSubscriber, creatorAccount, otherCreatorAccount].map((u) => [
      u.id,
      longAgo,
    ]),
  );
  createdAt.set(newcomer.id, new Date(Date.now() - 3_600_000).toISOString());
  const peers = { authDown: false };
  /** The language each account chose, as auth would answer (none: not chosen). */
  const locales = new Map<string, Language>();

  const content = (await createPeerStandIn())
    .answer(contentInternalRoutes.product, ({ params }) => {
      const product = catalog.get(params.idOrSlug!);
      if (!product) throw notFound('Product not found');
      return product;
    })
    .answer(contentInternalRoutes.courseLessons, ({ params }) => {
      if (!catalog.has(params.idOrSlug!)) throw notFound('Product not found');
      return { productId: params.idOrSlug!, lessons: courses.get(params.idOrSlug!) ?? [] };
    })
    .answer(contentInternalRoutes.lookupProducts, ({ body }) =>
      (body.ids as string[]).flatMap((id) => catalog.get(id) ?? []),
    )
    .answer(creatorPageRoutes.summary, ({ params }) => {
      if (params.creatorId !== creator.id) throw notFound('Creator not found');
      return creator;
    })
    .answer(studioInternalRoutes.creatorProducts, ({ params }) =>
      [...catalog.values()]
        .filter((p) => p.creatorId === params.id)
        .map((p) => ({ productId: p._id, title: p.title, isPublished: p.isPublished })),
    )
    .answer(studioInternalRoutes.productCreators, ({ body }) =>
      (body.productIds as string[]).flatMap((id) => {
        const p = catalog.get(id);
        return p
          ? [{ productId: id, creatorId: p.creatorId, creatorName: creator.name, title: p.title }]
          : [];
      }),
    );

  const billing = (await createPeerStandIn()).answer(billingInternalRoutes.entitlement, ({ params }) => {
    const has = entitled.has(params.userId!);
    return {
      entitled: has,
      plan: has ? ('premium' as const) : null,
      status: has ? ('active' as const) : ('free' as const),
    };
  });

  const users = new Map(
    [...Object.values(testUsers), otherSubscriber, newcomer, creatorAccount, otherCreatorAccount].map((u) => [
      u.id,
      u,
    ]),
  );
  const auth = (await createPeerStandIn()).answer(authInternalRoutes.lookupUsers, ({ body }) => {
    if (peers.authDown) throw unavailable();
    return (body.ids as string[]).flatMap((id) => {
      const user = users.get(id);
      return user
        ? [
            {
              id,
              name: user.name,
              email: user.email,
              role: user.role,
              ...(createdAt.has(id) ? { createdAt: createdAt.get(id)! } : {}),
              ...(locales.has(id) ? { locale: locales.get(id)! } : {}),
            },
          ]
        : [];
    });
  });

  const config = configSchema.parse({
    PORT: '4006',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    CONTENT_URL: content.baseUrl,
    BILLING_URL: billing.baseUrl,
    AUTH_URL: auth.baseUrl,
    PUBLIC_URL: 'https://learn.catalyst.test/',
    OUTBOX_DIR: '/tmp/catalyst-community-test-outbox',
    ...options.config,
  });
  const cache = createTestCache();
  const mailer = createMemoryMailer();
  const base = { config, db, cache, log: testLog, mailer, now: options.now, ...options.base };
  const deps = createDeps(base as BaseDeps);
  const app = createApp(deps);

  /** Calls the app as the gateway would for this caller (or anonymously with null). */
  async function call(as: Identity | null, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = as ? identityHeaders(as) : {};
    let payload: BodyInit | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await app.request(path, { method, headers, body: payload });
    return { status: res.status, headers: res.headers, body: await res.json() };
  }

  return {
    app,
    deps,
    db,
    cache,
    mailer,
    call,
    entitled,
    catalog,
    courses,
    createdAt,
    locales,
    peers,
    content,
    billing,
    auth,
    close: async () => {
      await Promise.all([content.close(), billing.close(), auth.close()]);
      await cache.close();
      await db.destroy();
      await database.drop();
    },
  };
}
export type TestCommunity = Awaited<ReturnType<typeof createTestCommunity>>;
