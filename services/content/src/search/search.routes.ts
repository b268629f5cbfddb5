import type { Hono } from 'hono';
import { searchRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createSearchHandlers } from './search.handlers';
import { createPostgresSearch } from './search-engine';

/** Catalogue-wide search, as declared in the contracts (searchRoutes): public. */
export function mountSearch(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, searchRoutes, createSearchHandlers(createPostgresSearch(deps.db)), {
    publicMaxAgeSeconds: deps.publicMaxAgeSeconds,
  });
}
