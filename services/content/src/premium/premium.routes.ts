import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { RouteDeps } from '../routeDeps';
import {
  getPremiumCategory,
  getPremiumProduct,
  listCreatorCategoryProducts,
  listCreatorProducts,
  listPremiumProducts,
} from './premium.handlers';
import { requirePremium } from './requirePremium';

/**
 * Premium routes: each passes the premium gate first (401 anonymous, 403 'Active subscription required
 * to access this content', admins pass), except the product page, which opens a free product (priced 0)
 * for every signed-in caller and asks the same gate for any other (getPremiumProduct).
 * Creator routes take the product filters (search, type, difficulty, featured, sort) but no paging.
 */
export function premiumRoutes(deps: RouteDeps) {
  const gate = requirePremium(deps.entitlements);
  return new Hono<AppEnv>()
    .use('/users/premium/*', gate)
    .get('/content/premium/products', gate, listPremiumProducts(deps))
    .get('/content/premium/products/:idOrSlug', getPremiumProduct(deps))
    .get('/content/premium/categories/:idOrSlug', gate, getPremiumCategory(deps))
    .get('/users/premium/products/:creator', listCreatorProducts(deps))
    .get('/users/premium/products/:creator/category/:category', listCreatorCategoryProducts(deps));
}
