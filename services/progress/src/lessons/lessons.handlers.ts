import {
  QUIZ_MESSAGES,
  type Identity,
  type ProgressUpdate,
  type lessonProgressRoutes,
} from '@catalyst/contracts';
import { conflict, reply, type RouteHandlers } from '@catalyst/service-kit';
import { issueAfterCompletion, type IssueDeps } from '../certificates/issue';
import type { Deps } from '../deps';
import { readUnloadForm, writeOf } from '../progress/progress.handlers';
import { emptyProgress, findProgress, toProgress } from '../progress/progress.repository';
import * as repo from './lessons.repository';

/**
 * A course's progress per lesson: each lesson keeps the product rules, and every write derives the course
 * figure (the product's own row) again in the same transaction. The premium rule has already opened the
 * lesson (a free preview for every signed-in learner) and refused one the course does not have. A quiz
 * lesson is completed only by passing it (./quizzes); a write that completes the course issues its
 * certificate once the write has committed.
 */
export function createLessonHandlers(
  deps: IssueDeps & Pick<Deps, 'db' | 'catalog'>,
): RouteHandlers<typeof lessonProgressRoutes> {
  const { db, catalog } = deps;
  async function courseOf(identity: Identity, productId: string, requestId: string): Promise<repo.CourseOf> {
    return {
      userId: identity.id,
      productId,
      lessons: (await catalog.courseLessons(productId, requestId))?.lessons ?? [],
    };
  }

  const answer = ({ lesson, applied, course }: repo.LessonOutcome) => ({
    lesson: repo.toLessonProgress(lesson),
    applied,
    course: toProgress(course),
  });

  const isQuiz = (course: repo.CourseOf, lessonId: string) =>
    course.lessons.find((lesson) => lesson.id === lessonId)?.kind === 'quiz';

  /** The course's certificate when this write left it completed (never failing the write). */
  async function afterWrite(identity: Identity, outcome: repo.LessonOutcome, requestId: string) {
    if (outcome.applied && outcome.course.completed)
      await issueAfterCompletion(deps, identity.id, outcome.course.product_id, requestId);
  }

  async function save(
    identity: Identity,
    params: { id: string; lessonId: string },
    body: ProgressUpdate,
    requestId: string,
  ) {
    const course = await courseOf(identity, params.id, requestId);
    // In a quiz the learner is only where they are: its progress is passing it.
    const end = course.lessons.find((lesson) => lesson.id === params.lessonId)?.durationSeconds ?? null;
    const write = isQuiz(course, params.lessonId)
      ? { ...writeOf(body, end), progress: 0, completed: false }
      : writeOf(body, end);
    const outcome = await repo.saveLesson(db, course, params.lessonId, write);
    await afterWrite(identity, outcome, requestId);
    return reply(answer(outcome), {
      message: outcome.applied ? 'Progress saved' : 'A newer save is already stored; this one was ignored',
    });
  }

  return {
    async forCourse({ identity, params: { id }, requestId }) {
      const [{ lessons }, row, rows] = await Promise.all([
        courseOf(identity, id, requestId),
        findProgress(db, identity.id, id),
        repo.lessonRows(db, identity.id, id),
      ]);
      const order = new Map(lessons.map((lesson, i) => [lesson.id, i]));
      return {
        course: row ? toProgress(row) : emptyProgress(id),
        currentLessonId: row?.current_lesson_id ?? null,
        // The current curriculum's rows only, in its order (rows of lessons since removed are kept, not shown).
        lessons: rows
          .filter((r) => order.has(r.lesson_id))
          .sort((a, b) => order.get(a.lesson_id)! - order.get(b.lesson_id)!)
          .map(repo.toLessonProgress),
      };
    },

    updateLesson: ({ identity, params, body, requestId }) => save(identity, params, body, requestId),

    /** A lesson's unload save: the product's unload form, read by the same reader. */
    async updateLessonFromForm({ identity, params, requestId }, c) {
      return save(identity, params, await readUnloadForm(c), requestId);
    },

    async completeLesson({ identity, params, body, requestId }) {
      const course = await courseOf(identity, params.id, requestId);
      if (isQuiz(course, params.lessonId)) throw conflict(QUIZ_MESSAGES.passToComplete);
      const outcome = await repo.markLesson(db, course, params.lessonId, 'complete', body.clientTime ?? null);
      await afterWrite(identity, outcome, requestId);
      return reply(answer(outcome), { message: 'Marked as complete' });
    },

    async resetLesson({ identity, params, body, requestId }) {
      const outcome = await repo.markLesson(
        db,
        await courseOf(identity, params.id, requestId),
        params.lessonId,
        'reset',
        body.clientTime ?? null,
      );
      return reply(answer(outcome), { message: 'Progress reset' });
    },
  };
}
