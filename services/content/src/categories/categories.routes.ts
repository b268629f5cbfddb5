import { Hono } from 'hono';
import { sharedCacheFor, type AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { getPublicCategory, listPublicCategories, listPublicCategoryProducts } from './categories.handlers';

/**
 * Public category routes (spec section 7). Query: search, sort (sortOrder | name | newest), page, limit.
 * Product lists take the product filters (search, type, difficulty, creator, featured, sort, page, limit).
 */
export function categoriesRoutes(deps: RouteDeps) {
  // The same answer for everyone (no identity in it): shared caches may reuse it briefly.
  const shared = sharedCacheFor(deps.publicMaxAgeSeconds);
  return new Hono<AppEnv>()
    .get('/categories', shared, listPublicCategories(deps))
    .get('/categories/:idOrSlug', shared, getPublicCategory(deps))
    .get('/categories/:idOrSlug/products', shared, listPublicCategoryProducts(deps))
    .get('/content/categories', shared, listPublicCategories(deps))
    .get('/content/categories/:idOrSlug', shared, getPublicCategory(deps))
    .get('/content/categories/:idOrSlug/products', shared, listPublicCategoryProducts(deps));
}
