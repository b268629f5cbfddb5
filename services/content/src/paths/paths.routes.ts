import type { Hono } from 'hono';
import { pathRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createPathHandlers } from './paths.handlers';

/** Learning paths, as declared in the contracts (pathRoutes): Browse → Paths and the admin's `/admin/paths`. */
export function mountPaths(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, pathRoutes, createPathHandlers(deps), { publicMaxAgeSeconds: deps.publicMaxAgeSeconds });
}
