import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { getPublicProduct, listPublicProducts, listTop } from './products.handlers';

/**
 * Public product routes. GET /content/products query: search, type, difficulty, category, creator
 * (id or slug), featured, sort (sortOrder | title | newest | duration), page, limit.
 */
export function productsRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/content/products', listPublicProducts(deps))
    .get('/content/products/top', listTop(deps))
    .get('/content/products/:idOrSlug', getPublicProduct(deps));
}
