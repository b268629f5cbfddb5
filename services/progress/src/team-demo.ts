// Demo progress for the Northwind team's 8 members, so the team dashboard's learning view has figures.
import type { Kysely } from 'kysely';
import { demoTeam } from '@catalyst/contracts';
import { demoEntityId, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';
import type { NewLearningDayRow } from './db/tables/learning-days';
import type { NewProgressRow } from './db/tables/progress';
import { DAY_MS, insertDemoRows } from './seed';

/** The first item of the path the team assigns ("Start with the Web"), and other single-video products. */
const products = [
  'html-css-from-scratch',
  'modern-javascript-essentials',
  'web-performance-checklist',
  'python-for-data-analysis',
  'sql-for-analysts',
  'react-hooks-in-depth',
];
const ASSIGNED_PATH = 'start-with-the-web';

/**
 * Each member learns a little differently: member n has n products started (some finished), learning days
 * spread over the last months (member 1 learned today), and the first half follow the assigned path; member 6
 * never started.
 */
function memberRows(n: number, userId: string, now: number) {
  const progress: NewProgressRow[] = [];
  const days: NewLearningDayRow[] = [];
  const started = n % products.length;
  for (let i = 0; i < started; i++) {
    const at = new Date(now - (i * 9 + n) * DAY_MS);
    const completed = (i + n) % 3 === 0;
    progress.push({
      user_id: userId,
      product_id: demoEntityId('product', products[i]!),
      progress: completed ? 100 : 20 + ((n * 13 + i * 7) % 60),
      completed,
      completed_at: completed ? at : null,
      client_ts: at.getTime(),
      created_at: at,
      updated_at: at,
    });
  }
  if (started > 0)
    for (let d = 0; d < 6 + n * 3; d++)
      days.push({
        user_id: userId,
        day: new Date(now - (d * 7 + n - 1) * DAY_MS).toISOString().slice(0, 10),
        seconds: 300 + ((n * 97 + d * 131) % 1_800),
      });
  return { progress, days };
}

/** Idempotent: nothing when the first member already has progress (a second start changes nothing). */
export async function seedDemoTeamProgress(
  db: Kysely<Database>,
  log: Logger,
  now = Date.now(),
): Promise<void> {
  const [first] = demoTeam.members;
  const existing = await db
    .selectFrom('progress')
    .select('user_id')
    .where('user_id', '=', first.id)
    .executeTakeFirst();
  if (existing) return;
  const rows = demoTeam.members.map((m, i) => memberRows(i + 1, m.id, now));
  const pathId = demoEntityId('path', ASSIGNED_PATH);
  const days = [...new Map(rows.flatMap((r) => r.days).map((d) => [`${d.user_id}/${d.day}`, d])).values()];
  await insertDemoRows(db, {
    progress: rows.flatMap((r) => r.progress),
    days,
    follows: demoTeam.members.slice(0, 4).map((m) => ({ user_id: m.id, path_id: pathId })),
  });
  log.info({ members: rows.length }, 'demo progress seeded for the Northwind team');
}
