import type { ColumnType, Selectable } from 'kysely';

/** A team's join link: its token as a SHA-256 (the lookup) and sealed for the team (shown again to its admins). */
export interface TeamJoinLinkTable {
  team_id: string;
  token_hash: string;
  token_sealed: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
}
export type TeamJoinLink = Selectable<TeamJoinLinkTable>;
