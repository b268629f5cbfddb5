// A team's groups and who is in each: all the SQL of the team-groups routes and of SCIM's Groups.
import { sql } from 'kysely';
import type { NewTeamGroupRow, TeamGroupRow } from '../db/tables/team-group';
import type { TeamAssignmentRow } from '../db/tables/team-assignment';
import type { Db } from '../teams/teams.repository';

export interface GroupWithMembers extends TeamGroupRow {
  memberIds: string[];
}

/** A team's groups by name, each with its members' ids (in one query per table). */
export async function listGroups(
  db: Db,
  teamId: string,
  ids?: readonly string[],
): Promise<GroupWithMembers[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('team_groups').selectAll().where('team_id', '=', teamId);
  if (ids) query = query.where('id', 'in', ids);
  const groups = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  if (groups.length === 0) return [];
  const members = await db
    .selectFrom('team_group_members')
    .select(['group_id', 'user_id'])
    .where(
      'group_id',
      'in',
      groups.map((g) => g.id),
    )
    .orderBy('user_id')
    .execute();
  return groups.map((g) => ({
    ...g,
    memberIds: members.filter((m) => m.group_id === g.id).map((m) => m.user_id),
  }));
}

export async function findGroup(db: Db, teamId: string, id: string, { lock = false } = {}) {
  let query = db.selectFrom('team_groups').selectAll().where('team_id', '=', teamId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function countGroups(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_groups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The group of this name in the team, whatever its case. */
export async function findGroupByName(db: Db, teamId: string, name: string) {
  return db
    .selectFrom('team_groups')
    .selectAll()
    .where('team_id', '=', teamId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertGroup(db: Db, row: NewTeamGroupRow): Promise<TeamGroupRow> {
  return db.insertInto('team_groups').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateGroup(
  db: Db,
  teamId: string,
  id: string,
  change: { name?: string; external_id?: string | null },
) {
  return db
    .updateTable('team_groups')
    .set({ ...change, updated_at: new Date() })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteGroup(db: Db, teamId: string, id: string) {
  return db
    .deleteFrom('team_groups')
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Which of these ids hold a seat in the team. */
export async function seatedIn(db: Db, teamId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Adds and removes members of a group; answers who was added. */
export async function changeGroupMembers(
  db: Db,
  group: Pick<TeamGroupRow, 'id' | 'team_id'>,
  add: readonly string[],
  remove: readonly string[],
): Promise<string[]> {
  if (remove.length > 0)
    await db
      .deleteFrom('team_group_members')
      .where('group_id', '=', group.id)
      .where('user_id', 'in', remove)
      .execute();
  if (add.length === 0) return [];
  const added = await db
    .insertInto('team_group_members')
    .values(add.map((user_id) => ({ group_id: group.id, team_id: group.team_id, user_id })))
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  if (added.length > 0)
    await db.updateTable('team_groups').set({ updated_at: new Date() }).where('id', '=', group.id).execute();
  return added.map((a) => a.user_id);
}

/** The group's members' ids (for an assignment made to it). */
export async function groupMemberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Gives people who joined a group the assignments made to it (each once); answers each assignment with the
 * people it newly reached, for their e-mail.
 */
export async function giveGroupAssignments(
  db: Db,
  groupId: string,
  userIds: readonly string[],
): Promise<Array<{ assignment: TeamAssignmentRow; userIds: string[] }>> {
  if (userIds.length === 0) return [];
  const assignments = await db
    .selectFrom('team_assignments')
    .selectAll()
    .where('group_id', '=', groupId)
    .execute();
  const given = [];
  for (const assignment of assignments) {
    const rows = await db
      .insertInto('team_assignment_users')
      .values(userIds.map((user_id) => ({ assignment_id: assignment.id, user_id })))
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .execute();
    if (rows.length > 0) given.push({ assignment, userIds: rows.map((r) => r.user_id) });
  }
  return given;
}
