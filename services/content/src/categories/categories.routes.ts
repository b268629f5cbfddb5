import type { Hono } from 'hono';
import { categoryRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { contentPremiumRule } from '../premium-rule';
import { createCategoryHandlers } from './categories.handlers';

/** Categories, as declared in the contracts (categoryRoutes): public, the premium category page, admin. */
export function mountCategories(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, categoryRoutes, createCategoryHandlers(deps), {
    premium: contentPremiumRule(deps),
    publicMaxAgeSeconds: deps.publicMaxAgeSeconds,
  });
}
