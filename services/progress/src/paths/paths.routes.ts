import type { Hono } from 'hono';
import { pathProgressRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createPathProgressHandlers } from './paths.handlers';

/** Following learning paths, as declared in the contracts (pathProgressRoutes). */
export function mountPathProgress(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, pathProgressRoutes, createPathProgressHandlers(deps));
}
