import {
  contentInternalRoutes,
  courseLessonsSchema,
  productSummarySchema,
  type CourseLessons,
  type ProductSummary,
} from '@catalyst/contracts';
import { z } from 'zod';
import { HttpError, MemoryCache, TtlLru, type Cache, type Peer } from '@catalyst/service-kit';

/** How long a product summary is trusted: short, so a product unpublished in content stops opening soon. */
const PRODUCT_TTL_SECONDS = 30;
/** While content cannot be reached, a summary seen this recently still answers (stale-if-error). */
export const CATALOG_STALE_SECONDS = 15 * 60;
/**
 * How long a course's lessons are trusted. Content announces its changes (topic 'content') only over Redis,
 * so without Redis nothing tells a service a curriculum changed: this short lifetime is what bounds it.
 */
export const LESSONS_TTL_MS = 5_000;
/** Courses whose lessons this process keeps at once. */
export const LESSONS_MAX_ENTRIES = 5_000;
/** The content lookup takes at most this many ids per call. */
const LOOKUP_CHUNK = 500;

const summaries = z.array(productSummarySchema);

/**
 * A short in-process memo of answers asked of a peer, with one request in flight per key: a burst of
 * callers asking the same thing asks once. `ask` fills it (it may `set` more than its own key).
 */
export function createAskMemo<T>({ maxEntries = LESSONS_MAX_ENTRIES, ttlMs = LESSONS_TTL_MS } = {}) {
  const known = new TtlLru<string, T>(maxEntries, ttlMs);
  const asked = new Map<string, Promise<T>>();
  return {
    get(key: string, ask: () => Promise<T>): Promise<T> {
      const hit = known.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      let pending = asked.get(key);
      if (!pending) {
        pending = ask()
          .then((value) => {
            known.set(key, value);
            return value;
          })
          .finally(() => asked.delete(key));
        asked.set(key, pending);
      }
      return pending;
    },
    delete: (key: string) => known.delete(key),
    clear: () => known.clear(),
  };
}

/**
 * What a service asks of content about products (its declared /internal routes): product summaries (shared
 * cache, a local copy in front, the last one seen while content is down) and a course's lessons (a short
 * memo, one request in flight per course). Used by every service whose rule is "whoever may open it".
 */
export function createCatalogClient({ content, cache }: { content: Peer; cache: Cache }) {
  const key = (id: string) => `product:${id}`;
  // This process's own copy in front of the shared cache: a slow or absent Redis, or a content restart,
  // does not turn a product seen seconds ago into a failed request.
  const local = new MemoryCache(5_000);
  // The last summary seen of each product, kept longer: used only when content is down.
  const lastSeen = new MemoryCache(5_000);

  /** The product's summary, or null when content does not know it. */
  async function getProduct(id: string, requestId?: string): Promise<ProductSummary | null> {
    const nearby = await local.get<ProductSummary>(key(id));
    if (nearby) return nearby;
    const cached = await cache.get<ProductSummary>(key(id));
    if (cached) {
      await Promise.all([
        local.set(key(id), cached, PRODUCT_TTL_SECONDS),
        lastSeen.set(key(id), cached, CATALOG_STALE_SECONDS),
      ]);
      return cached;
    }
    try {
      const product = productSummarySchema.parse(
        await content.call(contentInternalRoutes.product, { params: { idOrSlug: id } }, { requestId }),
      );
      await Promise.all([
        cache.set(key(id), product, PRODUCT_TTL_SECONDS),
        local.set(key(id), product, PRODUCT_TTL_SECONDS),
        lastSeen.set(key(id), product, CATALOG_STALE_SECONDS),
      ]);
      return product;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        await lastSeen.del(key(id));
        return null;
      }
      const stale = await lastSeen.get<ProductSummary>(key(id));
      if (stale) return stale;
      throw error;
    }
  }

  /** Summaries of the products content still has, by `_id`. */
  async function lookup(ids: string[], requestId?: string): Promise<Map<string, ProductSummary>> {
    const found = new Map<string, ProductSummary>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
      const chunk = unique.slice(i, i + LOOKUP_CHUNK);
      const products = summaries.parse(
        await content.call(contentInternalRoutes.lookupProducts, { body: { ids: chunk } }, { requestId }),
      );
      for (const product of products) found.set(product._id, product);
    }
    return found;
  }

  // A course's lessons: the short memo, and the last answer seen (only while content is down).
  const lessons = createAskMemo<CourseLessons | null>();
  const lessonsLastSeen = new TtlLru<string, CourseLessons>(
    LESSONS_MAX_ENTRIES,
    CATALOG_STALE_SECONDS * 1000,
  );

  async function askLessons(idOrSlug: string, requestId?: string): Promise<CourseLessons | null> {
    try {
      const course = courseLessonsSchema.parse(
        await content.call(contentInternalRoutes.courseLessons, { params: { idOrSlug } }, { requestId }),
      );
      lessonsLastSeen.set(idOrSlug, course);
      return course;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        lessonsLastSeen.delete(idOrSlug);
        return null;
      }
      const stale = lessonsLastSeen.get(idOrSlug);
      if (stale) return stale;
      throw error;
    }
  }

  /** A course's lessons in curriculum order (none for a single-video product), or null when content does not know the product. */
  const courseLessons = (idOrSlug: string, requestId?: string): Promise<CourseLessons | null> =>
    lessons.get(idOrSlug, () => askLessons(idOrSlug, requestId));

  /** Content changed something (a curriculum may be among it): ask again for every course's lessons. */
  const forgetLessons = () => lessons.clear();

  /** Forget everything known of one product (content said it changed). */
  const forget = async (id: string) => {
    lessons.delete(id);
    lessonsLastSeen.delete(id);
    await Promise.all([local.del(key(id)), lastSeen.del(key(id)), cache.del(key(id))]);
  };

  return { getProduct, lookup, courseLessons, forgetLessons, forget };
}
export type CatalogClient = ReturnType<typeof createCatalogClient>;
