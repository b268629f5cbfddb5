import type { ColumnType, Insertable, Selectable } from 'kysely';

export type LinkPurpose = 'verify-email' | 'reset-password';

/** A single-use link (e-mail verification or password reset) for one address of one user; only the token's SHA-256 is kept. */
export interface EmailVerificationTable {
  id: string;
  purpose: ColumnType<LinkPurpose, LinkPurpose | undefined, never>;
  user_id: string;
  /** The address being verified; a link for an address the user has since changed is no longer valid. */
  email: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  used_at: Date | null;
}
export type EmailVerificationRow = Selectable<EmailVerificationTable>;
export type NewEmailVerificationRow = Insertable<EmailVerificationTable>;
