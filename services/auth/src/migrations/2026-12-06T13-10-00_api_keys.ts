import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * API keys: the secret is kept only as its SHA-256 (it is 256 random bits, so no slow hash is needed); the
 * prefix names the key in lists. A team key is bound to a team billing owns (its id, no reference).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('secret_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull().check(sql`cardinality(scopes) > 0`))
    .addColumn('team_id', 'text')
    .addColumn('created_by', 'char(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // The admin list (every key, newest first) and a team's list.
  await db.schema.createIndex('api_keys_created_idx').on('api_keys').column('created_at').execute();
  await db.schema
    .createIndex('api_keys_team_idx')
    .on('api_keys')
    .columns(['team_id', 'created_at'])
    .where(sql.ref('team_id'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('api_keys').ifExists().execute();
}
