// Contracts of a team's learning figures (progress answers them for billing) and assigned learning (billing).
import { z } from 'zod';
import { objectIdSchema } from './api';
import {
  TEAM_LEARNING_USERS_MAX,
  assignableTeamRoleValues,
  assignmentStatusValues,
  assignmentTargetKindValues,
  teamLearningMessages,
} from './team-learning-terms';
import { teamMemberParamsSchema, teamIdParamsSchema } from './teams';
import { teamRoleValues } from './teams-terms';

export * from './team-learning-terms';

// ---------- progress (internal) ----------

/** POST /internal/progress/team-figures: the team's learners, and the assigned items to report on. */
export const teamFiguresBodySchema = z.object({
  userIds: z.array(objectIdSchema).max(TEAM_LEARNING_USERS_MAX),
  productIds: z.array(objectIdSchema).max(100).default([]),
  pathIds: z.array(objectIdSchema).max(100).default([]),
});
export type TeamFiguresBody = z.input<typeof teamFiguresBodySchema>;

const itemStandingSchema = z.enum(['not_started', 'in_progress', 'done']);
export type ItemStanding = z.infer<typeof itemStandingSchema>;

export const learnerFiguresSchema = z.object({
  userId: z.string(),
  /** ISO date-time of the newest progress save; null when they never learned. */
  lastActiveAt: z.string().nullable(),
  /** Whole minutes learned this calendar month (UTC). */
  minutesThisMonth: z.number().int(),
  inProgress: z.number().int(),
  finished: z.number().int(),
  certificates: z.number().int(),
  /** Each asked product's and path's standing, by id (a path is done with its certificate, started once followed). */
  items: z.record(z.string(), itemStandingSchema),
});
export type LearnerFigures = z.infer<typeof learnerFiguresSchema>;

export const teamMonthFiguresSchema = z.object({
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  activeLearners: z.number().int(),
  minutes: z.number().int(),
  completions: z.number().int(),
  /** The courses most of the team learned in that month, most first. */
  topCourses: z.array(z.object({ productId: z.string(), title: z.string(), learners: z.number().int() })),
});
export type TeamMonthFigures = z.infer<typeof teamMonthFiguresSchema>;

export const teamFiguresSchema = z.object({
  learners: z.array(learnerFiguresSchema),
  /** The last months, oldest first, this month last. */
  months: z.array(teamMonthFiguresSchema),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

// ---------- billing: the learning view ----------

export const teamLearnerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoleValues),
  seatStatus: z.literal('active'),
  lastActiveAt: z.string().nullable(),
  minutesThisMonth: z.number().int(),
  inProgress: z.number().int(),
  finished: z.number().int(),
  certificates: z.number().int(),
});
export type TeamLearner = z.infer<typeof teamLearnerSchema>;

/** GET /teams/:id/learning: every member's figures (the page filters and sorts them) and the months. */
export const teamLearningSchema = z.object({
  members: z.array(teamLearnerSchema),
  months: z.array(teamMonthFiguresSchema),
});
export type TeamLearning = z.infer<typeof teamLearningSchema>;

/** PUT /teams/:id/members/:userId/role */
export const teamRoleBodySchema = z.object({
  role: z.enum(assignableTeamRoleValues, { message: teamLearningMessages.role }),
});
export const teamMemberRoleParamsSchema = teamMemberParamsSchema;

// ---------- billing: assignments ----------

export const assignmentTargetSchema = z.object({
  kind: z.enum(assignmentTargetKindValues, { message: teamLearningMessages.targetMissing }),
  id: objectIdSchema,
});
export type AssignmentTarget = z.infer<typeof assignmentTargetSchema>;

/** POST /teams/:id/assignments: members by id, a group (and who joins it later), or everyone in the team. */
export const assignmentCreateBodySchema = z
  .object({
    target: assignmentTargetSchema,
    userIds: z.array(z.string().min(1).max(100)).min(1, teamLearningMessages.assignees).max(500).optional(),
    all: z.literal(true).optional(),
    groupId: z.string().uuid(teamLearningMessages.assignees).optional(),
    /** ISO date (`YYYY-MM-DD`, due at the end of that UTC day) or date-time. */
    dueAt: z
      .string({ message: teamLearningMessages.dueAt })
      .max(40, teamLearningMessages.dueAt)
      .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), teamLearningMessages.dueAt)
      .nullable()
      .optional(),
  })
  .refine(
    (body) =>
      [body.all === true, body.userIds !== undefined, body.groupId !== undefined].filter(Boolean).length ===
      1,
    {
      message: teamLearningMessages.assignees,
      path: ['userIds'],
    },
  );
export type AssignmentCreateBody = z.input<typeof assignmentCreateBodySchema>;

export const assigneeStatusSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(assignmentStatusValues),
});

export const teamAssignmentSchema = z.object({
  id: z.string(),
  target: assignmentTargetSchema,
  title: z.string(),
  /** The key its page opens by: a product's productId, a path's slug. */
  slug: z.string(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  createdAt: z.string(),
  assignedBy: z.string(),
  /** The group it was assigned to (its members now, and who joins it later); null for members or everyone. */
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  assignees: z.array(assigneeStatusSchema),
});
export type TeamAssignment = z.infer<typeof teamAssignmentSchema>;

export const assignmentParamsSchema = teamIdParamsSchema.extend({
  assignmentId: z.string().uuid(teamLearningMessages.assignmentNotFound),
});

/** GET /teams/assignments/mine: the caller's own assigned items. */
export const myAssignmentSchema = z.object({
  id: z.string(),
  teamName: z.string(),
  target: assignmentTargetSchema,
  title: z.string(),
  slug: z.string(),
  dueAt: z.string().nullable(),
  status: z.enum(assignmentStatusValues),
  overdue: z.boolean(),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;
