import type { Hono } from 'hono';
import { planRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createPlanHandlers } from './plans.handlers';

export const mountPlans = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, planRoutes, createPlanHandlers(deps));
