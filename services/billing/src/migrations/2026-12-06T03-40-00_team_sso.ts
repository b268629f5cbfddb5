import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A team's single sign-on (OpenID Connect): its provider and client (the secret encrypted), and the e-mail
 * domains it signs in, each held by one team only (the primary key).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('team_sso')
    .addColumn('team_id', 'uuid', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('team_sso_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'uuid', (c) => c.notNull().references('team_sso.team_id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('team_sso_domains_team_idx').on('team_sso_domains').column('team_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_sso_domains').ifExists().execute();
  await db.schema.dropTable('team_sso').ifExists().execute();
}
