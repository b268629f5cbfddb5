import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { TeamGroupSource } from '@catalyst/contracts';

/** A group of a team's members, made on the team page ('team') or by the directory over SCIM ('directory'). */
export interface TeamGroupTable {
  id: ColumnType<string, string | undefined, never>;
  team_id: string;
  name: string;
  source: TeamGroupSource;
  external_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type TeamGroupRow = Selectable<TeamGroupTable>;
export type NewTeamGroupRow = Insertable<TeamGroupTable>;

/** One member of a group (a seat of the same team). */
export interface TeamGroupMemberTable {
  group_id: string;
  team_id: string;
  user_id: string;
}
