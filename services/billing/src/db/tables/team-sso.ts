import type { ColumnType, Selectable } from 'kysely';

/** A team's OpenID Connect provider and client; the secret is AES-GCM sealed (team-sso/secret-box.ts). */
export interface TeamSsoTable {
  team_id: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  required: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type TeamSso = Selectable<TeamSsoTable>;

/** An e-mail domain a team claims for its provider; it signs people in only once verified (one team per domain). */
export interface TeamSsoDomainTable {
  domain: string;
  team_id: string;
  /** What the domain's `_catalyst-verification` TXT record must say. */
  token: string;
  verified_at: Date | null;
}
export type TeamSsoDomain = Selectable<TeamSsoDomainTable>;
