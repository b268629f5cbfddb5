import type { Hono } from 'hono';
import { adminPromotionRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createPromotionHandlers } from './promotions.handlers';

export const mountPromotions = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, adminPromotionRoutes, createPromotionHandlers(deps));
