import type { Hono } from 'hono';
import { billingAccountRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createBillingAccountHandlers } from './account.handlers';

export const mountBillingAccount = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, billingAccountRoutes, createBillingAccountHandlers(deps));
