import type { Hono } from 'hono';
import { giftRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createGiftHandlers } from './gifts.handlers';

export const mountGifts = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, giftRoutes, createGiftHandlers(deps));
