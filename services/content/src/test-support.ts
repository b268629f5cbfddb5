// Test support for the content service: a migrated database, the app, and its peers as stand-ins
// (auth, billing and progress answer their declared /internal routes over real HTTP).
import type { Language } from '@catalyst/contracts/languages';
import type { Kysely } from 'kysely';
import {
  analyticsInternalRoutes,
  authInternalRoutes,
  billingInternalRoutes,
  creatorFollowRoutes,
  creatorLearnerRoutes,
  mediaInternalRoutes,
  progressInternalRoutes,
  questionsWaitingInternalRoutes,
  type Identity,
  type LearnerSignals,
  type MediaAssetFacts,
  type ProductRollup,
} from '@catalyst/contracts';
import { createDb, notFound, unavailable } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createPeerStandIn,
  createTestCache,
  createTestDatabase,
  createMemoryMailer,
  identityHeaders,
  testLog,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createApp } from './app';
import { createDeps } from './deps';
import type { Config } from './config';
import type { Database } from './db/schema';
import { SCHEMA, prepareDatabase } from './setup';

type PeerName = 'auth' | 'billing' | 'progress' | 'media' | 'community';

/**
 * One stand-in answering as auth (users count), billing (subscribers count, entitlements), progress
 * (a product's progress deletion) and media (an asset's facts, from `assets`). `entitled` says who holds the plan, `down` makes a peer answer 503,
 * `calls` records every request (`METHOD /path`).
 */
/** An item nobody watched, as progress's rollups answer it. */
const emptyFigures = (productId: string) => ({
  productId,
  seconds: 0,
  paidSeconds: 0,
  completions: 0,
  learners: 0,
  percentAverage: 0,
});

export async function startPeers({ entitled = [] as string[] } = {}) {
  const standIn = await createPeerStandIn();
  const state = {
    users: 42,
    subscribers: 7,
    entitled: new Set<string>(entitled),
    down: new Set<PeerName>(),
    calls: standIn.calls,
    entitlementCalls: [] as string[],
    assets: new Map<string, MediaAssetFacts>(),
    /** Progress's answer on a learner's product, by `userId/productId` (none: never started). */
    standings: new Map<string, { progress: number; completedLessons: number }>(),
    /** Progress's learner signals (recommendations), by user id (none: a learner who watched nothing). */
    signals: new Map<string, LearnerSignals>(),
    /** Roles auth was told to set (creator accounts), by user id. */
    roles: new Map<string, string>(),
    /** The languages accounts chose, as auth's user lookup answers them (names and addresses are made up). */
    locales: new Map<string, Language>(),
    /** Progress's rollups by product (the studio analytics); none: nothing watched. */
    rollups: new Map<string, ProductRollup>(),
    /** Community's open questions by product. */
    waiting: new Map<string, number>(),
    /** Progress's count of people who started any of the asked products (a creator page's learners). */
    learners: 0,
    /** What content handed community for creators' followers, in order. */
    news: [] as { productId: string; creatorId: string }[],
  };
  const up = (peer: PeerName) => {
    if (state.down.has(peer)) throw unavailable('down');
  };
  standIn
    .answer(authInternalRoutes.userCount, () => (up('auth'), { count: state.users }))
    .answer(authInternalRoutes.lookupUsers, ({ body }) => {
      up('auth');
      return (body.ids as string[]).map((id) => ({
        id,
        name: 'Looked Up',
        email: `${id}@test.example`,
        ...(state.locales.has(id) ? { locale: state.locales.get(id) } : {}),
      }));
    })
    .answer(authInternalRoutes.setRole, ({ params, body }) => {
      up('auth');
      state.roles.set(params.userId!, body.role);
      return { id: params.userId!, role: body.role };
    })
    .answer(billingInternalRoutes.subscriberCount, () => (up('billing'), { count: state.subscribers }))
    .answer(billingInternalRoutes.entitlement, ({ params }) => {
      state.entitlementCalls.push(params.userId!);
      up('billing');
      const yes = state.entitled.has(params.userId!);
      return {
        entitled: yes,
        plan: yes ? ('premium' as const) : null,
        status: yes ? ('active' as const) : ('free' as const),
      };
    })
    .answer(progressInternalRoutes.deleteProductProgress, () => (up('progress'), { deleted: 2 }))
    .answer(progressInternalRoutes.standing, ({ params }) => {
      up('progress');
      return (
        state.standings.get(`${params.userId}/${params.productId}`) ?? { progress: 0, completedLessons: 0 }
      );
    })
    .answer(progressInternalRoutes.learnerSignals, ({ params }) => {
      up('progress');
      return state.signals.get(params.userId!) ?? { watched: [], completed: [], coWatched: [] };
    })
    .answer(creatorLearnerRoutes.learners, () => (up('progress'), { learners: state.learners }))
    .answer(creatorFollowRoutes.news, ({ body }) => {
      up('community');
      state.news.push(...body.items);
      return { queued: body.items.length };
    })
    .answer(analyticsInternalRoutes.items, ({ body }) => {
      up('progress');
      return (body.productIds as string[]).map((id) => state.rollups.get(id)?.figures ?? emptyFigures(id));
    })
    .answer(analyticsInternalRoutes.product, ({ body }) => {
      up('progress');
      const id = body.productId as string;
      return state.rollups.get(id) ?? { days: [], figures: emptyFigures(id), lessons: [], quizzes: [] };
    })
    .answer(questionsWaitingInternalRoutes.questionsWaiting, ({ body }) => {
      up('community');
      return (body.productIds as string[]).map((productId) => ({
        productId,
        waiting: state.waiting.get(productId) ?? 0,
      }));
    })
    .answer(mediaInternalRoutes.assetFacts, ({ params }) => {
      up('media');
      const facts = state.assets.get(params.id!);
      if (!facts) throw notFound('Media asset not found');
      return facts;
    });
  return { url: standIn.baseUrl, state, close: () => standIn.close() };
}
export type Peers = Awaited<ReturnType<typeof startPeers>>;

/** Billing as the public and premium tests see it: who is entitled, whose entitlement was asked, and whether it is down. */
function billingView(peers: Peers) {
  return {
    entitled: peers.state.entitled,
    /** The user ids billing was asked about, in order. */
    calls: peers.state.entitlementCalls,
    setFailing: (failing: boolean) =>
      void (failing ? peers.state.down.add('billing') : peers.state.down.delete('billing')),
  };
}

export const testConfig = (databaseUrl: string, peersUrl: string, catalogCacheTtlMs?: number): Config => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: 0,
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: 5,
  REDIS_URL: undefined,
  INTERNAL_SECRET: TEST_INTERNAL_SECRET,
  SEED_DEMO: false,
  RESPONSE_CHECK: 'strict',
  AUTH_URL: peersUrl,
  CONTENT_URL: 'http://127.0.0.1:9',
  PROGRESS_URL: peersUrl,
  BILLING_URL: peersUrl,
  MEDIA_URL: peersUrl,
  COMMUNITY_URL: peersUrl,
  MAIL_FROM: 'Catalyst <no-reply@catalyst.example>',
  OUTBOX_DIR: '/nonexistent/outbox',
  PUBLIC_URL: 'http://localhost:8080',
  ...(catalogCacheTtlMs === undefined ? {} : { CATALOG_CACHE_TTL_MS: catalogCacheTtlMs }),
});

export type Caller = 'anonymous' | keyof typeof testUsers;

/** A fresh database with the content schema, the app over it, and its peers answering as told. */
export async function createTestContext({
  catalogCacheTtlMs = 0,
  entitled = [] as string[],
}: { catalogCacheTtlMs?: number; entitled?: string[] } = {}) {
  const database = await createTestDatabase();
  const peers = await startPeers({ entitled });
  const db: Kysely<Database> = createDb<Database>({
    connectionString: database.url,
    schema: SCHEMA,
    poolSize: 5,
  });
  await prepareDatabase(db, { seed: false, log: testLog });
  const cache = createTestCache();
  const mailer = createMemoryMailer();
  const app = createApp(
    createDeps({
      config: testConfig(database.url, peers.url, catalogCacheTtlMs),
      db,
      cache,
      log: testLog,
      mailer,
    }),
  );

  /** Calls the app as a person would arrive through the gateway; answers status and parsed body. */
  async function call(caller: Caller | Identity, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> =
      caller === 'anonymous'
        ? {}
        : identityHeaders(typeof caller === 'string' ? (testUsers[caller] as Identity) : caller);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  return {
    app,
    db,
    /** The test database's address (for a connection of a test's own, e.g. a listener). */
    databaseUrl: database.url,
    cache,
    peers,
    mailer,
    billing: billingView(peers),
    call,
    admin: (method: string, path: string, body?: unknown) => call('admin', method, path, body),
    close: async () => {
      await db.destroy();
      await cache.close();
      await peers.close();
      await database.drop();
    },
  };
}
export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** Fixed ids so tests read like the data they prove things about. */
export const fx = {
  web: '0000000000000000000c0001',
  data: '0000000000000000000c0002',
  hiddenCategory: '0000000000000000000c0003',
  alice: '0000000000000000000d0001',
  bob: '0000000000000000000d0002',
  ghost: '0000000000000000000d0003',
  react: '0000000000000000000e0001',
  css: '0000000000000000000e0002',
  sql: '0000000000000000000e0003',
  draft: '0000000000000000000e0004',
  retired: '0000000000000000000e0005',
  byGhost: '0000000000000000000e0006',
  inHiddenCategory: '0000000000000000000e0007',
  pandas: '0000000000000000000e0008',
};

/** Two visible categories, one inactive; three creators (one inactive); visible products and hidden ones. */
export async function insertFixtures(db: Kysely<Database>) {
  await db
    .insertInto('categories')
    .values([
      {
        id: fx.web,
        name: 'Web Development',
        description: 'Build for the browser and the server',
        slug: 'web-development',
        icon: '💻',
        color: '#3b82f6',
        sort_order: 1,
        created_at: '2026-01-01T00:00:00Z',
      },
      {
        id: fx.data,
        name: 'Data Science',
        description: 'Statistics, Python and 100% practical notebooks',
        slug: 'data-science',
        icon: '📊',
        color: '#10b981',
        sort_order: 0,
        created_at: '2026-02-01T00:00:00Z',
      },
      {
        id: fx.hiddenCategory,
        name: 'Retired Topics',
        description: 'No longer offered to anyone',
        slug: 'retired-topics',
        is_active: false,
        sort_order: 2,
      },
    ])
    .execute();
  await db
    .insertInto('creators')
    .values([
      {
        id: fx.alice,
        name: 'Alice Doe',
        description: 'Front-end engineer',
        slug: 'alice-doe',
        sort_order: 1,
        created_at: '2026-01-01T00:00:00Z',
      },
      {
        id: fx.bob,
        name: 'Bob Stone',
        description: 'Data engineer and SQL fan',
        slug: 'bob-stone',
        sort_order: 0,
        created_at: '2026-03-01T00:00:00Z',
      },
      {
        id: fx.ghost,
        name: 'Ghost Writer',
        description: 'Left the platform',
        slug: 'ghost-writer',
        is_active: false,
      },
    ])
    .execute();
  const base = {
    is_published: true,
    content: '<p>Secret lesson body</p>',
    video_url: '/media/videos/lesson-1.mp4',
    thumbnail: '/media/thumbnails/x.jpg',
  };
  await db
    .insertInto('products')
    .values([
      {
        ...base,
        id: fx.react,
        product_id: 'REACT001',
        slug: 'react-basics',
        title: 'React Basics',
        description: 'Components and hooks',
        category_id: fx.web,
        creator_id: fx.alice,
        type: 'course',
        difficulty: 'beginner',
        duration: 90,
        tags: ['react', 'javascript', 'hooks', 'jsx'],
        price: '0',
        sort_order: 2,
        is_featured: true,
        created_at: '2026-01-02T00:00:00Z',
      },
      {
        ...base,
        id: fx.css,
        product_id: 'CSS00002',
        slug: 'modern-css-layouts',
        title: 'Modern CSS Layouts',
        description: 'Grid and flexbox in practice',
        category_id: fx.web,
        creator_id: fx.alice,
        type: 'video',
        difficulty: 'intermediate',
        duration: 25,
        tags: ['css', 'grid'],
        price: '19.99',
        sort_order: 1,
        created_at: '2026-01-05T00:00:00Z',
      },
      {
        ...base,
        id: fx.sql,
        product_id: 'SQL00003',
        slug: 'sql-window-functions',
        title: 'SQL Window Functions',
        description: 'Ranking, running totals and 50_percent tricks',
        category_id: fx.data,
        creator_id: fx.bob,
        type: 'webinar',
        difficulty: 'advanced',
        duration: 240,
        tags: ['sql', 'postgres'],
        price: '49.00',
        sort_order: 0,
        is_featured: true,
        created_at: '2026-01-03T00:00:00Z',
      },
      {
        ...base,
        id: fx.pandas,
        product_id: 'PANDAS04',
        slug: 'pandas-for-analysts',
        title: 'Pandas for Analysts',
        description: 'DataFrames without tears',
        category_id: fx.data,
        creator_id: fx.alice,
        type: 'tutorial',
        difficulty: 'beginner',
        duration: null,
        tags: ['python'],
        price: null,
        sort_order: 3,
        created_at: '2026-01-04T00:00:00Z',
      },
      {
        ...base,
        id: fx.draft,
        product_id: 'DRAFT005',
        slug: 'unfinished-draft',
        title: 'Unfinished Draft React',
        description: 'Not ready',
        category_id: fx.web,
        creator_id: fx.alice,
        is_published: false,
      },
      {
        ...base,
        id: fx.retired,
        product_id: 'RETIRE06',
        slug: 'retired-course',
        title: 'Retired React Course',
        description: 'Inactive',
        category_id: fx.web,
        creator_id: fx.alice,
        is_active: false,
      },
      {
        ...base,
        id: fx.byGhost,
        product_id: 'GHOST007',
        slug: 'ghost-react',
        title: 'Ghost React',
        description: 'By an inactive creator',
        category_id: fx.web,
        creator_id: fx.ghost,
      },
      {
        ...base,
        id: fx.inHiddenCategory,
        product_id: 'HIDDEN08',
        slug: 'hidden-category-react',
        title: 'Hidden Category React',
        description: 'In an inactive category',
        category_id: fx.hiddenCategory,
        creator_id: fx.bob,
      },
    ])
    .execute();
}
