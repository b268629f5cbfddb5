import { sql, type Kysely } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import type { QuizAttemptBody, QuizAttemptSummary } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { LessonProgressRow } from '../db/tables/lesson-progress';
import type { QuizAttemptRow } from '../db/tables/quiz-attempts';
import {
  lockCourseRow,
  markLessonLocked,
  type CourseOf,
  type LessonOutcome,
} from '../lessons/lessons.repository';
import type { Grading } from './grading';

type Db = Kysely<Database>;

export const toAttemptSummary = (
  row: Pick<QuizAttemptRow, 'id' | 'score' | 'passed' | 'submitted_at'>,
): QuizAttemptSummary => ({
  id: row.id,
  score: row.score,
  passed: row.passed,
  submittedAt: new Date(row.submitted_at).toISOString(),
});

/** A learner's attempts at one quiz, newest first. */
export async function attemptsAt(
  db: Db,
  userId: string,
  productId: string,
  lessonId: string,
): Promise<Pick<QuizAttemptRow, 'id' | 'score' | 'passed' | 'submitted_at'>[]> {
  return db
    .selectFrom('quiz_attempts')
    .select(['id', 'score', 'passed', 'submitted_at'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('lesson_id', '=', lessonId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type AttemptOutcome =
  | { kind: 'too-soon'; waitSeconds: number }
  | {
      kind: 'kept';
      attempt: QuizAttemptRow;
      bestScore: number;
      lesson: LessonProgressRow | null;
      course: LessonOutcome['course'];
    };

/**
 * Keeps a graded attempt, in one transaction holding the course row's lock (so two attempts of one learner
 * run one after the other): refused when the previous attempt at this quiz is younger than `gapSeconds`;
 * a pass completes the lesson through the lesson write path (the course figure follows); a fail changes no
 * progress (a quiz once passed stays complete).
 */
export async function recordAttempt(
  db: Db,
  course: CourseOf,
  lessonId: string,
  {
    answers,
    grading,
    gapSeconds,
  }: { answers: QuizAttemptBody['answers']; grading: Grading; gapSeconds: number },
): Promise<AttemptOutcome> {
  return db.transaction().execute(async (trx) => {
    const courseRow = await lockCourseRow(trx, course.userId, course.productId);
    const mine = trx
      .selectFrom('quiz_attempts')
      .where('user_id', '=', course.userId)
      .where('product_id', '=', course.productId)
      .where('lesson_id', '=', lessonId);
    const previous = await mine
      .select(sql<number>`extract(epoch from now() - max(submitted_at))::float8`.as('age'))
      .executeTakeFirstOrThrow();
    if (previous.age !== null && previous.age < gapSeconds)
      return { kind: 'too-soon', waitSeconds: Math.max(1, Math.ceil(gapSeconds - previous.age)) };

    const attempt = await trx
      .insertInto('quiz_attempts')
      .values({
        id: newObjectId(),
        user_id: course.userId,
        product_id: course.productId,
        lesson_id: lessonId,
        score: grading.score,
        passed: grading.passed,
        answers: JSON.stringify(answers),
        graded: JSON.stringify(grading.questions),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { best } = await mine
      .select((eb) => eb.fn.max<number>('score').as('best'))
      .executeTakeFirstOrThrow();

    if (grading.passed) {
      const outcome = await markLessonLocked(trx, course, lessonId, 'complete', null);
      return { kind: 'kept', attempt, bestScore: best, lesson: outcome.lesson, course: outcome.course };
    }
    const lesson = await trx
      .selectFrom('lesson_progress')
      .selectAll()
      .where('user_id', '=', course.userId)
      .where('product_id', '=', course.productId)
      .where('lesson_id', '=', lessonId)
      .executeTakeFirst();
    return { kind: 'kept', attempt, bestScore: best, lesson: lesson ?? null, course: courseRow };
  });
}

/** A deleted product's attempts go with its progress; answers nothing (idempotent). */
export async function deleteProductAttempts(db: Db, productId: string): Promise<void> {
  await db.deleteFrom('quiz_attempts').where('product_id', '=', productId).execute();
}

/** A deleted account's attempts go with its progress. */
export async function deleteUserAttempts(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('quiz_attempts').where('user_id', '=', userId).execute();
}
