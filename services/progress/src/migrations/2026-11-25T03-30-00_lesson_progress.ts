import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Progress per lesson of a course (the product rules per lesson), and the lesson the learner was in on the
 * product's own row, which becomes the course figure derived from its lessons.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('lesson_id', 'text', (c) => c.notNull())
    .addColumn('progress', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress between 0 and 100`),
    )
    .addColumn('last_position', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`last_position >= 0`),
    )
    .addColumn('furthest_position', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`furthest_position >= 0`),
    )
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('client_ts', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lesson_progress_pkey', ['user_id', 'product_id', 'lesson_id'])
    .execute();
  // A user's course (every lesson row of it) is the primary key's prefix; deleting a product's rows needs its own.
  await db.schema
    .createIndex('lesson_progress_product_idx')
    .on('lesson_progress')
    .column('product_id')
    .execute();
  await db.schema.alterTable('progress').addColumn('current_lesson_id', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('progress').dropColumn('current_lesson_id').execute();
  await db.schema.dropTable('lesson_progress').execute();
}
