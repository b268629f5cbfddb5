import type { Context } from 'hono';
import { creatorListQuerySchema } from '@catalyst/contracts';
import { ok, parseQuery, type AppEnv } from '@catalyst/service-kit';
import { cachedRead, type RouteDeps } from '../routeDeps';
import { categoryParam, requireCategory } from '../categories/categories.handlers';
import { listCreatorsOfCategory } from './creators.repository';

/** GET /users/premium/categories/:idOrSlug/creators: creators with their product count in the category; data is the list. */
export const listCategoryCreators = (deps: RouteDeps) => async (c: Context<AppEnv>) => {
  const idOrSlug = categoryParam(c);
  const query = parseQuery(c, creatorListQuerySchema);
  const category = await requireCategory(deps, idOrSlug);
  return ok(c, await cachedRead(deps, 'creators', [category._id, query], () => listCreatorsOfCategory(deps.db, category._id, query)));
};
