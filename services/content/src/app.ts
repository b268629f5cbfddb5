import type { Kysely } from 'kysely';
import { createService, pingDb, type Cache, type InternalClient, type Logger } from '@catalyst/service-kit';
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
}

export function createApp(deps: Deps) {
  const app = createService({
    name: 'content',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
  });
  const entitlements = createEntitlements({ billing: deps.billing, cache: deps.cache, log: deps.log });
  const catalogue = createCatalogueCache({ ttlMs: deps.config.CATALOGUE_CACHE_TTL_MS ?? 5_000 });
  const routeDeps: RouteDeps = { db: deps.db, entitlements, catalogue, signVideoUrl: createVideoUrlSigner(deps.config.INTERNAL_SECRET) };
  // Any successful admin write may change what the public sees: drop the memoised reads at once.
  app.use('/admin/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.res.status < 400) catalogue.invalidate();
  });
  app.route('/', categoriesRoutes(routeDeps));
  app.route('/', productsRoutes(routeDeps));
  app.route('/', creatorsRoutes(routeDeps));
  app.route('/', premiumRoutes(routeDeps));
  app.route('/', entitlementRoutes(entitlements));
  app.route('/', internalRoutes(routeDeps));
  app.route('/admin', createAdminRouter(deps));
  return app;
}
