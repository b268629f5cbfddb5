import type { ColumnType, Selectable } from 'kysely';

/** A single sign-on under way (state, nonce, PKCE verifier), used once by its callback within 10 minutes. */
export interface SsoLoginTable {
  /** sha256 of the state sent to the provider. */
  state_hash: string;
  nonce: string;
  code_verifier: string;
  team_id: string;
  issuer: string;
  /** The address typed in the sign-in dialog (its domain chose the team). */
  email: string;
  return_to: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
}
export type SsoLogin = Selectable<SsoLoginTable>;
