// The zod-free terms of a team's learning figures and assigned learning: the team pages read them without zod.

/** The most users one figures request to progress may name (a team's largest seat count). */
export const TEAM_LEARNING_USERS_MAX = 500;
/** How many months of team figures the dashboard shows, this one included. */
export const TEAM_LEARNING_MONTHS = 6;
/** How many top courses each month's figures name. */
export const TEAM_TOP_COURSES = 3;

export const assignmentTargetKindValues = ['product', 'path'] as const;
export type AssignmentTargetKind = (typeof assignmentTargetKindValues)[number];

/** An assignee's standing on an assigned item; `overdue` is not done once the due date has passed. */
export const assignmentStatusValues = ['not_started', 'in_progress', 'done', 'overdue'] as const;
export type AssignmentStatus = (typeof assignmentStatusValues)[number];

export const assignmentStatusText: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
  overdue: 'Overdue',
};

/** Roles the owner can give a member (the owner's own role never changes). */
export const assignableTeamRoleValues = ['admin', 'member'] as const;

export const teamLearningMessages = {
  assignees: 'Choose at least one member, a group, or everyone',
  notMembers: 'Everyone assigned must be a member of this team',
  targetMissing: 'That course or path does not exist',
  assignmentNotFound: 'Assignment not found',
  dueAt: 'Give the due date as a date',
  role: 'Choose admin or member',
  ownerRoleFixed: "The owner's role cannot be changed",
} as const;

/** The page an assigned item opens: a path's page (by its slug), or a product's (by its short productId). */
export const assignedItemPath = (kind: AssignmentTargetKind, key: string): string =>
  kind === 'path'
    ? `/paths/${encodeURIComponent(key)}`
    : `/browse/premium/product/${encodeURIComponent(key)}`;

/** How long before an assignment's due date its assignees who have not finished it are reminded. */
export const ASSIGNMENT_REMINDER_HOURS = 48;
