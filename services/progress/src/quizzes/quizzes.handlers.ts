import { QUIZ_MESSAGES, type quizRoutes } from '@catalyst/contracts';
import { conflict, HttpError, reply, tooManyRequests, type RouteHandlers } from '@catalyst/service-kit';
import { issueAfterCompletion, type IssueDeps } from '../certificates/issue';
import type { Deps } from '../deps';
import { emptyLessonProgress, toLessonProgress } from '../lessons/lessons.repository';
import { toProgress } from '../progress/progress.repository';
import { gradeAttempt, gradingForLearner } from './grading';
import * as repo from './quizzes.repository';

/**
 * Quiz lessons: each attempt served as a paper of its own (questions and options shuffled, the order kept),
 * graded here with the answer key content keeps (never sent to a browser before a pass: a failed attempt
 * names the wrong questions only), every attempt kept, the best score the one that counts, retakes after a
 * gap that grows with each failure; a pass completes the lesson (and so perhaps the course, whose
 * certificate is then issued). The premium rule has already opened the lesson.
 */
export function createQuizHandlers(
  deps: IssueDeps & Pick<Deps, 'db' | 'catalog'>,
): RouteHandlers<typeof quizRoutes> {
  const { db, catalog } = deps;

  /** The course's lessons, refusing a lesson that is not a quiz. */
  async function quizLesson(productId: string, lessonId: string, requestId: string) {
    const lessons = (await catalog.courseLessons(productId, requestId))?.lessons ?? [];
    if (lessons.find((lesson) => lesson.id === lessonId)?.kind !== 'quiz')
      throw conflict(QUIZ_MESSAGES.notAQuiz);
    return lessons;
  }

  async function keyOf(productId: string, lessonId: string, requestId: string) {
    const key = await catalog.quizKey(productId, lessonId, requestId);
    // The curriculum says quiz but content has no key for it (changed a moment ago): nothing to grade with.
    if (!key) throw conflict(QUIZ_MESSAGES.notAQuiz);
    return key;
  }

  return {
    async quizAttempts({ identity, params: { id, lessonId }, requestId, log }) {
      await quizLesson(id, lessonId, requestId);
      const attempts = await repo.attemptsAt(db, identity.id, id, lessonId);
      // The pass mark is shown beside the attempts; while content cannot say it, the attempts still answer.
      const passPercent = await keyOf(id, lessonId, requestId).then(
        (key) => key.passPercent,
        (error) => {
          if (!(error instanceof HttpError && error.status === 503)) throw error;
          log.warn({ err: error, productId: id, lessonId }, 'quiz pass mark unknown: content did not answer');
          return null;
        },
      );
      return {
        lessonId,
        passPercent,
        bestScore: attempts.length === 0 ? null : Math.max(...attempts.map((a) => a.score)),
        passed: attempts.some((a) => a.passed),
        attempts: attempts.map(repo.toAttemptSummary),
      };
    },

    async quizPaper({ identity, params: { id, lessonId }, requestId }) {
      await quizLesson(id, lessonId, requestId);
      const key = await keyOf(id, lessonId, requestId);
      const { paper, waitSeconds } = await repo.servePaper(
        db,
        { userId: identity.id, productId: id },
        lessonId,
        key,
      );
      return {
        paperId: paper.id,
        questions: paper.questions,
        retryAt: waitSeconds === null ? null : new Date(Date.now() + waitSeconds * 1000).toISOString(),
      };
    },

    async submitQuizAttempt({ identity, params: { id, lessonId }, body, requestId }) {
      const lessons = await quizLesson(id, lessonId, requestId);
      const key = await keyOf(id, lessonId, requestId);
      const grading = gradeAttempt(key, body.answers);
      const outcome = await repo.recordAttempt(
        db,
        { userId: identity.id, productId: id, lessons },
        lessonId,
        {
          answers: body.answers,
          grading,
          paperId: body.paperId,
        },
      );
      if (outcome.kind === 'paper-not-yours') throw conflict(QUIZ_MESSAGES.paperNotYours);
      if (outcome.kind === 'paper-submitted') throw conflict(QUIZ_MESSAGES.paperSubmitted);
      if (outcome.kind === 'too-soon')
        throw tooManyRequests(QUIZ_MESSAGES.tooFast(outcome.waitSeconds), outcome.waitSeconds);
      if (grading.passed && outcome.course.completed)
        await issueAfterCompletion(deps, identity.id, id, requestId);
      return reply(
        {
          attempt: { ...repo.toAttemptSummary(outcome.attempt), questions: gradingForLearner(grading) },
          bestScore: outcome.bestScore,
          lesson: outcome.lesson ? toLessonProgress(outcome.lesson) : emptyLessonProgress(lessonId),
          course: toProgress(outcome.course),
        },
        {
          status: 201,
          message: grading.passed
            ? QUIZ_MESSAGES.passed(grading.score)
            : QUIZ_MESSAGES.failed(grading.score, key.passPercent),
        },
      );
    },
  };
}
