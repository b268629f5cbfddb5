import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A team's e-mail domains belong to the team, not to its single sign-on: `team_sso_domains` is kept as the
 * team's domain table (its name unchanged, so nothing reading it moves) and now hangs off `teams`, so a team
 * without an identity provider verifies domains too and removing SSO keeps them. A team's join link is one
 * random token, kept as its SHA-256 for lookup and sealed (AES-GCM, bound to the team) so it can be shown again.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('team_sso_domains').dropConstraint('team_sso_domains_team_id_fkey').execute();
  await db.schema
    .alterTable('team_sso_domains')
    .addForeignKeyConstraint('team_sso_domains_team_id_fkey', ['team_id'], 'teams', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createTable('team_join_links')
    .addColumn('team_id', 'uuid', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_join_links').execute();
  // Domains of a team without single sign-on had no place before.
  await db
    .deleteFrom('team_sso_domains')
    .where('team_id', 'not in', db.selectFrom('team_sso').select('team_id'))
    .execute();
  await db.schema.alterTable('team_sso_domains').dropConstraint('team_sso_domains_team_id_fkey').execute();
  await db.schema
    .alterTable('team_sso_domains')
    .addForeignKeyConstraint('team_sso_domains_team_id_fkey', ['team_id'], 'team_sso', ['team_id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
}
