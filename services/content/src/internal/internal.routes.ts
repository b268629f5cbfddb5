import type { Hono } from 'hono';
import { contentInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import { requireCategory } from '../categories/categories.handlers';
import type { Deps } from '../deps';
import { findMediaUsage, findProduct, findSummaries, listCategorySummaries, toSummary } from '../products/products.repository';

/**
 * Service-to-service routes (guarded by the shared secret in service-kit; the gateway never exposes them).
 * Summaries include drafts when asked by id; category lists are published only.
 */
export function mountInternal(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, contentInternalRoutes, {
    async product({ params }) {
      const product = await findProduct(deps.db, params.idOrSlug, { includeHidden: true });
      if (!product) throw notFound('Product not found');
      return toSummary(product);
    },
    lookupProducts: ({ body }) => findSummaries(deps.db, [...new Set(body.ids)]),
    mediaUsage: ({ body }) => findMediaUsage(deps.db, [...new Set(body.assetIds)]),
    async categoryProducts({ params }) {
      const category = await requireCategory(deps, params.idOrSlug);
      return listCategorySummaries(deps.db, category._id);
    },
  });
}
