import type { SsoProtocol } from '@catalyst/contracts';
import type { ColumnType, Selectable } from 'kysely';

/**
 * A team's identity provider: OpenID Connect (issuer, client; the secret AES-GCM sealed, service-kit secret-box.ts)
 * or SAML 2.0 (the IdP's entity ID in `issuer`, its SSO URL and signing certificate; client fields empty).
 */
export interface TeamSsoTable {
  team_id: string;
  protocol: ColumnType<SsoProtocol, SsoProtocol | undefined, SsoProtocol>;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  saml_sso_url: ColumnType<string | null, string | null | undefined, string | null>;
  saml_certificate: ColumnType<string | null, string | null | undefined, string | null>;
  required: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type TeamSso = Selectable<TeamSsoTable>;

/**
 * An e-mail domain a team claims (the team's domains, whether or not it has single sign-on): it signs people in
 * and admits them by the join link only once verified (one team per verified domain).
 */
export interface TeamSsoDomainTable {
  domain: string;
  team_id: string;
  /** What the domain's `_catalyst-verification` TXT record must say. */
  token: string;
  verified_at: Date | null;
}
export type TeamSsoDomain = Selectable<TeamSsoDomainTable>;
