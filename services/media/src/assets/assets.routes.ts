import type { Hono } from 'hono';
import { assetRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAssetHandlers } from './assets.handlers';

/** The admin's assets, as declared in the contracts (assetRoutes). */
export const mountAssets = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, assetRoutes, createAssetHandlers(deps));
