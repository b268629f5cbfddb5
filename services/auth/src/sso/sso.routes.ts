import type { Hono } from 'hono';
import { authSsoRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createSsoHandlers } from './sso.handlers';

/** /auth/sso/* (through the gateway at /api/v1/auth/sso/*): sign-in through a team's identity provider. */
export const mountSso = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, authSsoRoutes, createSsoHandlers(deps));
