import {
  createCatalogClient,
  createEntitlements,
  createInvalidations,
  createLessonAccess,
  createPeer,
  type CatalogClient,
  type Entitlements,
  type Invalidations,
  type LessonAccess,
  type Peer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';
import { createPostingRate, type PostingRate } from './discussions/posting-rate';
import { silentEvents, type CommunityEvents } from './events';

/** What the process provides (main.ts; tests build their own). */
export interface BaseDeps extends ServiceBaseDeps<Config, Database> {
  /** What discussions announce (replies, follows); the notifications' listener by default. */
  events?: CommunityEvents;
  /** The clock (tests move it: the edit window, live sessions). */
  now?: () => Date;
}

/** Everything community's handlers use, built once from the process's pieces. */
export interface Deps extends BaseDeps {
  /** Content's /internal routes: products and their lessons (cached). */
  catalog: CatalogClient;
  /** Whether a caller may open a product or one of its lessons (the rule content keeps). */
  lessonAccess: LessonAccess;
  /** Auth's /internal routes: account ages for the new-account rate. */
  auth: Peer;
  entitlements: Entitlements;
  invalidations: Invalidations;
  /** Threads and replies per person and hour (stricter for new accounts). */
  postingRate: PostingRate;
  events: CommunityEvents;
  now: () => Date;
}

export function createDeps(base: BaseDeps): Deps {
  const { config, cache, log, broadcast } = base;
  const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET });
  const entitlements = createEntitlements({ billing: peer(config.BILLING_URL), cache, log });
  const invalidations = createInvalidations({ broadcast, log });
  const catalog = createCatalogClient({ content: peer(config.CONTENT_URL), cache });
  const auth = peer(config.AUTH_URL);
  const now = base.now ?? (() => new Date());
  // Billing announces a changed plan: the cached answer goes, so the next premium request asks again.
  invalidations.subscribe('entitlement', (userId) => userId && void entitlements.evict(userId));
  // Content announces its changes over Redis (when configured): a curriculum may have changed (a lesson's free preview).
  invalidations.subscribe('content', () => catalog.forgetLessons(), () => catalog.forgetLessons());
  return {
    ...base,
    catalog,
    lessonAccess: createLessonAccess({ catalog, entitlements }),
    auth,
    entitlements,
    invalidations,
    postingRate: createPostingRate({ auth, cache, log, now }),
    events: base.events ?? silentEvents,
    now,
  };
}
