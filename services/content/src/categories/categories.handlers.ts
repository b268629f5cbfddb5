import type { CategoryListQuery, ProductListQuery, categoryRoutes } from '@catalyst/contracts';
import { notFound, type RouteHandlers } from '@catalyst/service-kit';
import { cachedRead, type Deps } from '../deps';
import { categoryKind, createGroupAdminHandlers } from '../groups/groups.handlers';
import { listProducts, toPublicProduct } from '../products/products.repository';
import { findCategory, listCategories } from './categories.repository';

/** An active category by id or slug, from the catalogue memo; a 404 when there is none. */
export async function requireCategory(deps: Pick<Deps, 'db' | 'catalog'>, idOrSlug: string) {
  const category = await cachedRead(deps, 'category', idOrSlug, () => findCategory(deps.db, idOrSlug));
  if (!category) throw notFound('Category not found');
  return category;
}

export function createCategoryHandlers(deps: Deps): RouteHandlers<typeof categoryRoutes> {
  /** Active categories, paged, with their product counts. */
  const list = async ({ query }: { query: CategoryListQuery }) => {
    const { items, total, totalCapped } = await cachedRead(deps, 'categories', query, () =>
      listCategories(deps.db, query),
    );
    return { items, total, totalCapped, page: query.page, limit: query.limit };
  };
  const get = ({ params }: { params: { idOrSlug: string } }) => requireCategory(deps, params.idOrSlug);
  /** A category's products: the visitor's view of them. */
  const listProductsOf = async ({
    params,
    query,
  }: {
    params: { idOrSlug: string };
    query: ProductListQuery;
  }) => {
    const category = await requireCategory(deps, params.idOrSlug);
    const options = { ...query, category: category._id };
    const { items, total, totalCapped } = await cachedRead(deps, 'products', options, () =>
      listProducts(deps.db, options),
    );
    return { items: items.map(toPublicProduct), total, totalCapped, page: query.page, limit: query.limit };
  };

  return {
    list,
    get,
    listProducts: listProductsOf,
    listUnderContent: list,
    getUnderContent: get,
    listProductsUnderContent: listProductsOf,
    getPremium: get,
    ...createGroupAdminHandlers(deps, categoryKind),
  };
}
