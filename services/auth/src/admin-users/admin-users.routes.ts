import type { Hono } from 'hono';
import { adminUserRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAdminUserHandlers } from './admin-users.handlers';

/** /admin/users: admins' list of accounts, their actions and the admin audit log, as declared (adminUserRoutes). */
export const mountAdminUsers = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, adminUserRoutes, createAdminUserHandlers(deps));
