import { randomBytes } from 'node:crypto';
import { normaliseSlug, type productRoutes, type ProductValues, type RouteData } from '@catalyst/contracts';
import {
  HttpError,
  badRequest,
  conflict,
  isUniqueViolation,
  mediaViewerOf,
  newObjectId,
  notFound,
  reply,
  unavailable,
  type RouteHandlers,
} from '@catalyst/service-kit';
import { progressInternalRoutes } from '@catalyst/contracts';
import { cachedRead, type Deps } from '../deps';
import { createKeptAnswers } from '../kept-answers';
import { findShownProduct } from '../premium';
import { parentExists } from '../groups/groups.repository';
import {
  deleteProduct,
  findAdminProduct,
  findProduct,
  insertProduct,
  listProducts,
  listRelatedProducts,
  listTopProducts,
  productIdTaken,
  productSlugTaken,
  toAdminProduct,
  toPremiumProduct,
  toProductDetail,
  toPublicProduct,
  updateProduct,
  type ProductRecord,
  type ProductWrite,
} from './products.repository';
import { sanitizeContent } from './sanitize-content';

type Handlers = RouteHandlers<typeof productRoutes>;

/**
 * A premium list's row, its video as stored: a list is one answer for every entitled caller, so it signs no
 * address (a premium video's stored address opens nothing); the product page signs one for its own viewer.
 */
export const premiumProductOf = () => (row: ProductRecord) => toPremiumProduct(row);

const SLUG_TAKEN = 'A product with this slug already exists';
export const slugConflict = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);

export function uniqueViolationToConflict(error: unknown): never {
  if (isUniqueViolation(error, 'products_slug_key')) throw slugConflict();
  throw error;
}

/** What a product write needs before it is written (the admin's forms and the creator studio's drafts alike). */
export function createProductWriteChecks(db: Deps['db']) {
  /** The category and creator must exist; a missing one is the admin's mistake, so a 400 naming the field. */
  async function requireReferences(values: ProductValues) {
    const [category, creator] = await Promise.all([
      parentExists(db, 'categories', values.category),
      parentExists(db, 'creators', values.creator),
    ]);
    const errors = [
      ...(category ? [] : [{ field: 'category', message: 'Category does not exist' }]),
      ...(creator ? [] : [{ field: 'creator', message: 'Creator does not exist' }]),
    ];
    if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
  }

  /** A free slug derived from the title: the title's own slug, else that slug with a short suffix. */
  async function slugFromTitle(title: string, exceptId?: string): Promise<string> {
    const base = normaliseSlug(title).slice(0, 100).replace(/-+$/, '') || 'product';
    if (!(await productSlugTaken(db, base, exceptId))) return base;
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await productSlugTaken(db, candidate, exceptId))) return candidate;
    }
    throw slugConflict();
  }

  /** The short public id used in links (browse/premium/product/{productId}). */
  async function newProductId(): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = randomBytes(6)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toUpperCase();
      if (candidate.length >= 6 && !(await productIdTaken(db, candidate))) return candidate;
    }
    throw new HttpError(500, 'Could not allocate a product id');
  }

  return { requireReferences, slugFromTitle, newProductId };
}

/**
 * Products: the public catalogue (never the video or content), the premium list and product page (with
 * signed video addresses), and the admin's list and writes.
 */
export function createProductHandlers(deps: Deps): Handlers {
  const { db } = deps;
  const { requireReferences, slugFromTitle, newProductId } = createProductWriteChecks(db);

  async function requireAdminProduct(id: string) {
    const product = await findAdminProduct(db, id);
    if (!product) throw notFound('Product not found');
    return product;
  }

  /**
   * The premium list's answer is the same for every entitled caller while its memoised rows live and the
   * signing epoch holds, so it is kept serialised beside those rows (a new read after an admin write or the
   * memo's TTL builds a new one).
   */
  const premiumAnswers = createKeptAnswers<RouteData<(typeof productRoutes)['listPremium']>>();

  return {
    /** Visible products, filtered, sorted and paged. */
    async list({ query }) {
      const { items, total, totalCapped } = await cachedRead(deps, 'products', query, () =>
        listProducts(db, query),
      );
      return { items: items.map(toPublicProduct), total, totalCapped, page: query.page, limit: query.limit };
    },

    /** Featured products for the dashboard. */
    top: async ({ query: { limit } }) =>
      (await cachedRead(deps, 'top', limit, () => listTopProducts(db, limit))).map(toPublicProduct),

    /** The visitor's view of one product (slug, productId or _id). */
    async get({ params: { idOrSlug } }) {
      const product = await cachedRead(deps, 'product', idOrSlug, () => findProduct(db, idOrSlug));
      if (!product) throw notFound('Product not found');
      return toPublicProduct(product);
    },

    async listPremium({ query }) {
      const result = await cachedRead(deps, 'products', query, () => listProducts(db, query));
      return premiumAnswers(
        result,
        () => ({
          items: result.items.map(premiumProductOf()),
          total: result.total,
          totalCapped: result.totalCapped,
          page: query.page,
          limit: query.limit,
        }),
        deps.signVideoUrl.epoch(),
      );
    },

    /**
     * The product page (slug, productId or _id); admins also see drafts. Its declared premium target opened it
     * (../premium: a free product for every signed-in caller, with its media grant; any other with the plan,
     * asked before a 404 so a refusal says nothing of what exists).
     */
    async getPremium({ params: { idOrSlug }, identity, requestId }, c) {
      const product = await findShownProduct(deps, identity, idOrSlug);
      if (!product) throw notFound('Product not found');
      // Every address is signed for this viewer (with what their plan opens now), and plays only beside the
      // viewer's own media grant, handed with it.
      const viewer = await mediaViewerOf(deps.entitlements, identity, requestId);
      const [related, stream] = await Promise.all([
        cachedRead(deps, 'related', product.id, () => listRelatedProducts(db, product, 3)),
        deps.mediaStreams.forProduct(product.media_asset_id, viewer, requestId),
      ]);
      const detail = toProductDetail(product, related, stream);
      for (const cookie of deps.signVideoUrl.grantCookies(viewer))
        c.header('Set-Cookie', cookie, { append: true });
      return { ...detail, videoUrl: deps.signVideoUrl(detail.videoUrl, viewer) };
    },

    /** Drafts and inactive products too; the public filters, sort and paging apply. */
    async adminList({ query }) {
      const { items, total, totalCapped } = await listProducts(db, { ...query, includeHidden: true });
      return { items: items.map(toAdminProduct), total, totalCapped, page: query.page, limit: query.limit };
    },

    adminGet: ({ params }) => requireAdminProduct(params.id),

    async create({ body: values, identity }) {
      await requireReferences(values);
      let slug = values.slug;
      if (slug) {
        if (await productSlugTaken(db, slug)) throw slugConflict();
      } else {
        slug = await slugFromTitle(values.title);
      }
      const write: ProductWrite = { ...values, slug, content: sanitizeContent(values.content) };
      const id = newObjectId();
      await insertProduct(db, { id, productId: await newProductId() }, write, identity).catch(
        uniqueViolationToConflict,
      );
      return reply(await requireAdminProduct(id), { message: 'Product created successfully!', status: 201 });
    },

    /** PUT carries the whole product (the eye and star toggles send it back with one flag flipped). */
    async replace({ params: { id }, body: values }) {
      const existing = await requireAdminProduct(id);
      await requireReferences(values);
      // A blank slug keeps the current one: links already shared keep working.
      const slug = values.slug || existing.slug;
      if (slug !== existing.slug && (await productSlugTaken(db, slug, id))) throw slugConflict();
      const write: ProductWrite = { ...values, slug, content: sanitizeContent(values.content) };
      if (!(await updateProduct(db, id, write).catch(uniqueViolationToConflict)))
        throw notFound('Product not found');
      return reply(await requireAdminProduct(id), { message: 'Product updated successfully!' });
    },

    /**
     * Removes the product's progress rows (progress service) first, then the product: if progress cannot be
     * reached nothing is deleted and the admin can retry, so no orphaned progress is left behind.
     */
    async remove({ params: { id }, requestId, log }) {
      await requireAdminProduct(id);
      try {
        await deps.peers.progress.call(
          progressInternalRoutes.deleteProductProgress,
          { params: { productId: id } },
          { requestId },
        );
      } catch (error) {
        log.warn(
          { productId: id, err: (error as Error).message },
          'could not remove the progress of a product',
        );
        throw unavailable(
          'The product could not be deleted because its progress records could not be removed. Please try again shortly.',
        );
      }
      if (!(await deleteProduct(db, id))) throw notFound('Product not found');
      return reply({ _id: id }, { message: 'Product deleted successfully!' });
    },
  };
}
