import type { Hono } from 'hono';
import { savedRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createSavedHandlers } from './saved.handlers';

/** A member's saved list, as declared in the contracts (savedRoutes): signed-in only, one's own. */
export function mountSaved(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, savedRoutes, createSavedHandlers(deps));
}
