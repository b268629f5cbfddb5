// Reminders of assigned learning coming due: each assignee who still holds the seat and has not finished the item
// is reminded once, ASSIGNMENT_REMINDER_HOURS before the due date. Recording the reminder appends its
// `assignment.due-soon` event (a trigger, same transaction): community tells the learner from billing's feed, and
// webhooks may subscribe to it.
import { sql } from 'kysely';
import { ASSIGNMENT_REMINDER_HOURS } from '@catalyst/contracts';
import { repeatEvery, type Peer, type Repeating } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { teamFiguresOf } from './team-figures';

/** The most assignees one pass reminds (the next pass takes the rest). */
const PASS_LIMIT = 500;

/** One pass: answers how many assignees were reminded. */
export async function remindDueAssignments({
  db,
  progress,
  now = new Date(),
}: {
  db: Deps['db'];
  progress: Peer;
  now?: Date;
}): Promise<number> {
  const until = new Date(now.getTime() + ASSIGNMENT_REMINDER_HOURS * 3_600_000);
  const due = await db
    .selectFrom('team_assignments as a')
    .innerJoin('team_assignment_users as au', 'au.assignment_id', 'a.id')
    .innerJoin('team_members as m', (join) =>
      join.onRef('m.team_id', '=', 'a.team_id').onRef('m.user_id', '=', 'au.user_id'),
    )
    .leftJoin('team_assignment_reminders as r', (join) =>
      join.onRef('r.assignment_id', '=', 'a.id').onRef('r.user_id', '=', 'au.user_id'),
    )
    .select(['a.id', 'a.target_kind', 'a.target_id', 'au.user_id'])
    .where('a.due_at', '>', now)
    .where('a.due_at', '<=', until)
    .where('r.assignment_id', 'is', null)
    .orderBy('a.due_at')
    .limit(PASS_LIMIT)
    .execute();
  if (due.length === 0) return 0;
  const figures = await teamFiguresOf(progress, [...new Set(due.map((row) => row.user_id))], due);
  const items = new Map(figures.learners.map((learner) => [learner.userId, learner.items]));
  const unfinished = due.filter((row) => items.get(row.user_id)?.[row.target_id] !== 'done');
  if (unfinished.length === 0) return 0;
  // A replica's pass at the same moment inserts nothing twice (and so appends no event twice).
  const inserted = await db
    .insertInto('team_assignment_reminders')
    .values(unfinished.map((row) => ({ assignment_id: row.id, user_id: row.user_id })))
    .onConflict((oc) => oc.columns(['assignment_id', 'user_id']).doNothing())
    .returning(sql<number>`1`.as('one'))
    .execute();
  return inserted.length;
}

/** Runs a pass every `everyMs` (15 minutes: a reminder is due two days ahead, so a late pass still lands in time). */
export function startDueReminders(
  deps: Pick<Deps, 'db' | 'log' | 'config'>,
  progress: Peer,
  everyMs = 15 * 60_000,
): Repeating {
  return repeatEvery({
    name: 'assignment reminders',
    everyMs,
    firstAfterMs: 30_000,
    log: deps.log,
    step: async () => {
      const reminded = await remindDueAssignments({ db: deps.db, progress });
      if (reminded > 0) deps.log.info({ reminded }, 'assignees reminded of assignments coming due');
    },
  });
}
