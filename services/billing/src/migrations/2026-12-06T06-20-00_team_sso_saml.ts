import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A team's single sign-on may speak SAML 2.0: its IdP's entity ID stays in `issuer`, with the single sign-on
 * URL and signing certificate (PEM) beside it; every existing row is OpenID Connect.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('team_sso')
    .addColumn('protocol', 'text', (c) =>
      c
        .notNull()
        .defaultTo('oidc')
        .check(sql`protocol in ('oidc', 'saml')`),
    )
    .addColumn('saml_sso_url', 'text')
    .addColumn('saml_certificate', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('team_sso')
    .dropColumn('saml_certificate')
    .dropColumn('saml_sso_url')
    .dropColumn('protocol')
    .execute();
}
