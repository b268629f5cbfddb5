import { Hono } from 'hono';
import { productLookupBodySchema } from '@catalyst/contracts';
import { notFound, ok, parseBody, type AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { categoryParam, requireCategory } from '../categories/categories.handlers';
import { productParam } from '../products/products.handlers';
import { findProduct, findSummaries, listCategorySummaries, toSummary } from '../products/products.repository';

/**
 * Service-to-service routes (guarded by the shared secret in service-kit; the gateway never exposes them).
 * Summaries include drafts when asked by id; category lists are published only.
 */
export function internalRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/internal/products/:idOrSlug', async (c) => {
      const product = await findProduct(deps.db, productParam(c), { includeHidden: true });
      if (!product) throw notFound('Product not found');
      return ok(c, toSummary(product));
    })
    .post('/internal/products/lookup', async (c) => {
      const { ids } = await parseBody(c, productLookupBodySchema);
      return ok(c, await findSummaries(deps.db, [...new Set(ids)]));
    })
    .get('/internal/categories/:idOrSlug/products', async (c) => {
      const category = await requireCategory(deps, categoryParam(c));
      return ok(c, await listCategorySummaries(deps.db, category._id));
    });
}
