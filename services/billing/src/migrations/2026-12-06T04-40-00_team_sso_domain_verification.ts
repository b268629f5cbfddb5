import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A team's SSO domain is verified by a DNS TXT record before it signs anyone in: each claim carries its token
 * and when it was verified. Several teams may claim a domain; only one may have verified it.
 * Domains saved before this are unverified: their owners never proved them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('team_sso_domains')
    .addColumn('token', 'text', (c) => c.notNull().defaultTo(sql`replace(gen_random_uuid()::text, '-', '')`))
    .addColumn('verified_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('team_sso_domains').dropConstraint('team_sso_domains_pkey').execute();
  await db.schema
    .alterTable('team_sso_domains')
    .addPrimaryKeyConstraint('team_sso_domains_pkey', ['team_id', 'domain'])
    .execute();
  await db.schema
    .createIndex('team_sso_domains_verified_domain')
    .on('team_sso_domains')
    .column('domain')
    .unique()
    .where(sql.ref('verified_at'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('team_sso_domains_verified_domain').ifExists().execute();
  await db.deleteFrom('team_sso_domains').where('verified_at', 'is', null).execute();
  await db.schema.alterTable('team_sso_domains').dropConstraint('team_sso_domains_pkey').execute();
  await db.schema
    .alterTable('team_sso_domains')
    .addPrimaryKeyConstraint('team_sso_domains_pkey', ['domain'])
    .execute();
  await db.schema.alterTable('team_sso_domains').dropColumn('token').dropColumn('verified_at').execute();
}
