// Test world for the progress service: a real Postgres database and stand-ins for the content and
// billing /internal routes (those services are separate processes in production).
import type { Language } from '@catalyst/contracts/languages';
import {
  authInternalRoutes,
  billingInternalRoutes,
  contentInternalRoutes,
  payingInternalRoutes,
  type CertificateFacts,
  type CourseLessons,
  type Identity,
  type LearningPath,
  type ProductSummary,
  type QuizKey,
} from '@catalyst/contracts';
import { createDb, notFound, unavailable } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createPeerStandIn,
  createTestCache,
  createTestDatabase,
  identityHeaders,
  testLog,
  testUsers,
} from '@catalyst/service-kit/testing';
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
  /** A course ending with a quiz (quizCurriculum below). */
  quizCourse: '11111111111111111111aa07',
  /** A 24-second clip: content knows its exact length (`durationSeconds`), its duration rounds up to a minute. */
  clip: '11111111111111111111aa08',
  missing: '11111111111111111111ffff',
  category: '22222222222222222222bb01',
};

const summary = (
  overrides: Partial<ProductSummary> & Pick<ProductSummary, '_id' | 'slug' | 'title'>,
): ProductSummary => ({
  productId: overrides.slug.slice(0, 8),
  thumbnail: `/media/${overrides.slug}.jpg`,
  duration: 60,
  durationSeconds: null,
  type: 'video',
  categoryId: ids.category,
  creatorId: '33333333333333333333cc01',
  isPublished: true,
  price: 19.99,
  ...overrides,
});

export const products: ProductSummary[] = [
  summary({
    _id: ids.clip,
    slug: 'clip-video',
    title: 'Clip Video',
    duration: 1,
    durationSeconds: 24,
    categoryId: '22222222222222222222bb06',
  }),
  summary({ _id: ids.course, slug: 'react-course', title: 'React Course', type: 'course', duration: 120 }),
  summary({ _id: ids.video, slug: 'css-video', title: 'CSS Video', duration: 30 }),
  summary({ _id: ids.draft, slug: 'draft-video', title: 'Draft Video', isPublished: false }),
  summary({
    _id: ids.other,
    slug: 'other-video',
    title: 'Other Video',
    categoryId: '22222222222222222222bb02',
    duration: null,
  }),
  summary({
    _id: ids.free,
    slug: 'free-video',
    title: 'Free Video',
    categoryId: '22222222222222222222bb03',
    price: 0,
  }),
  summary({
    _id: ids.lessons,
    slug: 'grid-course',
    title: 'Grid Course',
    type: 'course',
    duration: 16,
    categoryId: '22222222222222222222bb04',
  }),
  summary({
    _id: ids.quizCourse,
    slug: 'quiz-course',
    title: 'Quiz Course',
    type: 'course',
    duration: 10,
    categoryId: '22222222222222222222bb05',
  }),
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

/** The lessons of ids.quizCourse: a video, a free-preview quiz and the final quiz (quizKeys). */
export const quizLesson = {
  video: '55555555555555555555ee01',
  preview: '55555555555555555555ee02',
  final: '55555555555555555555ee03',
};

export const quizCurriculum: CourseLessons['lessons'] = [
  { id: quizLesson.video, durationSeconds: 300, isFreePreview: false, kind: 'video' },
  { id: quizLesson.preview, durationSeconds: null, isFreePreview: true, kind: 'quiz' },
  { id: quizLesson.final, durationSeconds: 120, isFreePreview: false, kind: 'quiz' },
];

/** Question and option ids of the quizzes: `q(1)`, `opt(1, 'a')`. */
export const q = (n: number) => `66666666666666666666ff0${n}`;
export const opt = (n: number, letter: 'a' | 'b' | 'c') => `7777777777777777777${n}ff0${letter}`;

/** The final quiz: a single choice (a), a multiple choice (a and b) and a true/false (a is True); 70 passes. */
const finalQuiz: QuizKey = {
  lessonId: quizLesson.final,
  passPercent: 70,
  questions: [
    {
      id: q(1),
      kind: 'single',
      optionIds: [opt(1, 'a'), opt(1, 'b'), opt(1, 'c')],
      correctOptionIds: [opt(1, 'a')],
      explanation: 'Because a.',
    },
    {
      id: q(2),
      kind: 'multiple',
      optionIds: [opt(2, 'a'), opt(2, 'b'), opt(2, 'c')],
      correctOptionIds: [opt(2, 'a'), opt(2, 'b')],
      explanation: null,
    },
    {
      id: q(3),
      kind: 'true-false',
      optionIds: [opt(3, 'a'), opt(3, 'b')],
      correctOptionIds: [opt(3, 'a')],
      explanation: 'It is true.',
    },
  ],
};
/** The free-preview quiz: one true/false question; 100 passes. */
const previewQuiz: QuizKey = {
  lessonId: quizLesson.preview,
  passPercent: 100,
  questions: [
    {
      id: q(4),
      kind: 'true-false',
      optionIds: [opt(4, 'a'), opt(4, 'b')],
      correctOptionIds: [opt(4, 'b')],
      explanation: null,
    },
  ],
};

/** Every answer of the final quiz right. */
export const rightAnswers = () => [
  { questionId: q(1), optionIds: [opt(1, 'a')] },
  { questionId: q(2), optionIds: [opt(2, 'a'), opt(2, 'b')] },
  { questionId: q(3), optionIds: [opt(3, 'a')] },
];

/** A second subscriber, for the IDOR tests. */
export const otherSubscriber: Identity = {
  id: 'dddddddddddddddddddddddd',
  role: 'user',
  email: 'other@test.example',
  name: 'Olga Other',
};

export async function createTestContext() {
  const database = await createTestDatabase();
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 20 });
  await prepareDatabase(db, { seed: false, log: testLog });

  /** Who has a plan, as billing would answer; tests flip it and evict. */
  const entitled = new Set<string>(['cccccccccccccccccccccccc', otherSubscriber.id]);
  const catalog = new Map(products.map((p) => [p._id, p]));
  /** Each course's lessons, as content would answer them (a product not here has none: a single-video product). */
  const courses = new Map<string, CourseLessons['lessons']>([
    [ids.lessons, curriculum],
    [ids.quizCourse, quizCurriculum],
  ]);
  /** Each quiz's answer key, as content would answer it, by `productId/lessonId`. */
  const quizKeys = new Map<string, QuizKey>([
    [`${ids.quizCourse}/${quizLesson.final}`, finalQuiz],
    [`${ids.quizCourse}/${quizLesson.preview}`, previewQuiz],
  ]);
  /** Names as auth would answer them; `peers.authDown` / `peers.contentFactsDown` make them fail (503). */
  const names = new Map<string, string>(
    [...Object.values(testUsers), otherSubscriber].map((user) => [user.id, user.name]),
  );
  /** Languages accounts chose, as auth's lookup answers them with their names. */
  const locales = new Map<string, Language>();
  const peers = { authDown: false, contentFactsDown: false };
  /** Learning paths as content would answer them (their published items in order), by id. */
  const paths = new Map<string, LearningPath>();

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
    .answer(contentInternalRoutes.quizKey, ({ params }) => {
      const key = quizKeys.get(`${params.idOrSlug}/${params.lessonId}`);
      if (!key) throw notFound('Quiz not found');
      return key;
    })
    .answer(contentInternalRoutes.certificateFacts, ({ params }): CertificateFacts => {
      if (peers.contentFactsDown) throw unavailable();
      const product = catalog.get(params.idOrSlug!);
      if (!product) throw notFound('Product not found');
      const lessons = courses.get(product._id) ?? [];
      return {
        productId: product._id,
        slug: product.slug,
        title: product.title,
        creatorName: 'Cora Creator',
        durationSeconds: lessons.reduce((sum, l) => sum + (l.durationSeconds ?? 0), 0),
      };
    })
    .answer(contentInternalRoutes.path, ({ params }) => {
      const path = paths.get(params.idOrSlug!);
      if (!path) throw notFound('Path not found');
      return path;
    })
    .answer(contentInternalRoutes.lookupProducts, ({ body }) =>
      (body.ids as string[]).flatMap((id) => catalog.get(id) ?? []),
    )
    .answer(contentInternalRoutes.categoryProducts, ({ params }) => {
      if (params.idOrSlug !== ids.category && params.idOrSlug !== 'web-development')
        throw notFound('Category not found');
      return [...catalog.values()].filter((p) => p.categoryId === ids.category && p.isPublished);
    });

  const billing = (await createPeerStandIn())
    .answer(billingInternalRoutes.entitlement, ({ params }) => {
      const has = entitled.has(params.userId!);
      return {
        entitled: has,
        plan: has ? ('premium' as const) : null,
        status: has ? ('active' as const) : ('free' as const),
      };
    })
    // The analytics rollup's paid minutes: the entitled are the paying here.
    .answer(payingInternalRoutes.paying, ({ body }) => ({
      userIds: (body.userIds as string[]).filter((id) => entitled.has(id)),
    }));

  const auth = (await createPeerStandIn()).answer(authInternalRoutes.lookupUsers, ({ body }) => {
    if (peers.authDown) throw unavailable();
    return (body.ids as string[]).flatMap((id) =>
      names.has(id)
        ? [
            {
              id,
              name: names.get(id)!,
              email: `${id}@test.example`,
              ...(locales.has(id) ? { locale: locales.get(id) } : {}),
            },
          ]
        : [],
    );
  });

  const config = configSchema.parse({
    PORT: '4003',
    DATABASE_URL: database.url,
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    CONTENT_URL: content.baseUrl,
    BILLING_URL: billing.baseUrl,
    AUTH_URL: auth.baseUrl,
    PUBLIC_URL: 'https://learn.catalyst.test/',
    // The test LRS listens on loopback http (xapi/test-lrs.ts).
    XAPI_ALLOW_LOOPBACK_HTTP: 'true',
  });
  const cache = createTestCache();
  const deps = createDeps({ config, db, cache, log: testLog });
  const app = createApp(deps);

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
    return { status: res.status, body: await res.json() };
  }

  return {
    app,
    deps,
    db,
    cache,
    call,
    entitled,
    catalog,
    courses,
    quizKeys,
    names,
    locales,
    peers,
    paths,
    contentCalls: content.calls,
    authCalls: auth.calls,
    billingCalls: billing.calls,
    close: async () => {
      await Promise.all([content.close(), billing.close(), auth.close()]);
      await cache.close();
      await db.destroy();
      await database.drop();
    },
  };
}
