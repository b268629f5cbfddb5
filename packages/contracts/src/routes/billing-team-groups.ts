import { z } from 'zod';
import {
  teamGroupCreateBodySchema,
  teamGroupMessages,
  teamGroupParamsSchema,
  teamGroupSchema,
  teamGroupUpdateBodySchema,
} from '../team-groups';
import { teamIdParamsSchema, teamMessages } from '../teams';
import { defineRoutes } from './define';

const service = 'billing';

/** A team's groups: its owner and admins make, rename and delete them and choose who is in each. */
export const teamGroupRoutes = defineRoutes({
  teamGroups: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'GET',
    path: '/teams/:id/groups',
    service,
    access: 'user',
    summary: "The team's groups by name, each with its members (the directory's marked as such)",
    params: teamIdParamsSchema,
    response: z.array(teamGroupSchema),
  },
  createTeamGroup: {
    refuses: { 403: teamMessages.ownerOrAdminOnly, 409: teamGroupMessages.nameTaken },
    method: 'POST',
    path: '/teams/:id/groups',
    service,
    access: 'user',
    summary: 'Make a group of members',
    params: teamIdParamsSchema,
    body: teamGroupCreateBodySchema,
    response: teamGroupSchema,
    status: 201,
  },
  updateTeamGroup: {
    refuses: { 403: teamMessages.ownerOrAdminOnly, 409: teamGroupMessages.directoryKept },
    method: 'PUT',
    path: '/teams/:id/groups/:groupId',
    service,
    access: 'user',
    summary: "Rename a group or set its members: who joins gets the group's assignments (and their e-mail)",
    params: teamGroupParamsSchema,
    body: teamGroupUpdateBodySchema,
    response: teamGroupSchema,
  },
  deleteTeamGroup: {
    refuses: { 403: teamMessages.ownerOrAdminOnly, 409: teamGroupMessages.directoryKept },
    method: 'DELETE',
    path: '/teams/:id/groups/:groupId',
    service,
    access: 'user',
    summary: 'Delete a group (what it was assigned stays assigned)',
    params: teamGroupParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
  },
});
