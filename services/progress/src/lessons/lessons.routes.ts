import type { Hono } from 'hono';
import { lessonProgressRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { progressPremiumCheck } from '../premium';
import { createLessonHandlers } from './lessons.handlers';

/** A course's progress per lesson, as declared in the contracts (lessonProgressRoutes). */
export function mountLessons(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, lessonProgressRoutes, createLessonHandlers(deps), { premium: progressPremiumCheck(deps) });
}
