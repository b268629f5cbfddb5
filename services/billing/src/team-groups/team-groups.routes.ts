import type { Hono } from 'hono';
import { teamGroupRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createTeamGroupHandlers } from './team-groups.handlers';

export function mountTeamGroups(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, teamGroupRoutes, createTeamGroupHandlers(deps));
}
