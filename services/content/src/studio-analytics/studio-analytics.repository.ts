import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The products the studio lists for a creator (null: an admin acting for no creator sees every product). */
export const studioProducts = (db: Db, creatorId: string | null) =>
  db
    .selectFrom('products')
    .select(['id', 'title', 'creator_id'])
    .$if(creatorId !== null, (qb) => qb.where('creator_id', '=', creatorId!))
    .orderBy('title')
    .orderBy('id')
    .limit(5_000)
    .execute();

export const productOf = (db: Db, id: string) =>
  db.selectFrom('products').select(['id', 'title', 'creator_id']).where('id', '=', id).executeTakeFirst();

/** A course's lessons in curriculum order (sections, then lessons). */
export const lessonsInOrder = (db: Db, productId: string) =>
  db
    .selectFrom('course_lessons as l')
    .innerJoin('course_sections as s', 's.id', 'l.section_id')
    .select(['l.id', 'l.title', 'l.kind'])
    .where('l.product_id', '=', productId)
    .orderBy('s.position')
    .orderBy('l.position')
    .execute();

/** Visible reviews per month (UTC) since `since`: how many and their average rating. */
export async function ratingsByMonth(db: Db, productId: string, since: Date) {
  const { rows } = await sql<{ month: string; reviews: number; average: number }>`
    select to_char(date_trunc('month', created_at at time zone 'utc'), 'YYYY-MM') as month,
           count(*)::int as reviews, round(avg(rating)::numeric, 2)::float8 as average
      from reviews
     where product_id = ${productId} and status = 'visible' and created_at >= ${since}
     group by 1 order by 1
  `.execute(db);
  return rows;
}
