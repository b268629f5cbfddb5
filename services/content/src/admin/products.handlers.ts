import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { normaliseSlug, productBodySchema, productListQuerySchema, type ProductValues } from '@catalyst/contracts';
import {
  HttpError,
  badRequest,
  conflict,
  isUniqueViolation,
  newObjectId,
  notFound,
  ok,
  parseBody,
  parseQuery,
  requireIdentity,
  unavailable,
  type AppEnv,
} from '@catalyst/service-kit';

/** A product form carries a rich description: more room than the 64 KiB every other body gets. */
const ADMIN_PRODUCT_BODY_BYTES = 512 * 1024;
import { listProducts } from '../products/products.repository';
import type { AdminRouteDeps } from './adminDeps';
import {
  categoryExists,
  creatorExists,
  deleteProduct,
  findAdminProduct,
  insertProduct,
  productIdTaken,
  productSlugTaken,
  toAdminProduct,
  updateProduct,
  type ProductWrite,
} from './admin.repository';
import { idParam } from './ids';
import { sanitizeContent } from './sanitizeContent';

const SLUG_TAKEN = 'A product with this slug already exists';
const slugConflict = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);

/** The category and creator must exist; a missing one is the admin's mistake, so a 400 naming the field. */
async function requireReferences(deps: AdminRouteDeps, values: ProductValues) {
  const [category, creator] = await Promise.all([categoryExists(deps.db, values.category), creatorExists(deps.db, values.creator)]);
  const errors = [
    ...(category ? [] : [{ field: 'category', message: 'Category does not exist' }]),
    ...(creator ? [] : [{ field: 'creator', message: 'Creator does not exist' }]),
  ];
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
}

/** A free slug derived from the title: the title's own slug, else that slug with a short suffix. */
async function slugFromTitle(deps: AdminRouteDeps, title: string, exceptId?: string): Promise<string> {
  const base = normaliseSlug(title).slice(0, 100).replace(/-+$/, '') || 'product';
  if (!(await productSlugTaken(deps.db, base, exceptId))) return base;
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = `${base}-${randomBytes(3).toString('hex')}`;
    if (!(await productSlugTaken(deps.db, candidate, exceptId))) return candidate;
  }
  throw slugConflict();
}

/** The short public id used in links (browse/premium/product/{productId}). */
async function newProductId(deps: AdminRouteDeps): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase();
    if (candidate.length >= 6 && !(await productIdTaken(deps.db, candidate))) return candidate;
  }
  throw new HttpError(500, 'Could not allocate a product id');
}

function uniqueViolationToConflict(error: unknown): never {
  if (isUniqueViolation(error, 'products_slug_key')) throw slugConflict();
  throw error;
}

/** GET /admin/products: drafts and inactive products too; the public filters, sort and paging apply. */
export const listAdminProducts = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const query = parseQuery(c, productListQuerySchema);
  const { items, total, totalCapped } = await listProducts(deps.db, { ...query, includeHidden: true });
  return ok(c, { items: items.map(toAdminProduct), total, totalCapped, page: query.page, limit: query.limit });
};

export const getProduct = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const product = await findAdminProduct(deps.db, idParam(c, 'product'));
  if (!product) throw notFound('Product not found');
  return ok(c, product);
};

export const createProduct = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const identity = requireIdentity(c);
  const values = await parseBody(c, productBodySchema, { maxBytes: ADMIN_PRODUCT_BODY_BYTES });
  await requireReferences(deps, values);
  let slug = values.slug;
  if (slug) {
    if (await productSlugTaken(deps.db, slug)) throw slugConflict();
  } else {
    slug = await slugFromTitle(deps, values.title);
  }
  const write: ProductWrite = { ...values, slug, content: sanitizeContent(values.content) };
  const id = newObjectId();
  await insertProduct(deps.db, { id, productId: await newProductId(deps) }, write, identity).catch(uniqueViolationToConflict);
  return ok(c, await findAdminProduct(deps.db, id), 'Product created successfully!', 201);
};

/** PUT carries the whole product (the eye and star toggles send it back with one flag flipped). */
export const replaceProduct = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const id = idParam(c, 'product');
  const values = await parseBody(c, productBodySchema, { maxBytes: ADMIN_PRODUCT_BODY_BYTES });
  const existing = await findAdminProduct(deps.db, id);
  if (!existing) throw notFound('Product not found');
  await requireReferences(deps, values);
  // A blank slug keeps the current one: links already shared keep working.
  const slug = values.slug || existing.slug;
  if (slug !== existing.slug && (await productSlugTaken(deps.db, slug, id))) throw slugConflict();
  const write: ProductWrite = { ...values, slug, content: sanitizeContent(values.content) };
  if (!(await updateProduct(deps.db, id, write).catch(uniqueViolationToConflict))) throw notFound('Product not found');
  return ok(c, await findAdminProduct(deps.db, id), 'Product updated successfully!');
};

/**
 * Removes the product's progress rows (progress service) first, then the product: if progress cannot be
 * reached nothing is deleted and the admin can retry, so no orphaned progress is left behind.
 */
export const removeProduct = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const id = idParam(c, 'product');
  if (!(await findAdminProduct(deps.db, id))) throw notFound('Product not found');
  try {
    await deps.peers.progress.delete(`/internal/progress/products/${id}`, c.get('requestId'));
  } catch (error) {
    c.get('log').warn({ productId: id, err: (error as Error).message }, 'could not remove the progress of a product');
    throw unavailable('The product could not be deleted because its progress records could not be removed. Please try again shortly.');
  }
  if (!(await deleteProduct(deps.db, id))) throw notFound('Product not found');
  return ok(c, { _id: id }, 'Product deleted successfully!');
};
