import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReviewSort } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { ReviewRow } from '../db/tables/review';

type Db = Kysely<Database> | Transaction<Database>;

/** What a review's rules need of its product: a listed product by `_id`, public `productId` or slug. */
export interface ReviewedProduct {
  id: string;
  title: string;
  slug: string;
  created_by_id: string | null;
  creator_id: string;
  creator_name: string;
  has_lessons: boolean;
}

export async function findReviewedProduct(db: Db, key: string): Promise<ReviewedProduct | undefined> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select(['p.id', 'p.title', 'p.slug', 'p.created_by_id', 'p.creator_id', 'c.name as creator_name'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('course_lessons as l').select('l.id').whereRef('l.product_id', '=', 'p.id'))
        .as('has_lessons'),
    )
    .where((eb) => eb.or([eb('p.id', '=', key), eb('p.product_id', '=', key), eb('p.slug', '=', key)]))
    .where('p.listed', '=', true)
    .executeTakeFirst();
  return row && { ...row, has_lessons: Boolean(row.has_lessons) };
}

/**
 * Takes the product row's lock: every review write holds it first, so the rating recomputed at its end
 * (`refreshRating`, a statement started after the lock) counts every review committed before it. Concurrent
 * reviews of one product thus run their writes one after the other and none is missed.
 */
export async function lockProduct(trx: Transaction<Database>, productId: string): Promise<void> {
  await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
}

/** The product's average and count from its visible reviews, in SQL, within the writer's transaction. */
export async function refreshRating(trx: Transaction<Database>, productId: string): Promise<void> {
  await sql`
    update products p
       set rating_average = r.average, rating_count = r.count
      from (select round(avg(rating)::numeric, 2) as average, count(*)::int as count
              from reviews
             where product_id = ${productId} and status = 'visible') r
     where p.id = ${productId}`.execute(trx);
}

export async function productRating(db: Db, productId: string) {
  const row = await db
    .selectFrom('products')
    .select(['rating_average', 'rating_count'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return {
    average: row.rating_average === null ? null : Number(row.rating_average),
    count: row.rating_count,
  };
}

export async function findReviewOf(
  db: Db,
  productId: string,
  authorId: string,
): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
}

export async function findReview(db: Db, reviewId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', reviewId).executeTakeFirst();
}

/** Writes the learner's one review of the product: a new one, or their existing one changed (its votes kept). */
export async function saveReview(
  trx: Transaction<Database>,
  review: {
    id: string;
    productId: string;
    authorId: string;
    authorName: string;
    rating: number;
    bodyMd: string;
    bodyHtml: string;
  },
): Promise<ReviewRow> {
  return trx
    .insertInto('reviews')
    .values({
      id: review.id,
      product_id: review.productId,
      author_id: review.authorId,
      author_name: review.authorName,
      rating: review.rating,
      body_md: review.bodyMd,
      body_html: review.bodyHtml,
    })
    .onConflict((oc) =>
      oc.columns(['product_id', 'author_id']).doUpdateSet({
        author_name: review.authorName,
        rating: review.rating,
        body_md: review.bodyMd,
        body_html: review.bodyHtml,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteReviewOf(
  trx: Transaction<Database>,
  productId: string,
  authorId: string,
): Promise<string | undefined> {
  const row = await trx
    .deleteFrom('reviews')
    .where('product_id', '=', productId)
    .where('author_id', '=', authorId)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The order of each sort, as (key desc, seq desc): the key of a row is what its cursor carries. */
const SORT_KEY: Record<ReviewSort, 'helpful_count' | 'rating' | null> = {
  helpful: 'helpful_count',
  rating: 'rating',
  newest: null,
};

/** A cursor: the last row's sort key and seq ("12.3456", or "3456" for newest). */
export type ReviewCursor = { key: number | null; seq: string };

export const cursorOf = (sort: ReviewSort, row: ReviewRow): string => {
  const key = SORT_KEY[sort];
  return key === null ? String(row.seq) : `${row[key]}.${row.seq}`;
};

/** The cursor of `sort` read back, or null when it is not one (a made-up or another sort's cursor). */
export function parseCursor(sort: ReviewSort, cursor: string): ReviewCursor | null {
  const match =
    SORT_KEY[sort] === null ? /^()(\d{1,18})$/.exec(cursor) : /^(\d{1,9})\.(\d{1,18})$/.exec(cursor);
  if (!match) return null;
  return { key: match[1] === '' ? null : Number(match[1]), seq: match[2]! };
}

/** A page of the product's visible reviews in `sort` order after `after`, and how many it has in all. */
export async function listReviews(
  db: Db,
  productId: string,
  { sort, after, limit }: { sort: ReviewSort; after: ReviewCursor | null; limit: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const key = SORT_KEY[sort];
  let query = db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'visible');
  if (after)
    query =
      key === null
        ? query.where('seq', '<', Number(after.seq))
        : query.where(sql<boolean>`(${sql.ref(key)}, seq) < (${after.key}::int, ${after.seq}::bigint)`);
  if (key !== null) query = query.orderBy(key, 'desc');
  const [rows, count] = await Promise.all([
    query.orderBy('seq', 'desc').limit(limit).execute(),
    db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('product_id', '=', productId)
      .where('status', '=', 'visible')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** Counts one helpful vote of `userId` on the review; false when they had already voted. */
export async function addHelpfulVote(trx: Transaction<Database>, reviewId: string, userId: string) {
  const added = await trx
    .insertInto('review_votes')
    .values({ review_id: reviewId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!added) return null;
  const row = await trx
    .updateTable('reviews')
    .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
    .where('id', '=', reviewId)
    .returning('helpful_count')
    .executeTakeFirstOrThrow();
  return row.helpful_count;
}

/** Files one report of `reporter` on the review; false when they had already reported it. */
export async function addReport(
  trx: Transaction<Database>,
  report: {
    id: string;
    reviewId: string;
    reporterId: string;
    reporterName: string;
    reason: string;
    note: string | null;
  },
): Promise<boolean> {
  const added = await trx
    .insertInto('review_reports')
    .values({
      id: report.id,
      review_id: report.reviewId,
      reporter_id: report.reporterId,
      reporter_name: report.reporterName,
      reason: report.reason,
      note: report.note,
    })
    .onConflict((oc) => oc.columns(['review_id', 'reporter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) return false;
  await trx
    .updateTable('reviews')
    .set((eb) => ({
      report_count: eb('report_count', '+', 1),
      open_reports: eb('open_reports', '+', 1),
      last_reported_at: sql`now()`,
    }))
    .where('id', '=', report.reviewId)
    .execute();
  return true;
}

export async function setReply(
  db: Db,
  reviewId: string,
  reply: { md: string; html: string; byId: string; byName: string; byCreator: boolean },
): Promise<ReviewRow> {
  return db
    .updateTable('reviews')
    .set({
      reply_md: reply.md,
      reply_html: reply.html,
      reply_by_id: reply.byId,
      reply_by_name: reply.byName,
      reply_by_creator: reply.byCreator,
      reply_created_at: sql`coalesce(reply_created_at, now())`,
      reply_updated_at: sql`now()`,
    })
    .where('id', '=', reviewId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---------- moderation ----------

export async function productsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; title: string; slug: string }>();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'title', 'slug'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function lockReview(
  trx: Transaction<Database>,
  reviewId: string,
): Promise<ReviewRow | undefined> {
  return trx.selectFrom('reviews').selectAll().where('id', '=', reviewId).forUpdate().executeTakeFirst();
}

export async function setStatus(trx: Transaction<Database>, reviewId: string, status: 'visible' | 'hidden') {
  return trx
    .updateTable('reviews')
    .set({ status })
    .where('id', '=', reviewId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function closeReports(trx: Transaction<Database>, reviewId: string): Promise<ReviewRow> {
  await trx
    .updateTable('review_reports')
    .set({ status: 'closed' })
    .where('review_id', '=', reviewId)
    .where('status', '=', 'open')
    .execute();
  return trx
    .updateTable('reviews')
    .set({ open_reports: 0 })
    .where('id', '=', reviewId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function logModeration(
  trx: Transaction<Database>,
  entry: {
    id: string;
    reviewId: string;
    action: 'hide' | 'restore' | 'dismiss-reports';
    by: { id: string; name: string };
    reason: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('review_moderation_log')
    .values({
      id: entry.id,
      review_id: entry.reviewId,
      action: entry.action,
      moderator_id: entry.by.id,
      moderator_name: entry.by.name,
      reason: entry.reason,
    })
    .execute();
}

/**
 * A deleted account's reviews and helpful votes go with it: each reviewed product under its row's lock, its
 * rating recomputed; each voted review's count lowered. Answers how many reviews were deleted.
 */
export async function deleteReviewsOfAuthor(db: Kysely<Database>, authorId: string): Promise<number> {
  await db.transaction().execute(async (trx) => {
    const votes = await trx
      .deleteFrom('review_votes')
      .where('user_id', '=', authorId)
      .returning('review_id')
      .execute();
    if (votes.length === 0) return;
    await trx
      .updateTable('reviews')
      .set((eb) => ({ helpful_count: eb('helpful_count', '-', 1) }))
      .where(
        'id',
        'in',
        votes.map((vote) => vote.review_id),
      )
      .execute();
  });
  const reviewed = await db
    .selectFrom('reviews')
    .select('product_id')
    .where('author_id', '=', authorId)
    .execute();
  let deleted = 0;
  for (const { product_id: productId } of reviewed)
    deleted += await db.transaction().execute(async (trx) => {
      await lockProduct(trx, productId);
      const id = await deleteReviewOf(trx, productId, authorId);
      await refreshRating(trx, productId);
      return id ? 1 : 0;
    });
  return deleted;
}
