import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { AssignmentTargetKind } from '@catalyst/contracts';

/** A course or path a team's owner or admin assigned, with its title as it was then. */
export interface TeamAssignmentTable {
  id: ColumnType<string, string | undefined, never>;
  team_id: string;
  target_kind: AssignmentTargetKind;
  /** The product's or path's `_id` in the content service. */
  target_id: string;
  title: string;
  slug: string;
  due_at: Date | null;
  /** The group it was assigned to: who joins the group later gets it too. */
  group_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_by_user_id: string;
  created_by_name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type TeamAssignmentRow = Selectable<TeamAssignmentTable>;
export type NewTeamAssignmentRow = Insertable<TeamAssignmentTable>;

/** One assignee of an assignment. */
export interface TeamAssignmentUserTable {
  assignment_id: string;
  user_id: string;
}

/** An assignee reminded of an assignment coming due (inserting one appends its `assignment.due-soon` event). */
export interface TeamAssignmentReminderTable {
  assignment_id: string;
  user_id: string;
  reminded_at: ColumnType<Date, Date | undefined, never>;
}
