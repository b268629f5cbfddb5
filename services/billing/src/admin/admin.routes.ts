import type { Hono } from 'hono';
import { adminBillingRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAdminGiftHandlers } from '../gifts/gifts.handlers';
import { billingFigures } from './figures';

/** /admin/gifts and /admin/billing/figures (the declarations say admins only). */
export const mountAdminBilling = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, adminBillingRoutes, {
    ...createAdminGiftHandlers(deps),
    figures: () => billingFigures(deps.db),
  });
