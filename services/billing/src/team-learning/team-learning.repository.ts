// Assigned learning and team roles: all the SQL of the team-learning routes.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NewTeamAssignmentRow, TeamAssignmentRow } from '../db/tables/team-assignment';

type Db = Kysely<Database>;

/** Inserts an assignment and its assignees (in the caller's transaction). */
export async function insertAssignment(
  db: Db,
  row: NewTeamAssignmentRow,
  userIds: readonly string[],
): Promise<TeamAssignmentRow> {
  const assignment = await db
    .insertInto('team_assignments')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (userIds.length > 0)
    await db
      .insertInto('team_assignment_users')
      .values(userIds.map((user_id) => ({ assignment_id: assignment.id, user_id })))
      .execute();
  return assignment;
}

/** A team's assignments, newest first, with the name of the group each was assigned to. */
export function listAssignments(
  db: Db,
  teamId: string,
): Promise<Array<TeamAssignmentRow & { group_name: string | null }>> {
  return db
    .selectFrom('team_assignments as a')
    .leftJoin('team_groups as g', 'g.id', 'a.group_id')
    .selectAll('a')
    .select('g.name as group_name')
    .where('a.team_id', '=', teamId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .execute();
}

/** The assignees of the given assignments who still hold a seat in the team. */
export function listAssignees(db: Db, teamId: string, assignmentIds: readonly string[]) {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_assignment_users as au')
    .innerJoin('team_members as m', (join) =>
      join.onRef('m.user_id', '=', 'au.user_id').on('m.team_id', '=', teamId),
    )
    .select(['au.assignment_id', 'm.user_id', 'm.name', 'm.email'])
    .where('au.assignment_id', 'in', assignmentIds)
    .orderBy('m.name')
    .orderBy('m.user_id')
    .execute();
}

/** One member's assignments in their team, soonest due first (no due date last). */
export function listAssignmentsOf(db: Db, teamId: string, userId: string): Promise<TeamAssignmentRow[]> {
  return db
    .selectFrom('team_assignments as a')
    .innerJoin('team_assignment_users as au', 'au.assignment_id', 'a.id')
    .selectAll('a')
    .where('a.team_id', '=', teamId)
    .where('au.user_id', '=', userId)
    .orderBy(
      (eb) => eb.ref('a.due_at'),
      (ob) => ob.asc().nullsLast(),
    )
    .orderBy('a.created_at', 'desc')
    .execute();
}

export function deleteAssignment(db: Db, teamId: string, id: string): Promise<TeamAssignmentRow | undefined> {
  return db
    .deleteFrom('team_assignments')
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function setMemberRole(db: Db, teamId: string, userId: string, role: 'admin' | 'member') {
  return db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .returningAll()
    .executeTakeFirst();
}
