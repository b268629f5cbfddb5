// Making, changing and deleting a team's groups: one place for the team page and for SCIM, so both keep the rules
// (members hold a seat, names are unique, who joins a group gets its assignments and their e-mail, all audited).
import {
  TEAM_GROUPS_MAX,
  teamGroupMessages,
  type TeamGroup,
  type TeamGroupSource,
} from '@catalyst/contracts';
import { badRequest, conflict, isUniqueViolation, notFound } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { sendAssignmentMails } from '../team-learning/assignment-mail';
import { addAudit, findTeam, listMembers, type Db } from '../teams/teams.repository';
import type { Team } from '../db/tables/team';
import {
  changeGroupMembers,
  countGroups,
  deleteGroup,
  findGroup,
  findGroupByName,
  giveGroupAssignments,
  groupMemberIds,
  insertGroup,
  listGroups,
  seatedIn,
  updateGroup,
  type GroupWithMembers,
} from './team-groups.repository';

/** Who made the change, as the audit log records them (the directory has no user id). */
export interface Actor {
  actor_user_id: string | null;
  actor_name: string;
  actor_email: string;
}

export interface GroupChange {
  name?: string;
  externalId?: string | null;
  /** Every member (replaces who was in it). */
  memberIds?: readonly string[];
  add?: readonly string[];
  remove?: readonly string[];
}

export const groupAnswer = (group: GroupWithMembers): TeamGroup => ({
  id: group.id,
  name: group.name,
  source: group.source,
  memberIds: group.memberIds,
  createdAt: group.created_at.toISOString(),
});

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * Makes a group (groupId null) or changes one, in one transaction with the team locked; then mails whoever
 * the group's assignments newly reached.
 */
export async function saveGroup(
  deps: Pick<Deps, 'db' | 'mailer' | 'log' | 'config'>,
  team: Team,
  groupId: string | null,
  change: GroupChange,
  actor: Actor,
  source: TeamGroupSource,
): Promise<GroupWithMembers> {
  const { db } = deps;
  const name = change.name?.trim();
  const { group, reached } = await db
    .transaction()
    .execute(async (trx) => {
      await findTeam(trx, team.id, { lock: true });
      let row = groupId ? await findGroup(trx, team.id, groupId, { lock: true }) : undefined;
      if (groupId && !row) throw notFound(teamGroupMessages.notFound);
      if (name !== undefined) {
        const same = await findGroupByName(trx, team.id, name);
        if (same && same.id !== row?.id) throw conflict(teamGroupMessages.nameTaken);
      }
      const before = row ? await groupMemberIds(trx, row.id) : [];
      const wanted = change.memberIds
        ? unique(change.memberIds)
        : unique([...before, ...(change.add ?? [])]).filter((id) => !change.remove?.includes(id));
      const seated = await seatedIn(trx, team.id, wanted);
      if (wanted.some((id) => !seated.has(id))) throw badRequest(teamGroupMessages.notMembers);
      if (!row) {
        if (!name) throw badRequest(teamGroupMessages.name);
        if ((await countGroups(trx, team.id)) >= TEAM_GROUPS_MAX) throw conflict(teamGroupMessages.tooMany);
        row = await insertGroup(trx, {
          team_id: team.id,
          name,
          source,
          external_id: change.externalId ?? null,
        });
        await addAudit(trx, { team_id: team.id, ...actor, action: 'group_created', detail: name });
      } else if ((name !== undefined && name !== row.name) || change.externalId !== undefined) {
        const renamed = name !== undefined && name !== row.name;
        const previous = row.name;
        row = await updateGroup(trx, team.id, row.id, {
          ...(name !== undefined ? { name } : {}),
          ...(change.externalId !== undefined ? { external_id: change.externalId } : {}),
        });
        if (renamed)
          await addAudit(trx, {
            team_id: team.id,
            ...actor,
            action: 'group_changed',
            detail: `${previous} renamed ${row.name}`,
          });
      }
      const added = await changeGroupMembers(
        trx,
        row,
        wanted.filter((id) => !before.includes(id)),
        before.filter((id) => !wanted.includes(id)),
      );
      const removedCount = before.filter((id) => !wanted.includes(id)).length;
      if (groupId && (added.length > 0 || removedCount > 0))
        await addAudit(trx, {
          team_id: team.id,
          ...actor,
          action: 'group_changed',
          detail: `${row.name}: ${added.length} added, ${removedCount} removed`,
        });
      return { group: row, reached: await giveGroupAssignments(trx, row.id, added) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'team_groups_name_idx')) throw conflict(teamGroupMessages.nameTaken);
      throw error;
    });
  if (reached.length > 0) {
    const members = new Map((await listMembers(db, team.id)).map((m) => [m.user_id, m]));
    for (const { assignment, userIds } of reached)
      await sendAssignmentMails(
        deps,
        userIds.flatMap((id) => members.get(id) ?? []),
        {
          teamName: team.name,
          title: assignment.title,
          kind: assignment.target_kind,
          key: assignment.slug,
          dueAt: assignment.due_at,
        },
      );
  }
  const [saved] = await listGroups(db, team.id, [group.id]);
  return saved!;
}

/** Deletes a group; its assignments stay with who has them. */
export async function removeGroup(db: Db, team: Team, groupId: string, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    const removed = await deleteGroup(trx, team.id, groupId);
    if (!removed) throw notFound(teamGroupMessages.notFound);
    await addAudit(trx, { team_id: team.id, ...actor, action: 'group_deleted', detail: removed.name });
  });
}
