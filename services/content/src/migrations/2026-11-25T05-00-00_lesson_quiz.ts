import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A quiz lesson's questions, options, answers and pass mark, kept whole on the lesson (read and replaced
 * with it, never queried inside): `{ passPercent, questions: [{ id, kind, prompt, explanation,
 * options: [{ id, text, isCorrect }] }] }`. Null for every other kind of lesson.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table course_lessons add column quiz jsonb`.execute(db);
  await sql`alter table course_lessons add constraint course_lessons_quiz_kind check (quiz is null or kind = 'quiz')`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table course_lessons drop constraint if exists course_lessons_quiz_kind`.execute(db);
  await sql`alter table course_lessons drop column if exists quiz`.execute(db);
}
