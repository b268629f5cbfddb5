import type { Hono } from 'hono';
import { teamSsoInternalRoutes, teamSsoRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createTeamSsoHandlers, createTeamSsoInternalHandlers } from './team-sso.handlers';

export function mountTeamSso(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, teamSsoRoutes, createTeamSsoHandlers(deps));
  mountRoutes(app, teamSsoInternalRoutes, createTeamSsoInternalHandlers(deps));
}
