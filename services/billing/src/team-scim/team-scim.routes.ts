import type { Hono } from 'hono';
import { teamScimRoutes, teamScimTokenRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createScimHandlers, createScimTokenHandlers } from './team-scim.handlers';

export function mountTeamScim(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, teamScimTokenRoutes, createScimTokenHandlers(deps));
  mountRoutes(app, teamScimRoutes, createScimHandlers(deps));
}
