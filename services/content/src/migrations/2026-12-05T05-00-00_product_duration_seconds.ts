import { sql } from 'kysely';
import { type MigrationDb } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT, DEMO_VIDEOS, measureDemoVideos } from '@catalyst/demo';

// A product's exact length in seconds (issue 52, item 3: a 30-second clip reads '30 s', not '1 min'), where
// it comes from the media: a course whose every lesson's length is known, and a product playing one of the
// demo lessons (measured now, as the seed measures them). `duration` keeps its whole minutes; a row whose
// minutes no longer match (an admin typed another length) gets no seconds.
// Frozen once landed: add a new migration instead.

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table products add column duration_seconds integer check (duration_seconds is null or duration_seconds >= 0)`.execute(
    db,
  );
  await fillExactLengths(db);
}

/** Each product's exact length where its media or curriculum says it and its minutes still agree. */
export async function fillExactLengths(db: MigrationDb): Promise<void> {
  await sql`
    update products p
       set duration_seconds = l.seconds
      from (select product_id, sum(duration_seconds)::int as seconds
              from course_lessons
             group by product_id
            having count(*) = count(duration_seconds)) l
     where l.product_id = p.id
       and p.duration = greatest(1, ceil(l.seconds / 60.0))`.execute(db);
  const playing = await db
    .selectFrom('products')
    .select('id')
    .where('video_url', 'in', [...DEMO_VIDEOS])
    .where('duration_seconds', 'is', null)
    .limit(1)
    .execute();
  if (playing.length === 0) return;
  const measured = await measureDemoVideos(() => undefined, DEMO_MEDIA_ROOT);
  for (const [video, seconds] of measured) {
    const whole = Math.round(seconds);
    await sql`
      update products
         set duration_seconds = ${whole}
       where video_url = ${video}
         and duration_seconds is null
         and duration = greatest(1, ceil(${seconds}::numeric / 60))
         and not exists (select 1 from course_lessons l where l.product_id = products.id)`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table products drop column if exists duration_seconds`.execute(db);
}
