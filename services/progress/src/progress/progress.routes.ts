import type { Hono } from 'hono';
import { progressRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { progressPremiumCheck } from '../premium';
import { createProgressHandlers } from './progress.handlers';

/** The learner's own progress per product, as declared in the contracts (progressRoutes). */
export function mountProgress(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, progressRoutes, createProgressHandlers(deps), { premium: progressPremiumCheck(deps) });
}
