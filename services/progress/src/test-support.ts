// Test world for the progress service: a real Postgres database and stand-ins for the content and
// billing /internal routes (those services are separate processes in production).
import { billingInternalRoutes, contentInternalRoutes, type CourseLessons, type Identity, type ProductSummary } from '@catalyst/contracts';
import { createDb, notFound } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, createPeerStandIn, createTestCache, createTestDatabase, identityHeaders, testLog } from '@catalyst/service-kit/testing';
import { createApp } from './app';
import { createDeps } from './deps';
import { configSchema } from './config';
import type { Database } from './db/schema';
import { SCHEMA, prepareDatabase } from './setup';

export const ids = {
  course: '11111111111111111111aa01',
  video: '11111111111111111111aa02',
  draft: '11111111111111111111aa03',
  other: '11111111111111111111aa04',
  free: '11111111111111111111aa05',
  /** A course with a curriculum (its lessons below). */
  lessons: '11111111111111111111aa06',
  missing: '11111111111111111111ffff',
  category: '22222222222222222222bb01',
};

const summary = (overrides: Partial<ProductSummary> & Pick<ProductSummary, '_id' | 'slug' | 'title'>): ProductSummary => ({
  productId: overrides.slug.slice(0, 8),
  thumbnail: `/media/${overrides.slug}.jpg`,
  duration: 60,
  type: 'video',
  categoryId: ids.category,
  creatorId: '33333333333333333333cc01',
  isPublished: true,
  price: 19.99,
  ...overrides,
});

export const products: ProductSummary[] = [
  summary({ _id: ids.course, slug: 'react-course', title: 'React Course', type: 'course', duration: 120 }),
  summary({ _id: ids.video, slug: 'css-video', title: 'CSS Video', duration: 30 }),
  summary({ _id: ids.draft, slug: 'draft-video', title: 'Draft Video', isPublished: false }),
  summary({ _id: ids.other, slug: 'other-video', title: 'Other Video', categoryId: '22222222222222222222bb02', duration: null }),
  summary({ _id: ids.free, slug: 'free-video', title: 'Free Video', categoryId: '22222222222222222222bb03', price: 0 }),
  summary({ _id: ids.lessons, slug: 'grid-course', title: 'Grid Course', type: 'course', duration: 16, categoryId: '22222222222222222222bb04' }),
];

/** The lessons of ids.lessons, in curriculum order: a free preview, two videos and an article of no known length (weighs 60 s). */
export const lesson = {
  preview: '44444444444444444444dd01',
  grid: '44444444444444444444dd02',
  notes: '44444444444444444444dd03',
  layouts: '44444444444444444444dd04',
  /** Not in the curriculum. */
  unknown: '44444444444444444444ddff',
};

export const curriculum: CourseLessons['lessons'] = [
  { id: lesson.preview, durationSeconds: 60, isFreePreview: true, kind: 'video' },
  { id: lesson.grid, durationSeconds: 240, isFreePreview: false, kind: 'video' },
  { id: lesson.notes, durationSeconds: null, isFreePreview: false, kind: 'article' },
  { id: lesson.layouts, durationSeconds: 600, isFreePreview: false, kind: 'video' },
];

/** A second subscriber, for the IDOR tests. */
export const otherSubscriber: Identity = { id: 'dddddddddddddddddddddddd', role: 'user', email: 'other@test.example', name: 'Olga Other' };

export async function createTestContext() {
  const database = await createTestDatabase();
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 20 });
  await prepareDatabase(db, { seed: false, log: testLog });

  /** Who has a plan, as billing would answer; tests flip it and evict. */
  const entitled = new Set<string>(['cccccccccccccccccccccccc', otherSubscriber.id]);
  const catalogue = new Map(products.map((p) => [p._id, p]));
  /** Each course's lessons, as content would answer them (a product not here has none: a single-video product). */
  const courses = new Map<string, CourseLessons['lessons']>([[ids.lessons, curriculum]]);

  const content = (await createPeerStandIn())
    .answer(contentInternalRoutes.product, ({ params }) => {
      const product = catalogue.get(params.idOrSlug!);
      if (!product) throw notFound('Product not found');
      return product;
    })
    .answer(contentInternalRoutes.courseLessons, ({ params }) => {
      if (!catalogue.has(params.idOrSlug!)) throw notFound('Product not found');
      return { productId: params.idOrSlug!, lessons: courses.get(params.idOrSlug!) ?? [] };
    })
    .answer(contentInternalRoutes.lookupProducts, ({ body }) => (body.ids as string[]).flatMap((id) => catalogue.get(id) ?? []))
    .answer(contentInternalRoutes.categoryProducts, ({ params }) => {
      if (params.idOrSlug !== ids.category && params.idOrSlug !== 'web-development') throw notFound('Category not found');
      return [...catalogue.values()].filter((p) => p.categoryId === ids.category && p.isPublished);
    });

  const billing = (await createPeerStandIn()).answer(billingInternalRoutes.entitlement, ({ params }) => {
    const has = entitled.has(params.userId!);
    return { entitled: has, plan: has ? ('premium' as const) : null, status: has ? ('active' as const) : ('free' as const) };
  });

  const config = configSchema.parse({
    PORT: '4003',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    CONTENT_URL: content.baseUrl,
    BILLING_URL: billing.baseUrl,
  });
  const cache = createTestCache();
  const app = createApp(createDeps({ config, db, cache, log: testLog }));

  /** Calls the app as the gateway would for this caller (or anonymously with null). */
  async function call(as: Identity | null, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = as ? identityHeaders(as) : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await app.request(path, { method, headers, body: payload });
    return { status: res.status, body: (await res.json()) as any };
  }

  return {
    app,
    db,
    cache,
    call,
    entitled,
    catalogue,
    courses,
    contentCalls: content.calls,
    billingCalls: billing.calls,
    close: async () => {
      await Promise.all([content.close(), billing.close()]);
      await cache.close();
      await db.destroy();
      await database.drop();
    },
  };
}
