import { teamGroupMessages, type teamGroupRoutes } from '@catalyst/contracts';
import { conflict, notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { actorOf, OWNER_OR_ADMIN, teamFor } from '../teams/team-access';
import { groupAnswer, removeGroup, saveGroup } from './group-changes';
import { findGroup, listGroups } from './team-groups.repository';

/** A team's groups for its owner and admins; a group the directory keeps is changed only over SCIM. */
export function createTeamGroupHandlers(deps: Deps): RouteHandlers<typeof teamGroupRoutes> {
  const { db } = deps;

  async function teamGroupOf(teamId: string, groupId: string) {
    const group = await findGroup(db, teamId, groupId);
    if (!group) throw notFound(teamGroupMessages.notFound);
    if (group.source === 'directory') throw conflict(teamGroupMessages.directoryKept);
    return group;
  }

  return {
    async teamGroups({ identity, params }) {
      const team = await teamFor(db, identity, params.id, OWNER_OR_ADMIN);
      return (await listGroups(db, team.id)).map(groupAnswer);
    },

    async createTeamGroup({ identity, params, body }) {
      const team = await teamFor(db, identity, params.id, OWNER_OR_ADMIN);
      const group = await saveGroup(
        deps,
        team,
        null,
        { name: body.name, memberIds: body.memberIds },
        actorOf(identity),
        'team',
      );
      return groupAnswer(group);
    },

    async updateTeamGroup({ identity, params, body }) {
      const team = await teamFor(db, identity, params.id, OWNER_OR_ADMIN);
      await teamGroupOf(team.id, params.groupId);
      const group = await saveGroup(
        deps,
        team,
        params.groupId,
        { name: body.name, memberIds: body.memberIds },
        actorOf(identity),
        'team',
      );
      return groupAnswer(group);
    },

    async deleteTeamGroup({ identity, params }) {
      const team = await teamFor(db, identity, params.id, OWNER_OR_ADMIN);
      await teamGroupOf(team.id, params.groupId);
      await removeGroup(db, team, params.groupId, actorOf(identity));
      return { deleted: true as const };
    },
  };
}
