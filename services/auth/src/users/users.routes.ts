import type { Hono } from 'hono';
import { userRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createUserHandlers } from './users.handlers';

/** The signed-in user's own account (/users/profile, /users/change-password), as declared (userRoutes). */
export const mountUsers = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, userRoutes, createUserHandlers(deps));
