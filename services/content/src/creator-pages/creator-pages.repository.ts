import { sql, type Kysely } from 'kysely';
import type { CreatorLink } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { ReviewRow } from '../db/tables/review';

type Db = Kysely<Database>;

/** The creator's links (none before a creator wrote any). */
export async function creatorLinks(db: Db, creatorId: string): Promise<CreatorLink[]> {
  const row = await db
    .selectFrom('creator_profiles')
    .select('links')
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return row?.links ?? [];
}

export async function saveCreatorLinks(db: Db, creatorId: string, links: CreatorLink[]): Promise<void> {
  await db
    .insertInto('creator_profiles')
    .values({ creator_id: creatorId, links: JSON.stringify(links) })
    .onConflict((oc) =>
      oc.column('creator_id').doUpdateSet({ links: JSON.stringify(links), updated_at: sql`now()` }),
    )
    .execute();
}

/** The mean of every counted review of the creator's visible items, weighted by their counts (two decimals). */
export async function creatorRating(
  db: Db,
  creatorId: string,
): Promise<{ averageRating: number | null; ratingCount: number }> {
  const row = await sql<{ average: string | null; count: string }>`
    select round(sum(rating_average * rating_count) / nullif(sum(rating_count), 0), 2) as average,
           coalesce(sum(rating_count), 0) as count
      from products
     where creator_id = ${creatorId} and is_published and is_active and rating_count > 0
  `.execute(db);
  const { average, count } = row.rows[0]!;
  return { averageRating: average === null ? null : Number(average), ratingCount: Number(count) };
}

/** Announcements not yet handed to community, oldest first, locked so two replicas never hand the same one. */
export async function lockWaitingAnnouncements(
  db: Db,
  limit: number,
): Promise<{ productId: string; creatorId: string }[]> {
  const rows = await sql<{ product_id: string; creator_id: string }>`
    select product_id, creator_id from product_announcements
     where delivered_at is null
     order by queued_at
     limit ${limit}
       for update skip locked
  `.execute(db);
  return rows.rows.map((row) => ({ productId: row.product_id, creatorId: row.creator_id }));
}

export async function markDelivered(db: Db, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .updateTable('product_announcements')
    .set({ delivered_at: new Date() })
    .where('product_id', 'in', productIds)
    .execute();
}

/** The newest visible reviews of a creator's items (every item's for null), with their product. */
export async function creatorReviews(
  db: Db,
  creatorId: string | null,
  { unanswered, limit }: { unanswered: boolean; limit: number },
): Promise<(ReviewRow & { product_title: string; product_slug: string })[]> {
  let query = db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .selectAll('r')
    .select(['p.title as product_title', 'p.slug as product_slug'])
    .where('r.status', '=', 'visible');
  if (creatorId !== null) query = query.where('p.creator_id', '=', creatorId);
  if (unanswered) query = query.where('r.reply_md', 'is', null);
  return query.orderBy('r.created_at', 'desc').orderBy('r.seq', 'desc').limit(limit).execute();
}
