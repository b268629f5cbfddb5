import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import { requirePremium } from '../premium/requirePremium';
import { listCategoryCreators } from './creators.handlers';

/** The category page's creators (premium). Query: search, sort (sortOrder | name | newest). */
export function creatorsRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>().get('/users/premium/categories/:idOrSlug/creators', requirePremium(deps.entitlements), listCategoryCreators(deps));
}
