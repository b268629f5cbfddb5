import {
  certificateFactsSchema,
  contentInternalRoutes,
  pathSchema,
  type LearningPath,
  productSummarySchema,
  quizKeySchema,
  type CertificateFacts,
  type ProductSummary,
  type QuizKey,
} from '@catalyst/contracts';
import { HttpError, TtlLru, type Cache, type Peer } from '@catalyst/service-kit';
import { createAskMemo, createCatalogClient, LESSONS_MAX_ENTRIES } from '@catalyst/catalog-access';
import { z } from 'zod';

const summaries = z.array(productSummarySchema);

/** How long a product summary just asked is reused as it is (content announcing a change drops it). */
export const SUMMARY_REUSE_MS = 1_000;

/**
 * What progress asks of the content service: the shared catalog client (product summaries and courses'
 * lessons, with their caching; service-kit) and what only progress needs: a category's products, quiz
 * answer keys and a certificate's facts.
 */
export function createCatalog({ content, cache }: { content: Peer; cache: Cache }) {
  const catalog = createCatalogClient({ content, cache });

  // A save asks for its product twice (the premium check, then the media's length), and the catalog client
  // parses its kept copy from JSON at every ask: the object is reused for a second instead (a product content
  // does not know is asked again every time).
  const recentSummaries = new TtlLru<string, ProductSummary>(LESSONS_MAX_ENTRIES, SUMMARY_REUSE_MS);

  /** The product's summary, or null when content does not know it (the catalog client's, kept a second). */
  async function getProduct(id: string, requestId?: string): Promise<ProductSummary | null> {
    const recent = recentSummaries.get(id);
    if (recent) return recent;
    const product = await catalog.getProduct(id, requestId);
    if (product) recentSummaries.set(id, product);
    return product;
  }

  /** The published products of a category (by id or slug), or null when content does not know it. */
  async function categoryProducts(idOrSlug: string, requestId?: string): Promise<ProductSummary[] | null> {
    try {
      return summaries.parse(
        await content.call(contentInternalRoutes.categoryProducts, { params: { idOrSlug } }, { requestId }),
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  // A quiz's answer key: the same short memo as the lessons (a burst of attempts asks content once), and
  // forgotten with them when content announces a change.
  const quizKeys = createAskMemo<QuizKey | null>();

  async function askQuizKey(idOrSlug: string, lessonId: string, requestId?: string): Promise<QuizKey | null> {
    try {
      return quizKeySchema.parse(
        await content.call(contentInternalRoutes.quizKey, { params: { idOrSlug, lessonId } }, { requestId }),
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** A quiz lesson's questions with their answers (to grade an attempt), or null when content has no such quiz. */
  const quizKey = (idOrSlug: string, lessonId: string, requestId?: string): Promise<QuizKey | null> =>
    quizKeys.get(`${idOrSlug}/${lessonId}`, () => askQuizKey(idOrSlug, lessonId, requestId));

  /** What a certificate of the course states (title, creator, length), or null when content does not know it. Asked once per certificate: not kept. */
  async function certificateFacts(idOrSlug: string, requestId?: string): Promise<CertificateFacts | null> {
    try {
      return certificateFactsSchema.parse(
        await content.call(contentInternalRoutes.certificateFacts, { params: { idOrSlug } }, { requestId }),
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  // A learning path with its listed items: the same short memo (a dashboard of followed paths asks once).
  const paths = createAskMemo<LearningPath | null>();

  async function askPath(idOrSlug: string, requestId?: string): Promise<LearningPath | null> {
    try {
      return pathSchema.parse(
        await content.call(contentInternalRoutes.path, { params: { idOrSlug } }, { requestId }),
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** A learning path (drafts too) with its published items in order, or null when content does not know it. */
  const path = (idOrSlug: string, requestId?: string): Promise<LearningPath | null> =>
    paths.get(idOrSlug, () => askPath(idOrSlug, requestId));

  /** Content changed something (a curriculum or a path may be among it): ask again for every course's lessons, quizzes and paths. */
  const forgetLessons = () => {
    catalog.forgetLessons();
    recentSummaries.clear();
    quizKeys.clear();
    paths.clear();
  };

  const forget = async (id: string) => {
    quizKeys.clear();
    paths.clear();
    await catalog.forget(id);
    recentSummaries.delete(id);
  };

  return { ...catalog, getProduct, categoryProducts, quizKey, certificateFacts, path, forgetLessons, forget };
}
export type Catalog = ReturnType<typeof createCatalog>;
