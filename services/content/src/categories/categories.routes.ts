import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { getPublicCategory, listPublicCategories, listPublicCategoryProducts } from './categories.handlers';

/**
 * Public category routes (spec section 7). Query: search, sort (sortOrder | name | newest), page, limit.
 * Product lists take the product filters (search, type, difficulty, creator, featured, sort, page, limit).
 */
export function categoriesRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/categories', listPublicCategories(deps))
    .get('/categories/:idOrSlug', getPublicCategory(deps))
    .get('/categories/:idOrSlug/products', listPublicCategoryProducts(deps))
    .get('/content/categories', listPublicCategories(deps))
    .get('/content/categories/:idOrSlug', getPublicCategory(deps))
    .get('/content/categories/:idOrSlug/products', listPublicCategoryProducts(deps));
}
