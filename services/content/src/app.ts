import type { Kysely } from 'kysely';
import { CACHE_PURGE_CHANNEL, createService, pingDb, type Broadcast, type Cache, type InternalClient, type Logger } from '@catalyst/service-kit';
import { createAdminRouter } from './admin/admin.routes';
import { createCatalogueCache } from './catalogueCache';
import type { Config } from './config';
import type { Database } from './db/schema';
import { categoriesRoutes } from './categories/categories.routes';
import { creatorsRoutes } from './creators/creators.routes';
import { createEntitlements } from './entitlement/entitlement.service';
import { entitlementRoutes } from './entitlement/entitlement.routes';
import { internalRoutes } from './internal/internal.routes';
import { premiumRoutes } from './premium/premium.routes';
import { createVideoUrlSigner } from './premium/videoUrls';
import { productsRoutes } from './products/products.routes';
import type { RouteDeps } from './routeDeps';

export interface Deps {
  config: Config;
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
  /** Billing's /internal routes (entitlements). */
  billing: InternalClient;
  /** Purge announcements to gateways and other replicas (Redis pub/sub; omitted: this process only). */
  broadcast?: Broadcast;
}

export function createApp(deps: Deps) {
  const app = createService({
    name: 'content',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
  });
  const entitlements = createEntitlements({ billing: deps.billing, cache: deps.cache, log: deps.log });
  const catalogueTtlMs = deps.config.CATALOGUE_CACHE_TTL_MS ?? 5_000;
  const catalogue = createCatalogueCache({ ttlMs: catalogueTtlMs });
  // Public answers may be reused by shared caches as long as this service reuses its own reads (off with them).
  const publicMaxAgeSeconds = Math.ceil(catalogueTtlMs / 1000);
  const routeDeps: RouteDeps = { db: deps.db, entitlements, catalogue, signVideoUrl: createVideoUrlSigner(deps.config.INTERNAL_SECRET), publicMaxAgeSeconds };
  // Any successful admin write may change what the public sees: drop the memoised reads at once, here and
  // (REDIS_URL) in every gateway's edge cache and every other replica's memo.
  app.use('/admin/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.res.status < 400) {
      catalogue.invalidate();
      await deps.broadcast?.publish(CACHE_PURGE_CHANNEL, 'content');
    }
  });
  deps.broadcast?.subscribe(CACHE_PURGE_CHANNEL, (service) => service === 'content' && catalogue.invalidate(), () => catalogue.invalidate());
  app.route('/', categoriesRoutes(routeDeps));
  app.route('/', productsRoutes(routeDeps));
  app.route('/', creatorsRoutes(routeDeps));
  app.route('/', premiumRoutes(routeDeps));
  app.route('/', entitlementRoutes(entitlements));
  app.route('/', internalRoutes(routeDeps));
  app.route('/admin', createAdminRouter(deps));
  return app;
}
