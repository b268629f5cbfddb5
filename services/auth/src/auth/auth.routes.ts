import type { Hono } from 'hono';
import { authRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAuthHandlers } from './auth.handlers';

/** /auth/* (through the gateway at /api/v1/auth/*), as declared in the contracts (authRoutes). */
export const mountAuth = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, authRoutes, createAuthHandlers(deps));
