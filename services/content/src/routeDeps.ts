import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { CatalogueCache } from './catalogueCache';
import type { Entitlements } from './entitlement/entitlement.service';
import type { VideoUrlSigner } from './premium/videoUrls';

/** What the public and premium routers need. */
export interface RouteDeps {
  db: Kysely<Database>;
  entitlements: Entitlements;
  catalogue: CatalogueCache;
  /** Signs local premium video addresses for an entitled caller; applied after the catalogue memo, never stored. */
  signVideoUrl: VideoUrlSigner;
  /** How long shared caches (the gateway's edge cache) may reuse a public catalogue answer; 0: never. */
  publicMaxAgeSeconds: number;
}

/** A catalogue read, memoised briefly under its name and arguments. */
export const cachedRead = <T>(deps: RouteDeps, name: string, args: unknown, load: () => Promise<T>): Promise<T> =>
  deps.catalogue.remember(`${name}:${JSON.stringify(args)}`, load);
