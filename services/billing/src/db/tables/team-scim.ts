import type { ColumnType, Selectable } from 'kysely';

/** A team's SCIM bearer token, kept hashed (team-scim/). */
export interface TeamScimTokenTable {
  team_id: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
  last_used_at: Date | null;
}
export type TeamScimToken = Selectable<TeamScimTokenTable>;
