import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Sign-ins that last across tabs and restarts: a family per remembered sign-in, its rotating refresh
 * tokens (only their SHA-256 kept; a used one stays as proof of rotation), and the access tokens
 * (sessions) it minted, so revoking the family ends them all.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('session_families')
    .addColumn('id', 'char(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('session_families_user_idx').on('session_families').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('family_id', 'char(24)', (c) =>
      c.notNull().references('session_families.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('family_id', 'char(24)', (c) => c.references('session_families.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('family_id').execute();
  await db.schema.dropTable('refresh_tokens').ifExists().execute();
  await db.schema.dropTable('session_families').ifExists().execute();
}
