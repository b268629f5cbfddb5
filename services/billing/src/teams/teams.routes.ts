import type { Hono } from 'hono';
import { teamRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createTeamHandlers } from './teams.handlers';

export const mountTeams = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, teamRoutes, createTeamHandlers(deps));
