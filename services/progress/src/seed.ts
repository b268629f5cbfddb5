import type { Kysely } from 'kysely';
import { demoAccounts } from '@catalyst/contracts';
import { demoEntityId, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';

/** The demo member is part-way through a few lessons, so Continue watching has something to show. */
const memberProgress = [
  { slug: 'html-css-from-scratch', progress: 40, lastPosition: 12, minutesAgo: 30 },
  { slug: 'python-for-data-analysis', progress: 65, lastPosition: 19, minutesAgo: 60 * 26 },
  { slug: 'react-hooks-in-depth', progress: 100, lastPosition: 30, minutesAgo: 60 * 24 * 3, completed: true },
  { slug: 'sql-for-analysts', progress: 15, lastPosition: 5, minutesAgo: 60 * 24 * 5 },
];

/** Demo progress for the member; only into an empty table, so a second start changes nothing. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const existing = await db.selectFrom('progress').select('user_id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = Date.now();
  await db
    .insertInto('progress')
    .values(
      memberProgress.map((p) => {
        const at = new Date(now - p.minutesAgo * 60_000);
        return {
          user_id: demoAccounts.member.id,
          product_id: demoEntityId('product', p.slug),
          progress: p.progress,
          last_position: p.lastPosition,
          completed: p.completed ?? false,
          completed_at: p.completed ? at : null,
          client_ts: at.getTime(),
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  log.info({ rows: memberProgress.length }, 'demo progress seeded for the member');
}
