// Following learning paths: who follows which (path_follows), and the product rows a path's progress reads.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Following again changes nothing (the first time is kept). */
export async function follow(db: Db, userId: string, pathId: string): Promise<void> {
  await db
    .insertInto('path_follows')
    .values({ user_id: userId, path_id: pathId })
    .onConflict((oc) => oc.columns(['user_id', 'path_id']).doNothing())
    .execute();
}

export async function unfollow(db: Db, userId: string, pathId: string): Promise<void> {
  await db.deleteFrom('path_follows').where('user_id', '=', userId).where('path_id', '=', pathId).execute();
}

export async function isFollowing(db: Db, userId: string, pathId: string): Promise<boolean> {
  const row = await db
    .selectFrom('path_follows')
    .select('path_id')
    .where('user_id', '=', userId)
    .where('path_id', '=', pathId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The paths the learner follows, most recently followed first (at most 50: a dashboard's worth). */
export async function followedPaths(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('path_follows')
    .select('path_id')
    .where('user_id', '=', userId)
    .orderBy('followed_at', 'desc')
    .orderBy('path_id')
    .limit(50)
    .execute();
  return rows.map((row) => row.path_id);
}

/** Followed paths the learner holds no certificate of yet. */
export async function followedWithoutCertificate(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('path_follows as f')
    .select('f.path_id')
    .where('f.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('certificates as c')
            .select('c.code')
            .whereRef('c.user_id', '=', 'f.user_id')
            .whereRef('c.product_id', '=', 'f.path_id'),
        ),
      ),
    )
    .limit(50)
    .execute();
  return rows.map((row) => row.path_id);
}

/** The learner's product rows of the given products: each one's own figure (a course's derived from its lessons). */
export async function progressOf(db: Db, userId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('progress')
    .select(['product_id', 'progress', 'completed', 'completed_at'])
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .execute();
}

/** A deleted account's follows go with it. */
export async function deleteUserFollows(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('path_follows').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
