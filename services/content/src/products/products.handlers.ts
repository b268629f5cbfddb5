import type { Context } from 'hono';
import { idOrSlugSchema, productListQuerySchema, topProductsQuerySchema } from '@catalyst/contracts';
import { notFound, ok, parseQuery, parseWith, type AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { findProduct, listProducts, listTopProducts, toPublicProduct } from './products.repository';

export const productParam = (c: Context<AppEnv>, name = 'idOrSlug') => parseWith(idOrSlugSchema, c.req.param(name));

/** GET /content/products: visible products, filtered, sorted and paged; never the video or content. */
export const listPublicProducts = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const query = parseQuery(c, productListQuerySchema);
  const { items, total } = await listProducts(deps.db, query);
  return ok(c, { items: items.map(toPublicProduct), total, page: query.page, limit: query.limit });
};

/** GET /content/products/top: featured products for the dashboard; data is a list. */
export const listTop = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const { limit } = parseQuery(c, topProductsQuerySchema);
  return ok(c, (await listTopProducts(deps.db, limit)).map(toPublicProduct));
};

/** GET /content/products/:idOrSlug: the visitor's view of one product (slug, productId or _id). */
export const getPublicProduct = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const product = await findProduct(deps.db, productParam(c));
  if (!product) throw notFound('Product not found');
  return ok(c, toPublicProduct(product));
};
