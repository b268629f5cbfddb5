import type { Hono } from 'hono';
import { teamLearningRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createTeamLearningHandlers } from './team-learning.handlers';

export const mountTeamLearning = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, teamLearningRoutes, createTeamLearningHandlers(deps));
