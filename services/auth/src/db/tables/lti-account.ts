import type { ColumnType } from 'kysely';

/** A platform's user (issuer, sub) and the Catalyst account it signs in as. */
export interface LtiAccountTable {
  issuer: string;
  sub: string;
  user_id: string;
  created_at: ColumnType<Date, never, never>;
}
