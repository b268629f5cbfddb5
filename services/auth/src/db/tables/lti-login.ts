import type { ColumnType, Selectable } from 'kysely';

/** A login initiation waiting for its id_token: the state (hashed) and nonce, used once within 10 minutes. */
export interface LtiLoginTable {
  state_hash: string;
  nonce: string;
  platform_id: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
}
export type LtiLogin = Selectable<LtiLoginTable>;
