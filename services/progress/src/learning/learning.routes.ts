import type { Hono } from 'hono';
import { learningRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createLearningHandlers } from './learning.handlers';

/** The learner's record, as declared in the contracts (learningRoutes). */
export const mountLearning = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, learningRoutes, createLearningHandlers(deps));
