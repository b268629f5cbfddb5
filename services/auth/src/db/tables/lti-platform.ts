import type { ColumnType, Selectable } from 'kysely';

/** An LMS registered by an admin: its identity (issuer, client id, deployments) and endpoints. */
export interface LtiPlatformTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_url: string;
  token_url: string;
  jwks_url: string;
  /** Web origins of the LMS that frame the tool, beyond the issuer's and the authentication URL's. */
  frame_origins: string[];
  /** Trusted to vouch for e-mail addresses: its users are linked to existing accounts of the same address. */
  link_by_email: boolean;
  created_at: ColumnType<Date, never, never>;
}
export type LtiPlatformRow = Selectable<LtiPlatformTable>;
