import { sql } from 'kysely';
import type { CourseLessons, DigestCourse, LearnerWeek } from '@catalyst/contracts';
import type { Deps } from '../deps';
import { lessonRows } from '../lessons/lessons.repository';
import { listProgress } from '../progress/progress.repository';
import { streaksAndTotal } from './learning.repository';

/** Courses a weekly e-mail lists at most (the most recently touched first). */
const WEEK_COURSES = 5;

/**
 * The lesson to take next: the current one while it is unfinished, else the first unfinished after it, else the
 * first unfinished from the start (null when every lesson is done).
 */
export function nextUnfinished<L extends { id: string }>(
  lessons: readonly L[],
  currentId: string | null,
  done: ReadonlySet<string>,
): { lesson: L; number: number } | null {
  const at = Math.max(
    0,
    lessons.findIndex((lesson) => lesson.id === currentId),
  );
  const order = [...lessons.keys()].slice(at).concat([...lessons.keys()].slice(0, at));
  const index = order.find((i) => !done.has(lessons[i]!.id));
  return index === undefined ? null : { lesson: lessons[index]!, number: index + 1 };
}

/** Seconds learned on the UTC days from `from` up to, not including, `to`. */
async function secondsBetween(db: Deps['db'], userId: string, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('learning_days')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seconds'), eb.lit(0)).as('seconds'))
    .where('user_id', '=', userId)
    .where('day', '>=', sql<Date>`${from}::date`)
    .where('day', '<', sql<Date>`${to}::date`)
    .executeTakeFirstOrThrow();
  return Number(row.seconds);
}

/**
 * The learners community's weekly e-mail may have something to tell, `limit` by id after `after`: those with a
 * course in progress, and those who learned on a UTC day since `since`.
 */
export async function digestLearners(
  db: Deps['db'],
  { since, after, limit }: { since: string; after?: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('progress')
        .select('user_id')
        .where('completed', '=', false)
        .where((w) => w.or([w('progress', '>', 0), w('last_position', '>', 0)]))
        .union(
          eb
            .selectFrom('learning_days')
            .select('user_id')
            .where('day', '>=', sql<Date>`${since}::date`),
        )
        .as('learners'),
    )
    .select('user_id')
    .$if(after !== undefined, (qb) => qb.where('user_id', '>', after!))
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * One learner's week for community's weekly e-mail: minutes learned on those days, the current streak, and each
 * published course in progress with its next lesson (a single video links to its page).
 */
export async function learnerWeek(
  { db, catalog }: Pick<Deps, 'db' | 'catalog'>,
  userId: string,
  { from, to }: { from: string; to: string },
  requestId?: string,
): Promise<LearnerWeek> {
  const [seconds, streaks, inProgress] = await Promise.all([
    secondsBetween(db, userId, from, to),
    streaksAndTotal(db, userId),
    listProgress(db, userId, { status: 'in-progress', limit: WEEK_COURSES, offset: 0 }),
  ]);
  const products = await catalog.lookup(
    inProgress.rows.map((row) => row.product_id),
    requestId,
  );
  const courses: DigestCourse[] = [];
  for (const row of inProgress.rows) {
    const product = products.get(row.product_id);
    if (!product?.isPublished) continue;
    const base = { productId: product._id, slug: product.slug, title: product.title, progress: row.progress };
    const lessons: CourseLessons['lessons'] =
      (await catalog.courseLessons(product._id, requestId))?.lessons ?? [];
    if (lessons.length === 0) {
      courses.push({ ...base, lessonId: null, lessonNumber: null, lessonCount: 0 });
      continue;
    }
    const done = new Set(
      (await lessonRows(db, userId, product._id)).filter((l) => l.completed).map((l) => l.lesson_id),
    );
    const next = nextUnfinished(lessons, row.current_lesson_id, done);
    if (next)
      courses.push({
        ...base,
        lessonId: next.lesson.id,
        lessonNumber: next.number,
        lessonCount: lessons.length,
      });
  }
  return { minutes: Math.round(seconds / 60), streak: streaks.current, courses };
}
