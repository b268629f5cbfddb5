import type { ColumnType, Selectable } from 'kysely';
import type { ApiScope } from '@catalyst/contracts';

/** An API key: its secret kept as a SHA-256 only, shown once when made. */
export interface ApiKeyTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  /** The secret's first characters, shown in lists. */
  prefix: string;
  secret_hash: string;
  scopes: ApiScope[];
  /** The team a team owner's key is bound to; null for an admin's key. */
  team_id: string | null;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date | null;
  last_used_at: ColumnType<Date | null, never, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
}
export type ApiKeyRow = Selectable<ApiKeyTable>;
