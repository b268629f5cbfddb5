import {
  createEntitlements,
  createInvalidations,
  createPeer,
  type Entitlements,
  type Invalidations,
  type Peer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import { createLessonAccess, type LessonAccess } from '@catalyst/catalog-access';
import { createCatalog, type Catalog } from './catalog/catalog.client';
import type { Config } from './config';
import { createCredentialIssuer, type CredentialIssuer } from './credentials/issuer';
import type { Database } from './db/schema';

/** What the process provides (main.ts; tests build their own). */
export type BaseDeps = ServiceBaseDeps<Config, Database>;

/** Everything progress's handlers use, built once from the process's pieces. */
export interface Deps extends BaseDeps {
  catalog: Catalog;
  /** Auth's /internal routes: the learner's name on a certificate. */
  auth: Peer;
  /** Billing's /internal routes: who pays (the analytics rollup's paid minutes). */
  billing: Peer;
  /** Signs certificates' credentials and publishes the keys (./credentials). */
  credentials: CredentialIssuer;
  entitlements: Entitlements;
  /** Whether a caller may open a product or one of its lessons (service-kit: the rule content keeps). */
  lessonAccess: LessonAccess;
  invalidations: Invalidations;
}

export function createDeps(base: BaseDeps): Deps {
  const { config, cache, log, broadcast } = base;
  const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET });
  const billing = peer(config.BILLING_URL);
  const entitlements = createEntitlements({ billing, cache, log });
  const invalidations = createInvalidations({ broadcast, log });
  const catalog = createCatalog({ content: peer(config.CONTENT_URL), cache });
  const credentials = createCredentialIssuer({ db: base.db, config, log });
  // Billing announces a changed plan: the cached answer goes, so the next premium request asks again.
  invalidations.subscribe('entitlement', (userId) => userId && void entitlements.evict(userId));
  // Content announces its changes over Redis (when configured): a curriculum may have changed, so the
  // courses' lessons are asked again (without Redis their 5 s lifetime bounds how stale they get).
  invalidations.subscribe(
    'content',
    () => catalog.forgetLessons(),
    () => catalog.forgetLessons(),
  );
  const lessonAccess = createLessonAccess({ catalog, entitlements });
  return {
    ...base,
    catalog,
    auth: peer(config.AUTH_URL),
    billing,
    credentials,
    entitlements,
    lessonAccess,
    invalidations,
  };
}
