import type { creatorRoutes } from '@catalyst/contracts';
import { notFound, type RouteHandlers } from '@catalyst/service-kit';
import { requireCategory } from '../categories/categories.handlers';
import { cachedRead, type Deps } from '../deps';
import { createGroupAdminHandlers, creatorKind } from '../groups/groups.handlers';
import { listAllProducts } from '../products/products.repository';
import { premiumProductOf } from '../products/products.handlers';
import { findCreator, listCreatorsOfCategory } from './creators.repository';

async function requireCreator(deps: Deps, idOrSlug: string) {
  const creator = await cachedRead(deps, 'creator', idOrSlug, () => findCreator(deps.db, idOrSlug));
  if (!creator) throw notFound('Creator not found');
  return creator;
}

export function createCreatorHandlers(deps: Deps): RouteHandlers<typeof creatorRoutes> {
  return {
    /** The category page: creators with their product count in the category. */
    async listOfCategory({ params, query }) {
      const category = await requireCategory(deps, params.idOrSlug);
      return cachedRead(deps, 'creators', [category._id, query], () =>
        listCreatorsOfCategory(deps.db, category._id, query),
      );
    },

    /** The creator's library across categories. */
    async listProducts({ params, query }) {
      const creator = await requireCreator(deps, params.creator);
      const options = { ...query, creator: creator._id };
      const rows = await cachedRead(deps, 'library', options, () => listAllProducts(deps.db, options));
      return rows.map(premiumProductOf());
    },

    /** The creator library page: the creator's products in one category. */
    async listProductsInCategory({ params, query }) {
      const [creator, category] = await Promise.all([
        requireCreator(deps, params.creator),
        requireCategory(deps, params.category),
      ]);
      const options = { ...query, creator: creator._id, category: category._id };
      const rows = await cachedRead(deps, 'library', options, () => listAllProducts(deps.db, options));
      return rows.map(premiumProductOf());
    },

    ...createGroupAdminHandlers(deps, creatorKind),
  };
}
