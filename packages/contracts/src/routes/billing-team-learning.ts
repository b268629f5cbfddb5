import { z } from 'zod';
import {
  assignmentCreateBodySchema,
  assignmentParamsSchema,
  myAssignmentSchema,
  teamAssignmentSchema,
  teamLearningMessages,
  teamLearningSchema,
  teamRoleBodySchema,
} from '../team-learning';
import { teamDetailSchema, teamIdParamsSchema, teamMemberParamsSchema, teamMessages } from '../teams';
import { defineRoutes } from './define';

const service = 'billing';

/**
 * A team's learning (figures progress keeps, asked for the team's members), its roles and the learning its
 * owner and admins assign. The member's own list is `/teams/assignments/mine`, not under `/teams/:id/…`,
 * where a POST to it would be taken for an assignment.
 */
export const teamLearningRoutes = defineRoutes({
  myAssignments: {
    method: 'GET',
    path: '/teams/assignments/mine',
    service,
    access: 'user',
    summary: 'The learning your team assigned you, with due dates, soonest first',
    response: z.array(myAssignmentSchema),
  },
  learning: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'GET',
    path: '/teams/:id/learning',
    service,
    access: 'user',
    scopes: ['progress:read'],
    summary:
      "Each member's learning (last active, minutes this month, courses in progress and finished, certificates) and the team's last six months",
    params: teamIdParamsSchema,
    response: teamLearningSchema,
  },
  learningCsv: {
    produces: ['text/csv'],
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'GET',
    path: '/teams/:id/learning.csv',
    service,
    access: 'user',
    scopes: ['progress:read'],
    answer: 'bytes',
    summary: "Each member's learning as a CSV file",
    params: teamIdParamsSchema,
    response: z.string(),
  },
  changeRole: {
    refuses: { 403: teamMessages.ownerOnly, 409: teamLearningMessages.ownerRoleFixed },
    method: 'PUT',
    path: '/teams/:id/members/:userId/role',
    service,
    access: 'user',
    summary: "Make a member an admin of the team, or an admin a member again (the owner's role stays)",
    params: teamMemberParamsSchema,
    body: teamRoleBodySchema,
    response: teamDetailSchema,
  },
  assign: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'POST',
    path: '/teams/:id/assignments',
    service,
    access: 'user',
    summary: 'Assign a course or path to members or everyone, with an optional due date: each gets an e-mail',
    params: teamIdParamsSchema,
    body: assignmentCreateBodySchema,
    response: teamAssignmentSchema,
  },
  assignments: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'GET',
    path: '/teams/:id/assignments',
    service,
    access: 'user',
    scopes: ['progress:read'],
    summary: "The team's assignments, newest first, with each assignee's standing (overdue flagged)",
    params: teamIdParamsSchema,
    response: z.array(teamAssignmentSchema),
  },
  deleteAssignment: {
    refuses: { 403: teamMessages.ownerOrAdminOnly },
    method: 'DELETE',
    path: '/teams/:id/assignments/:assignmentId',
    service,
    access: 'user',
    summary: 'Withdraw an assignment',
    params: assignmentParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
  },
});
