import type { ColumnType, Selectable } from 'kysely';
import type { JWK } from 'jose';

/** The tool's RS256 key pairs: one current, retired ones kept in the JWKS a while for platforms' caches. */
export interface LtiKeyTable {
  kid: string;
  public_jwk: ColumnType<JWK, string, never>;
  private_jwk_sealed: string;
  created_at: ColumnType<Date, never, never>;
  retired_at: ColumnType<Date | null, never, Date>;
}
export type LtiKeyRow = Selectable<LtiKeyTable>;
