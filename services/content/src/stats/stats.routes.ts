import type { Hono } from 'hono';
import { statsRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createStatsHandlers } from './stats.handlers';

/** The admin dashboard's figures (statsRoutes). */
export function mountStats(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, statsRoutes, createStatsHandlers(deps));
}
