import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** Every attempt at a quiz lesson, graded by the server and kept (the best score counts, retakes allowed). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('lesson_id', 'text', (c) => c.notNull())
    .addColumn('score', 'smallint', (c) => c.notNull().check(sql`score between 0 and 100`))
    .addColumn('passed', 'boolean', (c) => c.notNull())
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('graded', 'jsonb', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A learner's attempts at one quiz, newest first (the list, the best score, the too-fast check).
  await sql`create index quiz_attempts_lesson_idx on quiz_attempts (user_id, product_id, lesson_id, submitted_at desc)`.execute(
    db,
  );
  // A deleted product's attempts go with it.
  await db.schema.createIndex('quiz_attempts_product_idx').on('quiz_attempts').column('product_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('quiz_attempts').execute();
}
