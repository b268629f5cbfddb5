import type { Hono } from 'hono';
import { credentialRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createCredentialHandlers } from './credentials.handlers';

/** Certificates' signed credentials and their status lists, as declared in the contracts (credentialRoutes). */
export const mountCredentials = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, credentialRoutes, createCredentialHandlers(deps));
