// SCIM Groups are the team's groups: the directory makes, finds (displayName or externalId), replaces, patches
// (members added, removed or replaced, a new displayName, as Okta and Entra send them) and deletes them.
import { SCIM_MEDIA_TYPE, TEAM_ID_PATTERN, teamScimMessages, type teamScimRoutes } from '@catalyst/contracts';
import type { RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import type { Team } from '../db/tables/team';
import { removeGroup, saveGroup, type GroupChange } from '../team-groups/group-changes';
import { findGroupByName, listGroups, type GroupWithMembers } from '../team-groups/team-groups.repository';
import { listMembers } from '../teams/teams.repository';
import { SCIMMY, ScimRefusal, scimAnswer } from './scim-answers';
import { DIRECTORY, bodyOf, filterOf, listAnswer, pageOf, type ScimContext } from './scim-request';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

type GroupRoutes = Pick<
  typeof teamScimRoutes,
  'listGroups' | 'createGroup' | 'getGroup' | 'replaceGroup' | 'patchGroup' | 'deleteGroup'
>;

interface ScimTools {
  base: string;
  teamOf: (c: ScimContext) => Promise<Team>;
  scim: <I>(
    run: (input: I, c: ScimContext) => Promise<Response>,
  ) => (input: I, c: ScimContext) => Promise<Response>;
}

/** A Group document's members' ids (scimmy has checked its shape). */
const memberIdsOf = (group: Record<string, unknown>) =>
  Array.isArray(group.members) ? group.members.map((m: { value?: unknown }) => String(m.value ?? '')) : [];

const externalIdOf = (group: Record<string, unknown>) =>
  typeof group.externalId === 'string' && group.externalId.trim()
    ? group.externalId.trim().slice(0, 200)
    : null;

export function createScimGroupHandlers(
  deps: Deps,
  { base, teamOf, scim }: ScimTools,
): RouteHandlers<GroupRoutes> {
  const { db } = deps;

  /** A group as SCIM's Group, its members by id and address; `members` left out when the directory asks. */
  async function resourcesOf(teamId: string, groups: GroupWithMembers[], withMembers = true) {
    const emails = new Map((await listMembers(db, teamId)).map((m) => [m.user_id, m.email]));
    return groups.map((group) => ({
      schemas: [GROUP_SCHEMA],
      id: group.id,
      ...(group.external_id ? { externalId: group.external_id } : {}),
      displayName: group.name,
      ...(withMembers
        ? {
            members: group.memberIds.map((id) => ({
              value: id,
              display: emails.get(id) ?? id,
              $ref: `${base}/Users/${id}`,
            })),
          }
        : {}),
      meta: {
        resourceType: 'Group',
        created: group.created_at.toISOString(),
        lastModified: group.updated_at.toISOString(),
        location: `${base}/Groups/${group.id}`,
      },
    }));
  }

  async function groupOf(teamId: string, id: string) {
    const [group] = TEAM_ID_PATTERN.test(id) ? await listGroups(db, teamId, [id]) : [];
    if (!group) throw new ScimRefusal(404, null, teamScimMessages.groupNotFound);
    return group;
  }

  const withoutMembers = (excluded?: string) =>
    (excluded ?? '').split(',').some((a) => a.trim().toLowerCase() === 'members');

  async function answerGroup(team: Team, groupId: string, status = 200) {
    const [resource] = await resourcesOf(team.id, [await groupOf(team.id, groupId)]);
    return status === 201
      ? new Response(JSON.stringify(resource), {
          status,
          headers: { 'content-type': SCIM_MEDIA_TYPE, location: resource!.meta.location },
        })
      : scimAnswer(status, resource);
  }

  /** A document as a change: its displayName, externalId and all its members. */
  const changeOf = (group: Record<string, unknown>): GroupChange => ({
    name: typeof group.displayName === 'string' ? group.displayName : undefined,
    externalId: externalIdOf(group),
    memberIds: memberIdsOf(group),
  });

  return {
    listGroups: scim(async ({ query }, c) => {
      const team = await teamOf(c);
      const page = pageOf(query);
      const filter = filterOf(query.filter, ['displayName', 'externalId']);
      let groups = await listGroups(db, team.id);
      if (filter?.attribute === 'displayName') {
        const named = await findGroupByName(db, team.id, filter.value);
        groups = groups.filter((g) => g.id === named?.id);
      } else if (filter) groups = groups.filter((g) => g.external_id === filter.value);
      return scimAnswer(
        200,
        listAnswer(await resourcesOf(team.id, groups, !withoutMembers(query.excludedAttributes)), page),
      );
    }),

    createGroup: scim(async (_input, c) => {
      const team = await teamOf(c);
      const group = new SCIMMY.Schemas.Group(await bodyOf(c), 'in') as unknown as Record<string, unknown>;
      const saved = await saveGroup(deps, team, null, changeOf(group), DIRECTORY, 'directory');
      return answerGroup(team, saved.id, 201);
    }),

    getGroup: scim(async ({ params, query }, c) => {
      const team = await teamOf(c);
      const [resource] = await resourcesOf(
        team.id,
        [await groupOf(team.id, params.id)],
        !withoutMembers(query.excludedAttributes),
      );
      return scimAnswer(200, resource);
    }),

    replaceGroup: scim(async ({ params }, c) => {
      const team = await teamOf(c);
      await groupOf(team.id, params.id);
      const group = new SCIMMY.Schemas.Group(await bodyOf(c), 'in') as unknown as Record<string, unknown>;
      await saveGroup(deps, team, params.id, changeOf(group), DIRECTORY, 'directory');
      return answerGroup(team, params.id);
    }),

    patchGroup: scim(async ({ params }, c) => {
      const team = await teamOf(c);
      const [current] = await resourcesOf(team.id, [await groupOf(team.id, params.id)]);
      const body = await bodyOf(c);
      const patch = new SCIMMY.Messages.PatchOp(
        body as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0],
      );
      const patched = (await patch.apply(new SCIMMY.Schemas.Group(current, 'out'))) as unknown as
        Record<string, unknown> | undefined;
      if (patched) await saveGroup(deps, team, params.id, changeOf(patched), DIRECTORY, 'directory');
      return answerGroup(team, params.id);
    }),

    deleteGroup: scim(async ({ params }, c) => {
      const team = await teamOf(c);
      await groupOf(team.id, params.id);
      await removeGroup(db, team, params.id, DIRECTORY);
      return scimAnswer(204);
    }),
  };
}
