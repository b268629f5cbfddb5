import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The furthest point a learner reached, beside where they last were: re-watching moves the last
 * position back but never this (nor the percentage shown). Existing rows start from their last position.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('progress')
    .addColumn('furthest_position', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`furthest_position >= 0`),
    )
    .execute();
  await sql`update progress set furthest_position = last_position`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('progress').dropColumn('furthest_position').execute();
}
