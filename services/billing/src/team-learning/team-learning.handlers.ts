import {
  contentInternalRoutes,
  pathSchema,
  productSummarySchema,
  teamGroupMessages,
  teamLearningMessages,
  teamMessages,
  type AssignmentStatus,
  type AssignmentTarget,
  type Identity,
  type ItemStanding,
  type TeamAssignment,
  type TeamRole,
  type teamLearningRoutes,
} from '@catalyst/contracts';
import {
  HttpError,
  badRequest,
  conflict,
  createPeer,
  notFound,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import type { TeamAssignmentRow } from '../db/tables/team-assignment';
import { actorOf, OWNER, OWNER_OR_ADMIN, teamFor as teamForCaller } from '../teams/team-access';
import { addAudit, findSeatOf, findTeam, listMembers, teamDetailOf } from '../teams/teams.repository';
import { findGroup, groupMemberIds } from '../team-groups/team-groups.repository';
import { sendAssignmentMails } from './assignment-mail';
import { teamFiguresOf } from './team-figures';
import { learningCsv } from './learning-csv';
import {
  deleteAssignment,
  insertAssignment,
  listAssignees,
  listAssignments,
  listAssignmentsOf,
  setMemberRole,
} from './team-learning.repository';

/** A due date alone means the end of that day (UTC). */
const dueDateOf = (value: string | null | undefined): Date | null =>
  !value ? null : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);

/** An assignee's standing: done stays done; anything else past the due date is overdue. */
export function assignmentStatus(
  standing: ItemStanding,
  dueAt: Date | null,
  now = new Date(),
): AssignmentStatus {
  if (standing === 'done') return 'done';
  return dueAt && dueAt.getTime() < now.getTime() ? 'overdue' : standing;
}

export function createTeamLearningHandlers(deps: Deps): RouteHandlers<typeof teamLearningRoutes> {
  const { db, config } = deps;
  const peer = (baseUrl: string) => createPeer({ baseUrl, secret: config.INTERNAL_SECRET, timeoutMs: 5_000 });
  const progress = peer(config.PROGRESS_URL);
  const content = peer(config.CONTENT_URL);

  const teamFor = (identity: Identity, teamId: string, roles: readonly TeamRole[]) =>
    teamForCaller(db, identity, teamId, roles);

  const figuresOf = (
    userIds: string[],
    assignments: readonly Pick<TeamAssignmentRow, 'target_kind' | 'target_id'>[],
    requestId: string,
  ) => teamFiguresOf(progress, userIds, assignments, requestId);

  /** The item's title and page key, from content: a published product or path, else null. */
  async function findTarget(target: AssignmentTarget, requestId: string) {
    try {
      if (target.kind === 'path') {
        const path = pathSchema.parse(
          await content.call(contentInternalRoutes.path, { params: { idOrSlug: target.id } }, { requestId }),
        );
        return path.isPublished ? { title: path.title, key: path.slug } : null;
      }
      const product = productSummarySchema.parse(
        await content.call(contentInternalRoutes.product, { params: { idOrSlug: target.id } }, { requestId }),
      );
      return product.isPublished ? { title: product.title, key: product.productId || product._id } : null;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  }

  async function learningOf(teamId: string, requestId: string) {
    const members = await listMembers(db, teamId);
    const figures = await figuresOf(
      members.map((m) => m.user_id),
      [],
      requestId,
    );
    const byUser = new Map(figures.learners.map((l) => [l.userId, l]));
    return {
      members: members.map((m) => {
        const f = byUser.get(m.user_id);
        return {
          userId: m.user_id,
          name: m.name,
          email: m.email,
          role: m.role,
          seatStatus: 'active' as const,
          lastActiveAt: f?.lastActiveAt ?? null,
          minutesThisMonth: f?.minutesThisMonth ?? 0,
          inProgress: f?.inProgress ?? 0,
          finished: f?.finished ?? 0,
          certificates: f?.certificates ?? 0,
        };
      }),
      months: figures.months,
    };
  }

  /** The team's assignments with each current assignee's standing, as the owner and admins see them. */
  async function assignmentsOf(teamId: string, requestId: string, only?: string): Promise<TeamAssignment[]> {
    const rows = (await listAssignments(db, teamId)).filter((row) => !only || row.id === only);
    const assignees = await listAssignees(
      db,
      teamId,
      rows.map((r) => r.id),
    );
    const figures = await figuresOf([...new Set(assignees.map((a) => a.user_id))], rows, requestId);
    const items = new Map(figures.learners.map((l) => [l.userId, l.items]));
    const now = new Date();
    return rows.map((row) => {
      const people = assignees
        .filter((a) => a.assignment_id === row.id)
        .map((a) => ({
          userId: a.user_id,
          name: a.name,
          email: a.email,
          status: assignmentStatus(items.get(a.user_id)?.[row.target_id] ?? 'not_started', row.due_at, now),
        }));
      return {
        id: row.id,
        target: { kind: row.target_kind, id: row.target_id },
        title: row.title,
        slug: row.slug,
        dueAt: row.due_at?.toISOString() ?? null,
        overdue: people.some((p) => p.status === 'overdue'),
        createdAt: row.created_at.toISOString(),
        assignedBy: row.created_by_name,
        group: row.group_id && row.group_name ? { id: row.group_id, name: row.group_name } : null,
        assignees: people,
      };
    });
  }

  return {
    async myAssignments({ identity, requestId }) {
      const seat = await findSeatOf(db, identity.id);
      const team = seat ? await findTeam(db, seat.team_id) : undefined;
      if (!seat || !team) return [];
      const rows = await listAssignmentsOf(db, team.id, identity.id);
      if (rows.length === 0) return [];
      const [mine] = (await figuresOf([identity.id], rows, requestId)).learners;
      const now = new Date();
      return rows.map((row) => {
        const status = assignmentStatus(mine?.items[row.target_id] ?? 'not_started', row.due_at, now);
        return {
          id: row.id,
          teamName: team.name,
          target: { kind: row.target_kind, id: row.target_id },
          title: row.title,
          slug: row.slug,
          dueAt: row.due_at?.toISOString() ?? null,
          status,
          overdue: status === 'overdue',
        };
      });
    },

    async learning({ identity, params, requestId }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      return learningOf(team.id, requestId);
    },

    async learningCsv({ identity, params, requestId }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      const { members } = await learningOf(team.id, requestId);
      return new Response(learningCsv(members), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="team-learning.csv"',
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },

    async changeRole({ identity, params, body }) {
      const team = await teamFor(identity, params.id, OWNER);
      const seat = await findSeatOf(db, params.userId);
      if (!seat || seat.team_id !== team.id) throw notFound(teamMessages.memberNotFound);
      if (seat.role === 'owner') throw conflict(teamLearningMessages.ownerRoleFixed);
      if (seat.role !== body.role) {
        await db.transaction().execute(async (trx) => {
          await setMemberRole(trx, team.id, seat.user_id, body.role);
          await addAudit(trx, {
            team_id: team.id,
            ...actorOf(identity),
            action: 'role_changed',
            detail: `${seat.email}: ${seat.role} → ${body.role}`,
          });
        });
      }
      return teamDetailOf(db, team);
    },

    async assign({ identity, params, body, requestId }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      const members = await listMembers(db, team.id);
      const group = body.groupId ? await findGroup(db, team.id, body.groupId) : undefined;
      if (body.groupId && !group) throw notFound(teamGroupMessages.notFound);
      // Everyone: every seat but the owner's (the owner hands out the learning). A group's: read again below.
      let assignees = group
        ? []
        : body.all
          ? members.filter((m) => m.role !== 'owner')
          : members.filter((m) => body.userIds!.includes(m.user_id));
      if (body.userIds && assignees.length !== new Set(body.userIds).size)
        throw badRequest(teamLearningMessages.notMembers);
      // A group may be empty yet: who joins it later gets the assignment.
      if (assignees.length === 0 && !group) throw badRequest(teamLearningMessages.assignees);
      const target = await findTarget(body.target, requestId);
      if (!target) throw notFound(teamLearningMessages.targetMissing);
      const dueAt = dueDateOf(body.dueAt);
      const row = await db.transaction().execute(async (trx) => {
        if (group) {
          // The team locked as a group's members change (group-changes.ts): nobody joins between read and insert.
          await findTeam(trx, team.id, { lock: true });
          const inGroup = new Set(await groupMemberIds(trx, group.id));
          assignees = (await listMembers(trx, team.id)).filter((m) => inGroup.has(m.user_id));
        }
        const inserted = await insertAssignment(
          trx,
          {
            team_id: team.id,
            target_kind: body.target.kind,
            target_id: body.target.id,
            title: target.title,
            slug: target.key,
            due_at: dueAt,
            group_id: group?.id ?? null,
            created_by_user_id: identity.id,
            created_by_name: identity.name || identity.email,
          },
          assignees.map((m) => m.user_id),
        );
        const due = dueAt ? `, due ${dueAt.toISOString().slice(0, 10)}` : '';
        await addAudit(trx, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'assigned',
          detail: `${target.title} to ${group ? `group ${group.name}` : assignees.length === 1 ? assignees[0]!.email : `${assignees.length} members`}${due}`,
        });
        return inserted;
      });
      await sendAssignmentMails(deps, assignees, {
        teamName: team.name,
        title: target.title,
        kind: body.target.kind,
        key: target.key,
        dueAt,
      });
      const [answer] = await assignmentsOf(team.id, requestId, row.id);
      return answer!;
    },

    async assignments({ identity, params, requestId }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      return assignmentsOf(team.id, requestId);
    },

    async deleteAssignment({ identity, params }) {
      const team = await teamFor(identity, params.id, OWNER_OR_ADMIN);
      await db.transaction().execute(async (trx) => {
        const removed = await deleteAssignment(trx, team.id, params.assignmentId);
        if (!removed) throw notFound(teamLearningMessages.assignmentNotFound);
        await addAudit(trx, {
          team_id: team.id,
          ...actorOf(identity),
          action: 'assignment_removed',
          detail: removed.title,
        });
      });
      return { deleted: true as const };
    },
  };
}
