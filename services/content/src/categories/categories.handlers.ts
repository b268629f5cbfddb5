import type { Context } from 'hono';
import { categoryListQuerySchema, idOrSlugSchema, productListQuerySchema } from '@catalyst/contracts';
import { notFound, ok, parseQuery, parseWith, type AppEnv } from '@catalyst/service-kit';
import { cachedRead, type RouteDeps } from '../routeDeps';
import { listProducts, toPublicProduct } from '../products/products.repository';
import { findCategory, listCategories } from './categories.repository';

export const categoryParam = (c: Context<AppEnv>, name = 'idOrSlug') => parseWith(idOrSlugSchema, c.req.param(name));

export async function requireCategory(deps: RouteDeps, idOrSlug: string) {
  const category = await cachedRead(deps, 'category', idOrSlug, () => findCategory(deps.db, idOrSlug));
  if (!category) throw notFound('Category not found');
  return category;
}

/** GET /categories, /content/categories: active categories, paged, with their product counts. */
export const listPublicCategories = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const query = parseQuery(c, categoryListQuerySchema);
  const { items, total, totalCapped } = await cachedRead(deps, 'categories', query, () => listCategories(deps.db, query));
  return ok(c, { items, total, totalCapped, page: query.page, limit: query.limit });
};

/** GET /content/categories/:idOrSlug */
export const getPublicCategory = (deps: RouteDeps) => async (c: Context<AppEnv>) => ok(c, await requireCategory(deps, categoryParam(c)));

/** GET /categories/:idOrSlug/products, /content/categories/:idOrSlug/products: the visitor's view of them. */
export const listPublicCategoryProducts = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const idOrSlug = categoryParam(c);
  const query = parseQuery(c, productListQuerySchema);
  const category = await requireCategory(deps, idOrSlug);
  const options = { ...query, category: category._id };
  const { items, total, totalCapped } = await cachedRead(deps, 'products', options, () => listProducts(deps.db, options));
  return ok(c, { items: items.map(toPublicProduct), total, totalCapped, page: query.page, limit: query.limit });
};
