import { sql, type Kysely } from 'kysely';
import { courseProgressOf, type LessonProgress, type RuleLesson } from '@catalyst/contracts';
import { executePrepared } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { LessonProgressRow } from '../db/tables/lesson-progress';
import type { ProgressRow } from '../db/tables/progress';
import {
  figuresOf,
  markPositions,
  upsertPositions,
  type ProgressWrite,
} from '../progress/progress.repository';

type Db = Kysely<Database>;

/** Which course of which learner: the lesson rows and the product row (the course figure) it owns. */
export interface CourseOf {
  userId: string;
  productId: string;
  /** The course's current curriculum, in order (the figure counts these lessons only); a quiz is completed only by passing it. */
  lessons: readonly (RuleLesson & { kind?: string })[];
}

/** A lesson write's outcome: the lesson's row, whether this write changed it, and the course row after it. */
export interface LessonOutcome {
  lesson: LessonProgressRow;
  applied: boolean;
  course: ProgressRow;
}

export const toLessonProgress = (row: LessonProgressRow): LessonProgress => ({
  lessonId: row.lesson_id,
  ...figuresOf(row),
});

/** What a lesson the learner never touched looks like. */
export const emptyLessonProgress = (lessonId: string): LessonProgress => ({
  lessonId,
  progress: 0,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  completedAt: null,
  updatedAt: null,
});

/** Every lesson row of one learner's course (the primary key's prefix). */
export async function lessonRows(db: Db, userId: string, productId: string): Promise<LessonProgressRow[]> {
  return executePrepared(
    db,
    db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .compile(),
  );
}

/**
 * Takes the course row's lock (creating the row empty when the learner never started): every write to a
 * course holds it first, so two writes of one learner's course run one after the other and the second
 * derives the figure from the first's lessons too; none is lost.
 */
export async function lockCourseRow(trx: Db, userId: string, productId: string): Promise<ProgressRow> {
  await executePrepared(
    trx,
    trx
      .insertInto('progress')
      .values({ user_id: userId, product_id: productId })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .compile(),
  );
  const [row] = await executePrepared(
    trx,
    trx
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .forUpdate()
      .compile(),
  );
  if (!row) throw new Error('progress row missing after its insert');
  return row;
}

/**
 * Writes the course figure derived from the learner's lesson rows (courseProgressOf). A save never lowers
 * it (the percentage, completed, the furthest point); a reset (`lowers`) sets it to what the lessons say.
 * With `at`, the learner is in that lesson: it becomes the current lesson and its position the course's.
 */
async function writeCourseFigure(
  trx: Db,
  { userId, productId, lessons }: CourseOf,
  { at, lowers, clientTime }: { at?: LessonProgressRow; lowers: boolean; clientTime: number | null },
): Promise<ProgressRow> {
  const inCurriculum = new Set(lessons.map((lesson) => lesson.id));
  const rows = (await lessonRows(trx, userId, productId)).filter((row) => inCurriculum.has(row.lesson_id));
  const figure = courseProgressOf(
    lessons,
    rows.map((row) => ({ lessonId: row.lesson_id, completed: row.completed })),
  );
  const furthest = Math.max(0, ...rows.map((row) => row.furthest_position));
  const completed = lowers
    ? sql<boolean>`${figure.completed}::boolean`
    : sql<boolean>`progress.completed or ${figure.completed}::boolean`;
  const [row] = await executePrepared(
    trx,
    trx
      .updateTable('progress')
      .set({
        progress: lowers
          ? figure.percent
          : sql<number>`greatest(progress.progress, ${figure.percent}::smallint)`,
        completed,
        completed_at: sql<Date | null>`case when not (${completed}) then null when progress.completed then progress.completed_at else now() end`,
        furthest_position: lowers
          ? furthest
          : sql<number>`greatest(progress.furthest_position, ${furthest}::double precision)`,
        ...(at ? { last_position: at.last_position, current_lesson_id: at.lesson_id } : {}),
        client_ts: sql<number | null>`greatest(progress.client_ts, ${clientTime}::bigint)`,
        updated_at: sql<Date>`now()`,
      })
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .returningAll()
      .compile(),
  );
  if (!row) throw new Error('the course row to write its figure in is missing');
  return row;
}

/**
 * A position saved in one lesson: the product's rules per lesson (one atomic upsert: stale writes ignored,
 * never regress), then, in the same transaction, the course figure derived again. A stale write changes
 * nothing, the course's current lesson included.
 */
export async function saveLesson(
  db: Db,
  course: CourseOf,
  lessonId: string,
  write: ProgressWrite,
): Promise<LessonOutcome> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockCourseRow(trx, course.userId, course.productId);
    const [lesson] = await upsertPositions(trx, 'lesson_progress', [
      { key: { user_id: course.userId, product_id: course.productId, lesson_id: lessonId }, write },
    ]);
    const { applied, ...row } = lesson!;
    if (!applied) return { lesson: row, applied, course: locked };
    return {
      lesson: row,
      applied,
      course: await writeCourseFigure(trx, course, { at: row, lowers: false, clientTime: write.clientTime }),
    };
  });
}

/** Mark Complete (or Reset) on one lesson: explicit, so it always applies; the course figure follows (a reset may lower it). */
export async function markLesson(
  db: Db,
  course: CourseOf,
  lessonId: string,
  action: 'complete' | 'reset',
  clientTime: number | null,
): Promise<LessonOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockCourseRow(trx, course.userId, course.productId);
    return markLessonLocked(trx, course, lessonId, action, clientTime);
  });
}

/** markLesson inside a transaction that already holds the course row's lock (a passed quiz completes its lesson so). */
export async function markLessonLocked(
  trx: Db,
  course: CourseOf,
  lessonId: string,
  action: 'complete' | 'reset',
  clientTime: number | null,
): Promise<LessonOutcome> {
  const [lesson] = await markPositions(
    trx,
    'lesson_progress',
    [{ user_id: course.userId, product_id: course.productId, lesson_id: lessonId }],
    action,
    clientTime,
  );
  return {
    lesson: lesson!,
    applied: true,
    course: await writeCourseFigure(trx, course, { at: lesson, lowers: action === 'reset', clientTime }),
  };
}

/**
 * The product's Reset on a course: every lesson row back to zero (lessons never saved get a zero row holding
 * the reset's client time, so a save sent before the reset stays stale there too), and the course row.
 */
export async function resetCourse(db: Db, course: CourseOf, clientTime: number | null): Promise<ProgressRow> {
  return db.transaction().execute(async (trx) => {
    await lockCourseRow(trx, course.userId, course.productId);
    const lessonIds = new Set([
      ...course.lessons.map((lesson) => lesson.id),
      ...(await lessonRows(trx, course.userId, course.productId)).map((row) => row.lesson_id),
    ]);
    await markPositions(
      trx,
      'lesson_progress',
      [...lessonIds].map((id) => ({ user_id: course.userId, product_id: course.productId, lesson_id: id })),
      'reset',
      clientTime,
    );
    const [row] = await markPositions(
      trx,
      'progress',
      [{ user_id: course.userId, product_id: course.productId }],
      'reset',
      clientTime,
    );
    return row!;
  });
}
