import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A sign-in. Only the SHA-256 of the bearer token is kept; the token itself is never stored. */
export interface SessionTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Absolute expiry (12 h after sign-in); never extended. */
  expires_at: ColumnType<Date, Date | string, never>;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
  /** The remembered sign-in that minted it (revoking that family ends it); null for a tab-only sign-in. */
  family_id: ColumnType<string | null, string | null | undefined, never>;
}
export type SessionRow = Selectable<SessionTable>;
export type NewSessionRow = Insertable<SessionTable>;
