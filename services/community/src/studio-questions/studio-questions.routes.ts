import type { Hono } from 'hono';
import { studioInternalRoutes, studioQuestionRoutes, type StudioQuestion } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { openQuestions, STUDIO_QUESTIONS_LIMIT } from './studio-questions.repository';

/** The creator studio's "Questions": the newest open discussions on the caller's items, with their titles. */
export const mountStudioQuestions = (app: Hono<AppEnv>, { db, content }: Deps) =>
  mountRoutes(app, studioQuestionRoutes, {
    async list({ identity, requestId }): Promise<StudioQuestion[]> {
      let titles: Map<string, string>;
      let rows;
      if (identity.creatorId) {
        const own = await content.call(
          studioInternalRoutes.creatorProducts,
          { params: { id: identity.creatorId } },
          { requestId },
        );
        titles = new Map(own.map((product) => [product.productId, product.title]));
        if (titles.size === 0) return [];
        rows = await openQuestions(db, [...titles.keys()], STUDIO_QUESTIONS_LIMIT);
      } else if (identity.role === 'admin') {
        // An admin acting for no creator sees every item's questions.
        rows = await openQuestions(db, null, STUDIO_QUESTIONS_LIMIT);
        const productIds = [...new Set(rows.map((row) => row.product_id))];
        const found =
          productIds.length === 0
            ? []
            : await content.call(
                studioInternalRoutes.productCreators,
                { body: { productIds } },
                { requestId },
              );
        titles = new Map(found.map((product) => [product.productId, product.title]));
      } else return []; // A creator account not linked to a creator has no items.
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        productId: row.product_id,
        productTitle: titles.get(row.product_id) ?? '',
        lessonId: row.lesson_id,
        author: { name: row.author_name },
        replyCount: row.reply_count,
        createdAt: row.created_at.toISOString(),
      }));
    },
  });
