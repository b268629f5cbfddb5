import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import {
  retakeGapSeconds,
  type QuizAttemptBody,
  type QuizAttemptSummary,
  type QuizKey,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { LessonProgressRow } from '../db/tables/lesson-progress';
import type { QuizAttemptRow } from '../db/tables/quiz-attempts';
import type { PaperQuestion, QuizPaperRow } from '../db/tables/quiz-papers';
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

/** A copy of `items` in a random order (Fisher–Yates with a cryptographic source). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const orderOf = (questions: readonly PaperQuestion[]) => JSON.stringify(questions);
const sameQuiz = (questions: readonly PaperQuestion[], key: QuizKey) =>
  questions.length === key.questions.length &&
  key.questions.every((question) => {
    const served = questions.find((q) => q.questionId === question.id);
    return (
      served !== undefined &&
      served.optionIds.length === question.optionIds.length &&
      question.optionIds.every((id) => served.optionIds.includes(id))
    );
  });

/**
 * A new order of the quiz's questions and of each question's options, other than `previous` whenever the quiz
 * has more than one order (a learner never sits the same paper twice running).
 */
export function shuffledPaper(key: QuizKey, previous: readonly PaperQuestion[] | null): PaperQuestion[] {
  const draw = () =>
    shuffled(key.questions).map((q) => ({ questionId: q.id, optionIds: shuffled(q.optionIds) }));
  let paper = draw();
  for (let tries = 0; previous && orderOf(paper) === orderOf(previous) && tries < 20; tries += 1)
    paper = draw();
  return paper;
}

/** When the learner's next answer at this quiz is taken: after the gap their failed attempts have grown to. */
async function nextAttemptAt(
  db: Db | Transaction<Database>,
  userId: string,
  productId: string,
  lessonId: string,
): Promise<{ waitSeconds: number } | null> {
  const row = await db
    .selectFrom('quiz_attempts')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('lesson_id', '=', lessonId)
    .select([
      sql<number | null>`extract(epoch from now() - max(submitted_at))::float8`.as('age'),
      sql<number>`count(*) filter (where not passed)::int`.as('failed'),
    ])
    .executeTakeFirstOrThrow();
  if (row.age === null) return null;
  const wait = retakeGapSeconds(row.failed) - row.age;
  return wait > 0 ? { waitSeconds: Math.max(1, Math.ceil(wait)) } : null;
}

export interface ServedPaper {
  paper: QuizPaperRow;
  /** Seconds before an answer is taken (null: now). */
  waitSeconds: number | null;
}

/**
 * The paper the learner is answering at this quiz: the open one (the same order until it is submitted), or a
 * new one shuffled now when there is none or the quiz changed since it was served.
 */
export async function servePaper(
  db: Db,
  { userId, productId }: Pick<CourseOf, 'userId' | 'productId'>,
  lessonId: string,
  key: QuizKey,
): Promise<ServedPaper> {
  const papers = db
    .selectFrom('quiz_papers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('lesson_id', '=', lessonId);
  const openPaper = () => papers.where('attempt_id', 'is', null).executeTakeFirst();
  const wait = await nextAttemptAt(db, userId, productId, lessonId);
  const served = (paper: QuizPaperRow): ServedPaper => ({ paper, waitSeconds: wait?.waitSeconds ?? null });
  const open = await openPaper();
  if (open && sameQuiz(open.questions, key)) return served(open);
  if (open)
    await db.deleteFrom('quiz_papers').where('id', '=', open.id).where('attempt_id', 'is', null).execute();
  const last = await papers.orderBy('served_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  // Two tabs asking at once: one paper is kept (the open paper is unique), and both answer it.
  await db
    .insertInto('quiz_papers')
    .values({
      id: newObjectId(),
      user_id: userId,
      product_id: productId,
      lesson_id: lessonId,
      questions: JSON.stringify(shuffledPaper(key, last?.questions ?? null)),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id', 'lesson_id']).where('attempt_id', 'is', null).doNothing(),
    )
    .execute();
  return served((await openPaper())!);
}

export type AttemptOutcome =
  | { kind: 'too-soon'; waitSeconds: number }
  | { kind: 'paper-submitted' }
  | { kind: 'paper-not-yours' }
  | {
      kind: 'kept';
      attempt: QuizAttemptRow;
      bestScore: number;
      lesson: LessonProgressRow | null;
      course: LessonOutcome['course'];
    };

/**
 * Keeps a graded attempt, in one transaction holding the course row's lock (so two attempts of one learner
 * run one after the other): refused when the paper named is another's or already submitted, and when the
 * previous attempt at this quiz is younger than the gap the learner's failures have grown to (the paper
 * answered, named or the learner's open one, is then tied to the attempt);
 * a pass completes the lesson through the lesson write path (the course figure follows); a fail changes no
 * progress (a quiz once passed stays complete).
 */
export async function recordAttempt(
  db: Db,
  course: CourseOf,
  lessonId: string,
  { answers, grading, paperId }: { answers: QuizAttemptBody['answers']; grading: Grading; paperId?: string },
): Promise<AttemptOutcome> {
  return db.transaction().execute(async (trx) => {
    const courseRow = await lockCourseRow(trx, course.userId, course.productId);
    const mine = trx
      .selectFrom('quiz_attempts')
      .where('user_id', '=', course.userId)
      .where('product_id', '=', course.productId)
      .where('lesson_id', '=', lessonId);
    const papers = trx
      .selectFrom('quiz_papers')
      .select(['id', 'attempt_id'])
      .where('user_id', '=', course.userId)
      .where('product_id', '=', course.productId)
      .where('lesson_id', '=', lessonId);
    const paper = paperId
      ? await papers.where('id', '=', paperId).executeTakeFirst()
      : await papers.where('attempt_id', 'is', null).executeTakeFirst();
    if (paperId && !paper) return { kind: 'paper-not-yours' };
    if (paper?.attempt_id) return { kind: 'paper-submitted' };
    const wait = await nextAttemptAt(trx, course.userId, course.productId, lessonId);
    if (wait) return { kind: 'too-soon', waitSeconds: wait.waitSeconds };

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
    if (paper)
      await trx
        .updateTable('quiz_papers')
        .set({ attempt_id: attempt.id })
        .where('id', '=', paper.id)
        .execute();
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
  await db.deleteFrom('quiz_papers').where('product_id', '=', productId).execute();
}

/** A deleted account's attempts go with its progress. */
export async function deleteUserAttempts(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('quiz_attempts').where('user_id', '=', userId).execute();
  await db.deleteFrom('quiz_papers').where('user_id', '=', userId).execute();
}
