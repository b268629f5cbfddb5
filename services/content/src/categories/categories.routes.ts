import type { Hono } from 'hono';
import { categoryRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { contentPremiumCheck } from '../premium';
import { createCategoryHandlers } from './categories.handlers';

/** Categories, as declared in the contracts (categoryRoutes): public, the premium category page, admin. */
export function mountCategories(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, categoryRoutes, createCategoryHandlers(deps), {
    premium: contentPremiumCheck(deps),
    publicMaxAgeSeconds: deps.publicMaxAgeSeconds,
  });
}
