import type { Hono } from 'hono';
import { curriculumRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createCurriculumHandlers } from './curriculum.handlers';

/** Courses' curricula, as declared in the contracts (curriculumRoutes): the public outline, one lesson, the admin's editor. */
export function mountCurriculum(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, curriculumRoutes, createCurriculumHandlers(deps), {
    publicMaxAgeSeconds: deps.publicMaxAgeSeconds,
  });
}
