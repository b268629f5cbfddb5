import {
  certificateFactsSchema,
  contentInternalRoutes,
  courseLessonsSchema,
  productSummarySchema,
  quizKeySchema,
  type CertificateFacts,
  type CourseLessons,
  type ProductSummary,
  type QuizKey,
} from '@catalyst/contracts';
import { HttpError, MemoryCache, TtlLru, type Cache, type Peer } from '@catalyst/service-kit';
import { z } from 'zod';

/** How long a product summary is trusted: short, so a product unpublished in content stops accepting writes soon. */
const PRODUCT_TTL_SECONDS = 30;
/** While content cannot be reached, a summary seen this recently still answers (stale-if-error). */
const PRODUCT_STALE_SECONDS = 15 * 60;
/**
 * How long a course's lessons are trusted. Content announces its changes (topic 'content') only over Redis,
 * so without Redis nothing tells progress a curriculum changed: this short lifetime is what bounds it.
 */
const LESSONS_TTL_MS = 5_000;
/** Courses whose lessons this process keeps at once. */
const LESSONS_MAX_ENTRIES = 5_000;
/** The content lookup takes at most this many ids per call. */
const LOOKUP_CHUNK = 500;

const summaries = z.array(productSummarySchema);

/** What progress asks of the content service (its declared /internal routes), with short caching of product summaries. */
export function createCatalog({ content, cache }: { content: Peer; cache: Cache }) {
  const key = (id: string) => `product:${id}`;
  // This process's own copy in front of the shared cache: a slow or absent Redis, or a content restart,
  // does not turn a product seen seconds ago into a failed save.
  const local = new MemoryCache(5_000);
  // The last summary seen of each product, kept longer: used only when content is down, so a restart of
  // content never turns a product someone is watching into failed saves once the fresh copy expires.
  const lastSeen = new MemoryCache(5_000);

  /** The product's summary, or null when content does not know it. */
  async function getProduct(id: string, requestId?: string): Promise<ProductSummary | null> {
    const nearby = await local.get<ProductSummary>(key(id));
    if (nearby) return nearby;
    const cached = await cache.get<ProductSummary>(key(id));
    if (cached) {
      await Promise.all([local.set(key(id), cached, PRODUCT_TTL_SECONDS), lastSeen.set(key(id), cached, PRODUCT_STALE_SECONDS)]);
      return cached;
    }
    try {
      const product = productSummarySchema.parse(await content.call(contentInternalRoutes.product, { params: { idOrSlug: id } }, { requestId }));
      await Promise.all([
        cache.set(key(id), product, PRODUCT_TTL_SECONDS),
        local.set(key(id), product, PRODUCT_TTL_SECONDS),
        lastSeen.set(key(id), product, PRODUCT_STALE_SECONDS),
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
      const products = summaries.parse(await content.call(contentInternalRoutes.lookupProducts, { body: { ids: chunk } }, { requestId }));
      for (const product of products) found.set(product._id, product);
    }
    return found;
  }

  /** The published products of a category (by id or slug), or null when content does not know it. */
  async function categoryProducts(idOrSlug: string, requestId?: string): Promise<ProductSummary[] | null> {
    try {
      return summaries.parse(await content.call(contentInternalRoutes.categoryProducts, { params: { idOrSlug } }, { requestId }));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  // A course's lessons: this process's short memo, the last answer seen (only while content is down), and
  // one request in flight per course, so a burst of lesson saves asks content once.
  const lessons = new TtlLru<string, CourseLessons | null>(LESSONS_MAX_ENTRIES, LESSONS_TTL_MS);
  const lessonsLastSeen = new TtlLru<string, CourseLessons>(LESSONS_MAX_ENTRIES, PRODUCT_STALE_SECONDS * 1000);
  const lessonsAsked = new Map<string, Promise<CourseLessons | null>>();

  async function askLessons(idOrSlug: string, requestId?: string): Promise<CourseLessons | null> {
    try {
      const course = courseLessonsSchema.parse(await content.call(contentInternalRoutes.courseLessons, { params: { idOrSlug } }, { requestId }));
      lessons.set(idOrSlug, course);
      lessonsLastSeen.set(idOrSlug, course);
      return course;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        lessons.set(idOrSlug, null);
        lessonsLastSeen.delete(idOrSlug);
        return null;
      }
      const stale = lessonsLastSeen.get(idOrSlug);
      if (stale) return stale;
      throw error;
    }
  }

  /** A course's lessons in curriculum order (none for a single-video product), or null when content does not know the product. */
  function courseLessons(idOrSlug: string, requestId?: string): Promise<CourseLessons | null> {
    const known = lessons.get(idOrSlug);
    if (known !== undefined) return Promise.resolve(known);
    let asked = lessonsAsked.get(idOrSlug);
    if (!asked) {
      asked = askLessons(idOrSlug, requestId).finally(() => lessonsAsked.delete(idOrSlug));
      lessonsAsked.set(idOrSlug, asked);
    }
    return asked;
  }

  // A quiz's answer key: the same short memo as the lessons (a burst of attempts asks content once), and
  // forgotten with them when content announces a change.
  const quizKeys = new TtlLru<string, QuizKey | null>(LESSONS_MAX_ENTRIES, LESSONS_TTL_MS);
  const quizKeysAsked = new Map<string, Promise<QuizKey | null>>();

  async function askQuizKey(idOrSlug: string, lessonId: string, requestId?: string): Promise<QuizKey | null> {
    const key = `${idOrSlug}/${lessonId}`;
    try {
      const quiz = quizKeySchema.parse(await content.call(contentInternalRoutes.quizKey, { params: { idOrSlug, lessonId } }, { requestId }));
      quizKeys.set(key, quiz);
      return quiz;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        quizKeys.set(key, null);
        return null;
      }
      throw error;
    }
  }

  /** A quiz lesson's questions with their answers (to grade an attempt), or null when content has no such quiz. */
  function quizKey(idOrSlug: string, lessonId: string, requestId?: string): Promise<QuizKey | null> {
    const key = `${idOrSlug}/${lessonId}`;
    const known = quizKeys.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let asked = quizKeysAsked.get(key);
    if (!asked) {
      asked = askQuizKey(idOrSlug, lessonId, requestId).finally(() => quizKeysAsked.delete(key));
      quizKeysAsked.set(key, asked);
    }
    return asked;
  }

  /** What a certificate of the course states (title, creator, length), or null when content does not know it. Asked once per certificate: not kept. */
  async function certificateFacts(idOrSlug: string, requestId?: string): Promise<CertificateFacts | null> {
    try {
      return certificateFactsSchema.parse(await content.call(contentInternalRoutes.certificateFacts, { params: { idOrSlug } }, { requestId }));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** Content changed something (a curriculum may be among it): ask again for every course's lessons and quizzes. */
  const forgetLessons = () => {
    lessons.clear();
    quizKeys.clear();
  };

  const forget = async (id: string) => {
    lessons.delete(id);
    lessonsLastSeen.delete(id);
    quizKeys.clear();
    await Promise.all([local.del(key(id)), lastSeen.del(key(id)), cache.del(key(id))]);
  };

  return { getProduct, lookup, categoryProducts, courseLessons, quizKey, certificateFacts, forgetLessons, forget };
}
export type Catalog = ReturnType<typeof createCatalog>;
