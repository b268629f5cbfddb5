import {
  createEntitlements,
  createInvalidations,
  createPeer,
  mailerFromConfig,
  type Entitlements,
  type Invalidations,
  type Mailer,
  type Peer,
  type ServiceBaseDeps,
} from '@catalyst/service-kit';
import { createMediaStreams, type MediaStreams } from '@catalyst/catalog-access';
import { createCatalogCache, type CatalogCache } from './catalog-cache';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { SearchChanges } from './search/search-changes';
import { createVideoUrlSigner, type VideoUrlSigner } from './video-urls';

/** What the process provides (main.ts; tests build their own, with a mailer that keeps what it sends). */
export type BaseDeps = ServiceBaseDeps<Config, Database> & { mailer?: Mailer };

/** Everything content's handlers use, built once from the process's pieces. */
export interface Deps extends BaseDeps {
  /** The services content asks over their /internal routes. */
  peers: { auth: Peer; billing: Peer; progress: Peer; media: Peer; community: Peer };
  /** A product page's adaptive stream (the uploaded video's, once media has processed it). */
  mediaStreams: MediaStreams;
  entitlements: Entitlements;
  /** 'content' after an admin write (this process's memo, every edge cache); 'entitlement' from billing. */
  invalidations: Invalidations;
  /** A short memo of catalog reads, cleared by every admin write. */
  catalog: CatalogCache;
  /** Signs local premium video addresses for an entitled caller; applied after the catalog memo, never stored. */
  signVideoUrl: VideoUrlSigner;
  /** How long shared caches (the gateway's edge cache) may reuse a public catalog answer; 0: never. */
  publicMaxAgeSeconds: number;
  /** Tells search when the catalogue changed, so it may keep answers until then (main.ts; none: nothing kept). */
  searchChanges?: SearchChanges;
  /** Creator invitations and review outcomes; by default the configured one (SMTP, else the outbox folder). */
  mailer: Mailer;
}

export function createDeps(base: BaseDeps): Deps {
  const { config, cache, log, broadcast } = base;
  const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET });
  const peers = {
    auth: peer(config.AUTH_URL),
    billing: peer(config.BILLING_URL),
    progress: peer(config.PROGRESS_URL),
    media: peer(config.MEDIA_URL),
    community: peer(config.COMMUNITY_URL),
  };
  const entitlements = createEntitlements({ billing: peers.billing, cache, log });
  const catalogTtlMs = config.CATALOG_CACHE_TTL_MS ?? 5_000;
  const catalog = createCatalogCache({ ttlMs: catalogTtlMs });
  const invalidations = createInvalidations({ broadcast, log });
  // Any admin write may change what the public sees (here or on another replica); a missed message may have been one.
  invalidations.subscribe(
    'content',
    () => catalog.invalidate(),
    () => catalog.invalidate(),
  );
  // Billing announces a changed plan: the cached answer goes, so the next premium request asks again.
  invalidations.subscribe('entitlement', (userId) => userId && void entitlements.evict(userId));
  return {
    ...base,
    peers,
    entitlements,
    invalidations,
    catalog,
    signVideoUrl: createVideoUrlSigner(config.INTERNAL_SECRET),
    mediaStreams: createMediaStreams({ media: peers.media, secret: config.INTERNAL_SECRET, log }),
    // Public answers may be reused by shared caches as long as this service reuses its own reads (off with them).
    publicMaxAgeSeconds: Math.ceil(catalogTtlMs / 1000),
    mailer: base.mailer ?? mailerFromConfig(config, log),
  };
}

/** A catalog read, memoised briefly under its name and arguments. */
export const cachedRead = <T>(
  deps: Pick<Deps, 'catalog'>,
  name: string,
  args: unknown,
  load: () => Promise<T>,
): Promise<T> => deps.catalog.remember(`${name}:${JSON.stringify(args)}`, load);
