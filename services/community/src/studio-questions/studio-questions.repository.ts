import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The studio lists this many questions at most: the newest first. */
export const STUDIO_QUESTIONS_LIMIT = 50;

/**
 * The newest discussions still waiting for an answer (none accepted, not locked, the opening post still shown)
 * on the given products, or on every product (null).
 */
export async function openQuestions(db: Kysely<Database>, productIds: string[] | null, limit: number) {
  let query = db
    .selectFrom('threads')
    .innerJoin('posts as o', (join) =>
      join.onRef('o.thread_id', '=', 'threads.id').on('o.is_opening', '=', true),
    )
    .select([
      'threads.id',
      'threads.title',
      'threads.product_id',
      'threads.lesson_id',
      'threads.reply_count',
      'threads.created_at',
      'o.author_name',
    ])
    .where('threads.answer_post_id', 'is', null)
    .where('threads.locked', '=', false)
    .where('o.status', '=', 'visible');
  if (productIds) query = query.where('threads.product_id', 'in', productIds);
  return query.orderBy('threads.created_at', 'desc').orderBy('threads.seq', 'desc').limit(limit).execute();
}
