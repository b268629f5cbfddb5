import { sql, type Kysely } from 'kysely';
import type { LearnerSignals } from '@catalyst/contracts';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Products whose co-watching is sent for one learner: their most recent ones. */
export const SIGNAL_SEEDS = 3;
/** Other products sent per seed, most shared learners first. */
export const CO_WATCHED_PER_SEED = 20;
/** Recent products sent per learner (every completed one is sent: content leaves them out of every row). */
const WATCHED_SENT = 50;

/** A product counts as watched once the learner got anywhere in it. */
const watched = sql<boolean>`(progress > 0 or completed)`;

/** Any number: the refresh takes this transaction-scoped advisory lock, so two replicas never refresh at once. */
const REFRESH_LOCK = 7_305_001;

/**
 * Rebuilds `co_watched` from every learner's progress in one transaction: for each pair of products watched
 * by the same learner, how many learners watched both (both directions). Answers the pairs written, or null
 * when another process was refreshing at the time.
 */
export async function refreshCoWatched(db: Db): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    await trx.deleteFrom('co_watched').execute();
    const inserted = await sql`
      insert into co_watched (product_id, other_id, learners)
      select a.product_id, b.product_id, count(*)::int
      from progress a
      join progress b on b.user_id = a.user_id and b.product_id <> a.product_id
      where (a.progress > 0 or a.completed) and (b.progress > 0 or b.completed)
      group by a.product_id, b.product_id
    `.execute(trx);
    return Number(inserted.numAffectedRows ?? 0);
  });
}

/** What content needs for one learner's rows: recent and completed products, and what their co-watchers watched. */
export async function learnerSignals(db: Db, userId: string): Promise<LearnerSignals> {
  const rows = await db
    .selectFrom('progress')
    .select('product_id')
    .where('user_id', '=', userId)
    .where(watched)
    .orderBy('updated_at', 'desc')
    .orderBy('product_id')
    .limit(WATCHED_SENT)
    .execute();
  const completed = await db
    .selectFrom('progress')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('completed', '=', true)
    .orderBy('product_id')
    .execute();
  const seeds = rows.slice(0, SIGNAL_SEEDS).map((row) => row.product_id);
  const pairs =
    seeds.length === 0
      ? []
      : await db
          .selectFrom('co_watched')
          .select(['product_id', 'other_id', 'learners'])
          .where('product_id', 'in', seeds)
          .orderBy('learners', 'desc')
          .orderBy('other_id')
          .execute();
  return {
    watched: rows.map((row) => row.product_id),
    completed: completed.map((row) => row.product_id),
    coWatched: seeds.map((productId) => ({
      productId,
      others: pairs
        .filter((pair) => pair.product_id === productId)
        .slice(0, CO_WATCHED_PER_SEED)
        .map((pair) => ({ productId: pair.other_id, learners: pair.learners })),
    })),
  };
}
