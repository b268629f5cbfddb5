import type { Kysely } from 'kysely';
import { demoAccounts, percentOf } from '@catalyst/contracts';
import { demoEntityId, demoVideoFor, measureDemoVideos, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';

/**
 * The demo member is part-way through a few lessons, so Continue watching has something to show. How
 * far is a share of the lesson each product really plays (measured at seed time), so the percentage,
 * the position and where playback resumes all agree with the media.
 */
const memberProgress = [
  { slug: 'html-css-from-scratch', watched: 0.4, minutesAgo: 30 },
  { slug: 'python-for-data-analysis', watched: 0.65, minutesAgo: 60 * 26 },
  { slug: 'react-hooks-in-depth', watched: 1, minutesAgo: 60 * 24 * 3 },
  { slug: 'sql-for-analysts', watched: 0.15, minutesAgo: 60 * 24 * 5 },
];

/** Demo progress for the member; only into an empty table, so a second start changes nothing. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const existing = await db.selectFrom('progress').select('user_id').limit(1).executeTakeFirst();
  if (existing) return;
  const lessonSeconds = await measureDemoVideos((video, error) => log.warn({ video, err: error.message }, 'demo lesson not measured; no demo progress in it'));
  const now = Date.now();
  const rows = memberProgress.flatMap((p) => {
    const seconds = lessonSeconds.get(demoVideoFor(p.slug));
    if (seconds === undefined) return [];
    const at = new Date(now - p.minutesAgo * 60_000);
    const position = Math.round(seconds * p.watched * 10) / 10;
    const completed = p.watched >= 1;
    return [
      {
        user_id: demoAccounts.member.id,
        product_id: demoEntityId('product', p.slug),
        progress: completed ? 100 : percentOf(position, seconds),
        last_position: position,
        furthest_position: position,
        completed,
        completed_at: completed ? at : null,
        client_ts: at.getTime(),
        created_at: at,
        updated_at: at,
      },
    ];
  });
  if (rows.length === 0) return;
  await db.insertInto('progress').values(rows).onConflict((oc) => oc.doNothing()).execute();
  log.info({ rows: rows.length }, 'demo progress seeded for the member');
}
