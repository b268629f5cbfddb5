import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { BillingContext } from '../context';
import { webhookHandlers } from './webhooks.handlers';

/** /webhooks/stripe: anonymous by design; the signature is the authentication. */
export function webhookRoutes(ctx: BillingContext) {
  const handlers = webhookHandlers(ctx);
  const app = new Hono<AppEnv>();
  app.post('/stripe', handlers.stripe);
  return app;
}
