import type { ColumnType, Selectable } from 'kysely';

/** One remembered sign-in: its refresh tokens and the access tokens they minted share its fate. */
export interface SessionFamilyTable {
  id: string;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  revoked_at: Date | null;
  /** 'logout', 'logout-all', 'password-change', 'password-reset', 'reuse' (a rotated token came back) or 'admin' (ended by an admin). */
  revoked_reason: string | null;
}
export type SessionFamilyRow = Selectable<SessionFamilyTable>;

/** A refresh token of a family. Only its SHA-256 is kept; a used (rotated) one stays, to recognise its reuse. */
export interface RefreshTokenTable {
  token_hash: string;
  family_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** The end of the inactivity window: each rotation issues a token with a new one (sliding). */
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: Date | null;
}
