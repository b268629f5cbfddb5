import type { Hono } from 'hono';
import { searchRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createSearchHandlers } from './search.handlers';
import { createPostgresSearch } from './search-engine';

/**
 * How long a shared cache (the gateway's edge cache) may give one search's or suggestion's answer to everyone who
 * asks the same: answers are the same for every viewer (a visitor sees premium items listed too), and an edit shows
 * in them within this second even on a gateway that did not see the write (one that did purges at once).
 */
export const SEARCH_SHARED_MAX_AGE_SECONDS = 1;

/** Catalogue-wide search, as declared in the contracts (searchRoutes): public. */
export function mountSearch(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, searchRoutes, createSearchHandlers(createPostgresSearch(deps.db, deps.searchChanges)), {
    // Never longer than the catalogue's own reads (0 turns both off).
    publicMaxAgeSeconds: Math.min(SEARCH_SHARED_MAX_AGE_SECONDS, deps.publicMaxAgeSeconds),
  });
}
