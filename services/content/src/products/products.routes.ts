import { Hono } from 'hono';
import { sharedCacheFor, type AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { getPublicProduct, listPublicProducts, listTop } from './products.handlers';

/**
 * Public product routes. GET /content/products query: search, type, difficulty, category, creator
 * (id or slug), featured, sort (sortOrder | title | newest | duration), page, limit.
 */
export function productsRoutes(deps: RouteDeps) {
  // The same answer for everyone (no identity in it): shared caches may reuse it briefly.
  const shared = sharedCacheFor(deps.publicMaxAgeSeconds);
  return new Hono<AppEnv>()
    .get('/content/products', shared, listPublicProducts(deps))
    .get('/content/products/top', shared, listTop(deps))
    .get('/content/products/:idOrSlug', shared, getPublicProduct(deps));
}
