import type { Context } from 'hono';
import { productFiltersSchema, productListQuerySchema } from '@catalyst/contracts';
import { notFound, ok, parseQuery, requireIdentity, type AppEnv } from '@catalyst/service-kit';
import { cachedRead, type RouteDeps } from '../routeDeps';
import { categoryParam, requireCategory } from '../categories/categories.handlers';
import { findCreator } from '../creators/creators.repository';
import { productParam } from '../products/products.handlers';
import {
  findProduct,
  listAllProducts,
  listProducts,
  listRelatedProducts,
  toPremiumProduct,
  toProductDetail,
  toPublicProduct,
  type ProductRecord,
} from '../products/products.repository';
import { requireOpen } from './requirePremium';

// The rows come from the catalogue memo; the video address is signed per answer, so it is always fresh.
const premiumProductOf = (deps: RouteDeps) => (row: ProductRecord) => {
  const product = toPremiumProduct(row);
  return { ...product, videoUrl: deps.signVideoUrl(product.videoUrl) };
};

/**
 * GET /content/premium/products: like the public list, with the (signed) video address. The answer is the
 * same for every entitled caller while its memoised rows live and the signing epoch holds, so it is kept
 * serialised beside those rows (a new read after an admin write or the memo's TTL builds a new one).
 */
export const listPremiumProducts = (deps: RouteDeps) => {
  const answers = new WeakMap<object, { epoch: number; body: string }>();
  return async (c: Context<AppEnv>) => {
    const query = parseQuery(c, productListQuerySchema);
    const result = await cachedRead(deps, 'products', query, () => listProducts(deps.db, query));
    const epoch = deps.signVideoUrl.epoch();
    let kept = answers.get(result);
    if (!kept || kept.epoch !== epoch) {
      const data = { items: result.items.map(premiumProductOf(deps)), total: result.total, totalCapped: result.totalCapped, page: query.page, limit: query.limit };
      kept = { epoch, body: JSON.stringify({ success: true, data }) };
      answers.set(result, kept);
    }
    return c.body(kept.body, 200, { 'Content-Type': 'application/json' });
  };
};

/**
 * GET /content/premium/products/:idOrSlug: the product page (slug, productId or _id); admins also see
 * drafts. A free product opens for every signed-in caller (with its media grant); any other needs the plan.
 */
export const getPremiumProduct = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const key = productParam(c);
  const caller = requireIdentity(c);
  const includeHidden = caller.role === 'admin';
  const product = await cachedRead(deps, 'productDetail', [key, includeHidden], () => findProduct(deps.db, key, { includeHidden }));
  const identity = await requireOpen(deps.entitlements, c, product && toPublicProduct(product));
  if (!product) throw notFound('Product not found');
  const related = await cachedRead(deps, 'related', product.id, () => listRelatedProducts(deps.db, product, 3));
  const detail = toProductDetail(product, related);
  // The viewer's own media grant: the signed address plays only in a browser that holds it.
  c.header('Set-Cookie', deps.signVideoUrl.grantCookie(identity.id));
  return ok(c, { ...detail, videoUrl: deps.signVideoUrl(detail.videoUrl) });
};

/** GET /content/premium/categories/:idOrSlug */
export const getPremiumCategory = (deps: RouteDeps) => async (c: Context<AppEnv>) => ok(c, await requireCategory(deps, categoryParam(c)));

async function requireCreator(deps: RouteDeps, idOrSlug: string) {
  const creator = await cachedRead(deps, 'creator', idOrSlug, () => findCreator(deps.db, idOrSlug));
  if (!creator) throw notFound('Creator not found');
  return creator;
}

/** GET /users/premium/products/:creator: the creator's library across categories; data is the list. */
export const listCreatorProducts = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const key = categoryParam(c, 'creator');
  const filters = parseQuery(c, productFiltersSchema);
  const creator = await requireCreator(deps, key);
  const options = { ...filters, creator: creator._id };
  const rows = await cachedRead(deps, 'library', options, () => listAllProducts(deps.db, options));
  return ok(c, rows.map(premiumProductOf(deps)));
};

/** GET /users/premium/products/:creator/category/:category: the creator library page; data is the list. */
export const listCreatorCategoryProducts = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const creatorKey = categoryParam(c, 'creator');
  const categoryKey = categoryParam(c, 'category');
  const filters = parseQuery(c, productFiltersSchema);
  const [creator, category] = await Promise.all([requireCreator(deps, creatorKey), requireCategory(deps, categoryKey)]);
  const options = { ...filters, creator: creator._id, category: category._id };
  const rows = await cachedRead(deps, 'library', options, () => listAllProducts(deps.db, options));
  return ok(c, rows.map(premiumProductOf(deps)));
};
