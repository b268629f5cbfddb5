import type { Hono } from 'hono';
import { webhookRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createWebhookHandlers } from './webhooks.handlers';

/** /webhooks/stripe: anonymous by design; the signature over the raw body is the authentication. */
export const mountWebhooks = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, webhookRoutes, createWebhookHandlers(deps));
