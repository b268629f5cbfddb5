import type { Hono } from 'hono';
import { progressRoutes } from '@catalyst/contracts';
import { mountRoutes, premiumCheck, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createLearningHandlers } from '../learning/learning.handlers';
import { createLessonHandlers } from '../lessons/lessons.handlers';
import { createQuizHandlers } from '../quizzes/quizzes.handlers';
import { createProgressHandlers } from './progress.handlers';

/**
 * The learner's own progress, as declared in the contracts (progressRoutes): per product, per lesson of a course,
 * and quiz attempts. Premium routes open as their declared product and lesson do (lessonAccess), a category's with the plan.
 */
export function mountProgress(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(
    app,
    progressRoutes,
    {
      ...createProgressHandlers(deps),
      ...createLessonHandlers(deps),
      ...createQuizHandlers(deps),
      ...createLearningHandlers(deps),
    },
    {
      premium: premiumCheck({
        entitlements: deps.entitlements,
        open: (identity, productId, lessonId, requestId) =>
          deps.lessonAccess.assertMayOpen(identity, productId, lessonId, requestId),
      }),
    },
  );
}
