import type { Hono } from 'hono';
import { teamJoinLinkRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createTeamJoinLinkHandlers } from './team-join-link.handlers';

export const mountTeamJoinLink = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, teamJoinLinkRoutes, createTeamJoinLinkHandlers(deps));
