import type { Hono } from 'hono';
import { adminApiKeyRoutes, apiKeyInternalRoutes, teamApiKeyRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createApiKeyHandlers } from './api-keys.handlers';

/** API keys: admins' and team owners' keys, and the gateway's resolution of a key (as declared). */
export function mountApiKeys(app: Hono<AppEnv>, deps: Deps) {
  const handlers = createApiKeyHandlers(deps);
  mountRoutes(app, adminApiKeyRoutes, handlers.admin);
  mountRoutes(app, teamApiKeyRoutes, handlers.team);
  mountRoutes(app, apiKeyInternalRoutes, handlers.internal);
}
