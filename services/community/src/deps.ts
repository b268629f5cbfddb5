import { createEntitlements, createInvalidations, createPeer, type Entitlements, type Invalidations, type Peer, type ServiceBaseDeps } from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';
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
  /** Content's /internal routes: products and their lessons. */
  content: Peer;
  /** Auth's /internal routes: account ages for the new-account rate. */
  auth: Peer;
  entitlements: Entitlements;
  invalidations: Invalidations;
  events: CommunityEvents;
  now: () => Date;
}

export function createDeps(base: BaseDeps): Deps {
  const { config, cache, log, broadcast } = base;
  const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET });
  const entitlements = createEntitlements({ billing: peer(config.BILLING_URL), cache, log });
  const invalidations = createInvalidations({ broadcast, log });
  // Billing announces a changed plan: the cached answer goes, so the next premium request asks again.
  invalidations.subscribe('entitlement', (userId) => userId && void entitlements.evict(userId));
  return {
    ...base,
    content: peer(config.CONTENT_URL),
    auth: peer(config.AUTH_URL),
    entitlements,
    invalidations,
    events: base.events ?? silentEvents,
    now: base.now ?? (() => new Date()),
  };
}
