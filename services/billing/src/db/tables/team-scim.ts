import type { ColumnType, Selectable } from 'kysely';

/** A team's SCIM bearer token, kept hashed (team-scim/). */
export interface TeamScimTokenTable {
  team_id: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
  last_used_at: Date | null;
}
export type TeamScimToken = Selectable<TeamScimTokenTable>;

/** A person the directory provisioned in a team: kept while deactivated (no seat), until the directory deletes them. */
export interface TeamScimUserTable {
  team_id: string;
  user_id: string;
  external_id: string | null;
  email: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type TeamScimUser = Selectable<TeamScimUserTable>;
