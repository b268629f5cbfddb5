import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** A team's SCIM token (one per team, kept as its SHA-256: rotating replaces it, revoking deletes it). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('team_scim_tokens')
    .addColumn('team_id', 'uuid', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('team_scim_tokens').execute();
}
