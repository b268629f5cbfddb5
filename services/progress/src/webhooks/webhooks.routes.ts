import type { Hono } from 'hono';
import { adminWebhookRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createWebhookHandlers } from './webhooks.handlers';

/** Signed outgoing webhooks' admin routes, as declared in the contracts (adminWebhookRoutes). */
export function mountWebhooks(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, adminWebhookRoutes, createWebhookHandlers(deps));
}
