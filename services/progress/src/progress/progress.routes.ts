import type { Hono } from 'hono';
import { progressRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import { createProgressHandlers, progressPremiumRule, type ProgressDeps } from './progress.handlers';

/** The learner's own progress, as declared in the contracts (progressRoutes). */
export function mountProgress(app: Hono<AppEnv>, deps: ProgressDeps) {
  mountRoutes(app, progressRoutes, createProgressHandlers(deps), { premium: progressPremiumRule(deps) });
}
