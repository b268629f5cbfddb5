import type { Hono } from 'hono';
import { adminLtiRoutes, ltiInternalRoutes, ltiRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createAdminLtiHandlers, createLtiInternalHandlers } from './admin-lti.handlers';
import { createLtiHandlers } from './lti.handlers';

/** /auth/lti/* (the platform's browser), /admin/lti/* (the admin's page) and the gateway's frame-origins question. */
export function mountLti(app: Hono<AppEnv>, deps: Deps) {
  const { lti } = deps;
  mountRoutes(app, ltiRoutes, createLtiHandlers(deps, lti));
  mountRoutes(app, adminLtiRoutes, createAdminLtiHandlers(deps, lti));
  mountRoutes(app, ltiInternalRoutes, createLtiInternalHandlers(deps));
}
