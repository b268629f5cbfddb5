import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The paper of each attempt at a quiz: its questions and each question's options in the order served to the
 * learner, shuffled per attempt by the server. A learner has at most one open paper per quiz (the one being
 * answered); submitting it ties it to the graded attempt.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('quiz_papers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('lesson_id', 'text', (c) => c.notNull())
    .addColumn('questions', 'jsonb', (c) => c.notNull())
    .addColumn('served_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempt_id', 'text')
    .execute();
  await sql`create unique index quiz_papers_open_key on quiz_papers (user_id, product_id, lesson_id) where attempt_id is null`.execute(
    db,
  );
  await db.schema.createIndex('quiz_papers_product_idx').on('quiz_papers').column('product_id').execute();
  await db.schema.createIndex('quiz_papers_user_idx').on('quiz_papers').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('quiz_papers').execute();
}
