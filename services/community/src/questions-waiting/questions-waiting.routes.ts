import type { Hono } from 'hono';
import { sql } from 'kysely';
import { questionsWaitingInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** The creator studio's "questions waiting": per product, discussions with no answer that are still open. */
export const mountQuestionsWaiting = (app: Hono<AppEnv>, { db }: Deps) =>
  mountRoutes(app, questionsWaitingInternalRoutes, {
    async questionsWaiting({ body }) {
      if (body.productIds.length === 0) return [];
      const rows = await db
        .selectFrom('threads')
        .select(['product_id', sql<number>`count(*)::int`.as('waiting')])
        .where('product_id', 'in', body.productIds)
        .where('answer_post_id', 'is', null)
        .where('locked', '=', false)
        .groupBy('product_id')
        .execute();
      const waiting = new Map(rows.map((row) => [row.product_id, row.waiting]));
      return body.productIds.map((productId) => ({ productId, waiting: waiting.get(productId) ?? 0 }));
    },
  });
