import type { Hono } from 'hono';
import { COURSE_MESSAGES, PATH_MESSAGES, QUIZ_MESSAGES, contentInternalRoutes } from '@catalyst/contracts';
import { conflict, mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import { requireCategory } from '../categories/categories.handlers';
import {
  findCurriculumMediaUsage,
  findLessonQuiz,
  knownLessonSeconds,
  listCourseLessons,
} from '../curriculum/curriculum.repository';
import type { Deps } from '../deps';
import {
  findMediaUsage,
  findProduct,
  findSummaries,
  listCategorySummaries,
  toSummary,
} from '../products/products.repository';
import { findPath } from '../paths/paths.repository';
import { deleteReviewsOfAuthor } from '../reviews/reviews.repository';
import { deleteSavedOfUser } from '../saved/saved.repository';

/**
 * Service-to-service routes (guarded by the shared secret in service-kit; the gateway never exposes them).
 * Summaries include drafts when asked by id; category lists are published only.
 */
export function mountInternal(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, contentInternalRoutes, {
    async product({ params }) {
      const product = await findProduct(deps.db, params.idOrSlug, { includeHidden: true });
      if (!product) throw notFound('Product not found');
      return toSummary(product);
    },
    lookupProducts: ({ body }) => findSummaries(deps.db, [...new Set(body.ids)]),
    /** A path, drafts too (a followed path may be unpublished later), with its listed items: what counts for progress. */
    async path({ params }) {
      const path = await findPath(deps.db, params.idOrSlug, { admin: true });
      if (!path) throw notFound(PATH_MESSAGES.notFound);
      const items = path.items.filter((item) => item.isPublished);
      return { ...path, items, itemCount: items.length };
    },
    /** Auth deletes an account only once this answered: nothing of the person stays here. */
    deleteUserData: async ({ params }) => ({
      deleted:
        (await deleteSavedOfUser(deps.db, params.userId)) +
        (await deleteReviewsOfAuthor(deps.db, params.userId)),
    }),
    /** Products that play an asset, and products whose lessons or resources use it (each product once per asset). */
    async mediaUsage({ body }) {
      const assetIds = [...new Set(body.assetIds)];
      const [usage, curriculum] = await Promise.all([
        findMediaUsage(deps.db, assetIds),
        findCurriculumMediaUsage(deps.db, assetIds),
      ]);
      for (const { assetId, product } of curriculum) {
        const products = (usage[assetId] ??= []);
        if (!products.some((p) => p._id === product._id)) products.push(product);
      }
      for (const products of Object.values(usage))
        products.sort((a, b) => a.title.localeCompare(b.title) || a._id.localeCompare(b._id));
      return usage;
    },
    /** A course's lessons in order (none for a single-video product), drafts included. */
    async courseLessons({ params }) {
      const product = await findProduct(deps.db, params.idOrSlug, { includeHidden: true });
      if (!product) throw notFound('Product not found');
      return { productId: product.id, lessons: await listCourseLessons(deps.db, product.id) };
    },
    /**
     * A quiz lesson's answer key, drafts included (progress grades attempts with it and answers learners
     * only after an attempt). A lesson of another kind, or a quiz lesson with no questions, is a 409: the
     * lesson exists but cannot be graded.
     */
    async quizKey({ params }) {
      const product = await findProduct(deps.db, params.idOrSlug, { includeHidden: true });
      if (!product) throw notFound('Product not found');
      const lesson = await findLessonQuiz(deps.db, product.id, params.lessonId);
      if (!lesson) throw notFound(COURSE_MESSAGES.lessonNotFound);
      if (lesson.kind !== 'quiz' || !lesson.quiz) throw conflict(QUIZ_MESSAGES.notAQuiz);
      return {
        lessonId: lesson.id,
        passPercent: lesson.quiz.passPercent,
        questions: lesson.quiz.questions.map((q) => ({
          id: q.id,
          kind: q.kind,
          optionIds: q.options.map((o) => o.id),
          correctOptionIds: q.options.filter((o) => o.isCorrect).map((o) => o.id),
          explanation: q.explanation,
        })),
      };
    },
    /** What a certificate states of a course: its lessons' known lengths, else the product's minutes (drafts included). */
    async certificateFacts({ params }) {
      const product = await findProduct(deps.db, params.idOrSlug, { includeHidden: true });
      if (!product) throw notFound('Product not found');
      const seconds = await knownLessonSeconds(deps.db, product.id);
      return {
        productId: product.id,
        slug: product.slug,
        title: product.title,
        creatorName: product.creator_name,
        durationSeconds: seconds ?? (product.duration ?? 0) * 60,
      };
    },
    async categoryProducts({ params }) {
      const category = await requireCategory(deps, params.idOrSlug);
      return listCategorySummaries(deps.db, category._id);
    },
  });
}
