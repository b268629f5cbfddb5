import type { Hono } from 'hono';
import { xapiAdminRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createXapiHandlers } from './xapi.handlers';

/** The site's learning record store settings, as declared in the contracts (xapiAdminRoutes). */
export const mountXapi = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, xapiAdminRoutes, createXapiHandlers(deps));
