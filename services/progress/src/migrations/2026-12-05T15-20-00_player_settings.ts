import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** A learner's player settings (autoplay of the next lesson), kept with the account; no row: the defaults. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('player_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('autoplay', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('player_settings').execute();
}
