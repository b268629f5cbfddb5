import type { Hono } from 'hono';
import { productRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { contentPremiumCheck } from '../premium';
import { createProductHandlers } from './products.handlers';

/** Products, as declared in the contracts (productRoutes): public, premium, admin. */
export function mountProducts(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, productRoutes, createProductHandlers(deps), {
    premium: contentPremiumCheck(deps),
    publicMaxAgeSeconds: deps.publicMaxAgeSeconds,
  });
}
