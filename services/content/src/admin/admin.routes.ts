import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { requireAdmin, type AppEnv, type Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { AdminRouteDeps } from './adminDeps';
import { createCategory, getCategory, listCategories, removeCategory, replaceCategory } from './categories.handlers';
import { createCreator, getCreator, listCreators, removeCreator, replaceCreator } from './creators.handlers';
import { createAdminPeers, type AdminPeers, type PeerConfig } from './peers';
import { createProduct, getProduct, listAdminProducts, removeProduct, replaceProduct } from './products.handlers';
import { getStats } from './stats.handlers';

export interface AdminRouterDeps {
  db: Kysely<Database>;
  log: Logger;
  config: PeerConfig;
  /** Replaces the peers built from config (tests). */
  peers?: AdminPeers;
}

/**
 * The admin area, mounted at /admin. Every route and method is for role admin only: 401 for anonymous
 * callers, 403 for everyone else, before anything is parsed or read.
 */
export function createAdminRouter({ db, log, config, peers }: AdminRouterDeps) {
  const deps: AdminRouteDeps = { db, log, peers: peers ?? createAdminPeers(config) };
  const router = new Hono<AppEnv>();
  router.use('*', requireAdmin);
  return router
    .get('/stats', getStats(deps))
    .get('/categories', listCategories(deps))
    .post('/categories', createCategory(deps))
    .get('/categories/:id', getCategory(deps))
    .put('/categories/:id', replaceCategory(deps))
    .delete('/categories/:id', removeCategory(deps))
    .get('/products', listAdminProducts(deps))
    .post('/products', createProduct(deps))
    .get('/products/:id', getProduct(deps))
    .put('/products/:id', replaceProduct(deps))
    .delete('/products/:id', removeProduct(deps))
    .get('/creators', listCreators(deps))
    .post('/creators', createCreator(deps))
    .get('/creators/:id', getCreator(deps))
    .put('/creators/:id', replaceCreator(deps))
    .delete('/creators/:id', removeCreator(deps));
}
