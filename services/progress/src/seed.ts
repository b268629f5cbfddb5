import type { Insertable, Kysely } from 'kysely';
import { courseProgressOf, demoAccounts, percentOf } from '@catalyst/contracts';
import { demoEntityId, demoHash, type Logger } from '@catalyst/service-kit';
import {
  DEMO_COURSES,
  DEMO_MEMBER_COMPLETED_COURSE,
  DEMO_MEMBER_COURSE,
  demoLessonId,
  demoLessonSeconds,
  demoOptionId,
  demoQuestionId,
  demoVideoFor,
  measureDemoVideos,
} from '@catalyst/demo';
import type { Database } from './db/schema';
import type { NewLearningDayRow } from './db/tables/learning-days';
import type { NewLessonProgressRow } from './db/tables/lesson-progress';
import type { PathFollowsTable } from './db/tables/path-follows';
import type { NewProgressRow } from './db/tables/progress';
import type { GradedQuestion, NewQuizAttemptRow } from './db/tables/quiz-attempts';

/**
 * The demo member is part-way through a few lessons, so Continue watching has something to show. How
 * far is a share of the lesson each product really plays (measured at seed time), so the percentage,
 * the position and where playback resumes all agree with the media.
 */
const memberProgress = [
  { slug: 'html-css-from-scratch', watched: 0.4, minutesAgo: 30 },
  { slug: 'python-for-data-analysis', watched: 0.65, minutesAgo: 60 * 26 },
  { slug: 'react-hooks-in-depth', watched: 1, minutesAgo: 60 * 24 * 3 },
  { slug: 'sql-for-analysts', watched: 0.15, minutesAgo: 60 * 24 * 5 },
];

/** The member was last in the demo course this long ago: the newest of their rows, so it heads Continue watching. */
const COURSE_MINUTES_AGO = 10;

const member = demoAccounts.member.id;
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/** The member's single-video products, each at its share of its measured lesson. */
function productRows(lessonSeconds: Map<string, number>, now: number): NewProgressRow[] {
  return memberProgress.flatMap((p) => {
    const seconds = lessonSeconds.get(demoVideoFor(p.slug));
    if (seconds === undefined) return [];
    const at = new Date(now - p.minutesAgo * 60_000);
    const position = tenths(seconds * p.watched);
    const completed = p.watched >= 1;
    return [
      {
        user_id: member,
        product_id: demoEntityId('product', p.slug),
        progress: completed ? 100 : percentOf(position, seconds),
        last_position: position,
        furthest_position: position,
        completed,
        completed_at: completed ? at : null,
        client_ts: at.getTime(),
        created_at: at,
        updated_at: at,
      },
    ];
  });
}

/**
 * The member part-way through DEMO_MEMBER_COURSE: its completed lessons complete (a video at its measured
 * end, an article at 0), the current lesson at its share, and the course row derived from them as a write
 * would derive it. A video lesson that could not be measured gets no row (never a made-up length).
 */
function courseRows(
  lessonSeconds: Map<string, number>,
  now: number,
): { lessons: NewLessonProgressRow[]; course: NewProgressRow } | null {
  const course = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COURSE.slug);
  if (!course) return null;
  const productId = demoEntityId('product', course.slug);
  const curriculum = course.sections
    .flatMap((s) => s.lessons)
    .map((lesson) => ({
      lesson,
      id: demoLessonId(course.slug, lesson.key),
      durationSeconds: demoLessonSeconds(lesson, lessonSeconds),
    }));
  const find = (key: string) => curriculum.find((l) => l.lesson.key === key);
  const completedKeys: readonly string[] = DEMO_MEMBER_COURSE.completedLessons;
  const lessons: NewLessonProgressRow[] = [];
  // Completed in curriculum order, a day apart, the last one yesterday.
  completedKeys.forEach((key, i) => {
    const l = find(key);
    if (!l || (l.lesson.kind === 'video' && l.durationSeconds === null)) return;
    const at = new Date(now - (completedKeys.length - i) * 24 * 60 * 60_000);
    const position = l.lesson.kind === 'video' ? tenths(lessonSeconds.get(l.lesson.video!)!) : 0;
    lessons.push({
      user_id: member,
      product_id: productId,
      lesson_id: l.id,
      progress: 100,
      last_position: position,
      furthest_position: position,
      completed: true,
      completed_at: at,
      client_ts: at.getTime(),
      created_at: at,
      updated_at: at,
    });
  });
  const at = new Date(now - COURSE_MINUTES_AGO * 60_000);
  const current = find(DEMO_MEMBER_COURSE.currentLesson);
  const currentSeconds = current?.lesson.video ? lessonSeconds.get(current.lesson.video) : undefined;
  let inLesson: { id: string; position: number } | null = null;
  if (current && currentSeconds !== undefined) {
    const position = tenths(currentSeconds * DEMO_MEMBER_COURSE.watched);
    inLesson = { id: current.id, position };
    lessons.push({
      user_id: member,
      product_id: productId,
      lesson_id: current.id,
      progress: percentOf(position, currentSeconds),
      last_position: position,
      furthest_position: position,
      completed: false,
      completed_at: null,
      client_ts: at.getTime(),
      created_at: at,
      updated_at: at,
    });
  }
  if (lessons.length === 0) return null;
  const figure = courseProgressOf(
    curriculum,
    lessons.map((row) => ({ lessonId: row.lesson_id, completed: Boolean(row.completed) })),
  );
  const last = lessons.at(-1)!;
  const updatedAt = inLesson ? at : (last.updated_at as Date);
  return {
    lessons,
    course: {
      user_id: member,
      product_id: productId,
      progress: figure.percent,
      last_position: inLesson ? inLesson.position : Number(last.last_position),
      furthest_position: Math.max(...lessons.map((row) => Number(row.furthest_position))),
      completed: figure.completed,
      completed_at: figure.completed ? updatedAt : null,
      client_ts: updatedAt.getTime(),
      current_lesson_id: inLesson ? inLesson.id : last.lesson_id,
      created_at: lessons[0]!.created_at,
      updated_at: updatedAt,
    },
  };
}

export const DAY_MS = 24 * 60 * 60_000;

/**
 * The member finished DEMO_MEMBER_COMPLETED_COURSE: every lesson complete (a lesson a day, the last one, its
 * quiz, DEMO_MEMBER_COMPLETED_COURSE.completedDaysAgo days ago), the quiz passed with every answer right, and
 * the course row completed then. Its certificate is issued by the service on the member's first read of
 * their certificates or record (issuing asks auth for the name and content for the course's facts, which a
 * seed cannot), as for any course completed while those could not answer.
 */
function completedCourseRows(
  lessonSeconds: Map<string, number>,
  now: number,
): { lessons: NewLessonProgressRow[]; course: NewProgressRow; attempts: NewQuizAttemptRow[] } | null {
  const course = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COMPLETED_COURSE.slug);
  if (!course) return null;
  const productId = demoEntityId('product', course.slug);
  const curriculum = course.sections.flatMap((s) => s.lessons);
  const doneAt = now - DEMO_MEMBER_COMPLETED_COURSE.completedDaysAgo * DAY_MS;
  const lessons: NewLessonProgressRow[] = curriculum.map((lesson, i) => {
    const at = new Date(doneAt - (curriculum.length - 1 - i) * DAY_MS);
    // A video watched to its measured end (0 when it could not be measured: completion needs no position).
    const position =
      lesson.kind === 'video' ? tenths(lesson.video ? (lessonSeconds.get(lesson.video) ?? 0) : 0) : 0;
    return {
      user_id: member,
      product_id: productId,
      lesson_id: demoLessonId(course.slug, lesson.key),
      progress: 100,
      last_position: position,
      furthest_position: position,
      completed: true,
      completed_at: at,
      client_ts: at.getTime(),
      created_at: at,
      updated_at: at,
    };
  });
  const attempts = curriculum.flatMap((lesson, i): NewQuizAttemptRow[] => {
    if (lesson.kind !== 'quiz' || !lesson.quiz) return [];
    const questions: GradedQuestion[] = lesson.quiz.questions.map((question) => {
      const right = question.options
        .filter((option) => option.correct)
        .map((option) => demoOptionId(course.slug, lesson.key, question.key, option.key));
      return {
        questionId: demoQuestionId(course.slug, lesson.key, question.key),
        correct: true,
        chosenOptionIds: right,
        correctOptionIds: right,
        explanation: question.explanation ?? null,
      };
    });
    return [
      {
        id: demoHash(`quiz-attempt:${member}/${course.slug}/${lesson.key}`).slice(0, 24),
        user_id: member,
        product_id: productId,
        lesson_id: demoLessonId(course.slug, lesson.key),
        score: 100,
        passed: true,
        answers: JSON.stringify(
          questions.map((q) => ({ questionId: q.questionId, optionIds: q.chosenOptionIds })),
        ),
        graded: JSON.stringify(questions),
        submitted_at: lessons[i]!.completed_at as Date,
      },
    ];
  });
  const last = lessons.at(-1)!;
  const at = last.completed_at as Date;
  return {
    lessons,
    attempts,
    course: {
      user_id: member,
      product_id: productId,
      progress: 100,
      last_position: Number(last.last_position),
      furthest_position: Math.max(...lessons.map((row) => Number(row.furthest_position))),
      completed: true,
      completed_at: at,
      client_ts: at.getTime(),
      current_lesson_id: last.lesson_id,
      created_at: lessons[0]!.created_at,
      updated_at: at,
    },
  };
}

/**
 * The member's learning days, credited as the learning_days migration credits rows saved before it: each row's
 * furthest point (seconds) to the UTC day it was last saved. Only single-video products and lessons count (a
 * course's own row is derived from its lessons). Without them the learning record said 0 minutes learned and
 * no streak beside lessons learned today.
 */
function learningDayRows(
  products: readonly NewProgressRow[],
  lessons: readonly NewLessonProgressRow[],
): NewLearningDayRow[] {
  const seconds = new Map<string, number>();
  for (const row of [...products, ...lessons]) {
    const day = (row.updated_at as Date).toISOString().slice(0, 10);
    seconds.set(day, (seconds.get(day) ?? 0) + Number(row.furthest_position));
  }
  return [...seconds]
    .filter(([, total]) => Math.round(total) > 0)
    .map(([day, total]) => ({ user_id: member, day, seconds: Math.round(total) }));
}

/** Writes demo rows in one transaction, each table's only when there are some; a row already there stays. */
export async function insertDemoRows(
  db: Kysely<Database>,
  rows: {
    progress?: NewProgressRow[];
    lessons?: NewLessonProgressRow[];
    attempts?: NewQuizAttemptRow[];
    days?: NewLearningDayRow[];
    follows?: Insertable<PathFollowsTable>[];
  },
): Promise<void> {
  const { progress = [], lessons = [], attempts = [], days = [], follows = [] } = rows;
  await db.transaction().execute(async (trx) => {
    if (progress.length > 0)
      await trx
        .insertInto('progress')
        .values(progress)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (lessons.length > 0)
      await trx
        .insertInto('lesson_progress')
        .values(lessons)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (attempts.length > 0)
      await trx
        .insertInto('quiz_attempts')
        .values(attempts)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (days.length > 0)
      await trx
        .insertInto('learning_days')
        .values(days)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (follows.length > 0)
      await trx
        .insertInto('path_follows')
        .values(follows)
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
}

/** Demo progress for the member; only into an empty table, so a second start changes nothing. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const existing = await db.selectFrom('progress').select('user_id').limit(1).executeTakeFirst();
  if (existing) return;
  const lessonSeconds = await measureDemoVideos((video, error) =>
    log.warn({ video, err: error.message }, 'demo lesson not measured; no demo progress in it'),
  );
  const now = Date.now();
  const products = productRows(lessonSeconds, now);
  const course = courseRows(lessonSeconds, now);
  const completed = completedCourseRows(lessonSeconds, now);
  const rows = [...products, ...(course ? [course.course] : []), ...(completed ? [completed.course] : [])];
  const lessons = [...(course?.lessons ?? []), ...(completed?.lessons ?? [])];
  if (rows.length === 0) return;
  await insertDemoRows(db, {
    progress: rows,
    lessons,
    attempts: completed?.attempts,
    days: learningDayRows(products, lessons),
  });
  log.info(
    { rows: rows.length, lessons: lessons.length, quizAttempts: completed?.attempts.length ?? 0 },
    'demo progress seeded for the member',
  );
}
