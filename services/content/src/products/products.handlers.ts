import type { Context } from 'hono';
import { idOrSlugSchema, productListQuerySchema, topProductsQuerySchema } from '@catalyst/contracts';
import { notFound, ok, parseQuery, parseWith, type AppEnv } from '@catalyst/service-kit';
import { cachedRead, type RouteDeps } from '../routeDeps';
import { findProduct, listProducts, listTopProducts, toPublicProduct } from './products.repository';

export const productParam = (c: Context<AppEnv>, name = 'idOrSlug') => parseWith(idOrSlugSchema, c.req.param(name));

/** GET /content/products: visible products, filtered, sorted and paged; never the video or content. */
export const listPublicProducts = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const query = parseQuery(c, productListQuerySchema);
  const { items, total, totalCapped } = await cachedRead(deps, 'products', query, () => listProducts(deps.db, query));
  return ok(c, { items: items.map(toPublicProduct), total, totalCapped, page: query.page, limit: query.limit });
};

/** GET /content/products/top: featured products for the dashboard; data is a list. */
export const listTop = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const { limit } = parseQuery(c, topProductsQuerySchema);
  return ok(c, (await cachedRead(deps, 'top', limit, () => listTopProducts(deps.db, limit))).map(toPublicProduct));
};

/** GET /content/products/:idOrSlug: the visitor's view of one product (slug, productId or _id). */
export const getPublicProduct = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const key = productParam(c);
  const product = await cachedRead(deps, 'product', key, () => findProduct(deps.db, key));
  if (!product) throw notFound('Product not found');
  return ok(c, toPublicProduct(product));
};
