import type { Hono } from 'hono';
import { teamDomainRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createTeamDomainHandlers } from './team-domains.handlers';

export const mountTeamDomains = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, teamDomainRoutes, createTeamDomainHandlers(deps));
