import type { Hono } from 'hono';
import { contentInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import { requireCategory } from '../categories/categories.handlers';
import { findCurriculumMediaUsage, listCourseLessons } from '../curriculum/curriculum.repository';
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
    /** Products that play an asset, and products whose lessons or resources use it (each product once per asset). */
    async mediaUsage({ body }) {
      const assetIds = [...new Set(body.assetIds)];
      const [usage, curriculum] = await Promise.all([findMediaUsage(deps.db, assetIds), findCurriculumMediaUsage(deps.db, assetIds)]);
      for (const { assetId, product } of curriculum) {
        const products = (usage[assetId] ??= []);
        if (!products.some((p) => p._id === product._id)) products.push(product);
      }
      for (const products of Object.values(usage)) products.sort((a, b) => a.title.localeCompare(b.title) || a._id.localeCompare(b._id));
      return usage;
    },
    /** A course's lessons in order (none for a single-video product), drafts included. */
    async courseLessons({ params }) {
      const product = await findProduct(deps.db, params.idOrSlug, { includeHidden: true });
      if (!product) throw notFound('Product not found');
      return { productId: product.id, lessons: await listCourseLessons(deps.db, product.id) };
    },
    async categoryProducts({ params }) {
      const category = await requireCategory(deps, params.idOrSlug);
      return listCategorySummaries(deps.db, category._id);
    },
  });
}
