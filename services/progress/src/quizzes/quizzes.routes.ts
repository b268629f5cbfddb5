import type { Hono } from 'hono';
import { quizRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { progressPremiumCheck } from '../premium';
import { createQuizHandlers } from './quizzes.handlers';

/** Quiz lessons' papers and attempts, as declared in the contracts (quizRoutes). */
export function mountQuizzes(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, quizRoutes, createQuizHandlers(deps), { premium: progressPremiumCheck(deps) });
}
