import { Hono } from 'hono';
import { requireUser, type AppEnv } from '@catalyst/service-kit';
import type { BillingContext } from '../context';
import { invoicesHandler } from '../invoices/invoices.handlers';
import { subscriptionHandlers } from './subscriptions.handlers';

/** /subscription/*: every route needs a signed-in caller. */
export function subscriptionRoutes(ctx: BillingContext) {
  const handlers = subscriptionHandlers(ctx);
  const app = new Hono<AppEnv>();
  app.use('*', requireUser);
  app.post('/create-checkout-session', handlers.createCheckoutSession);
  app.get('/status', handlers.status);
  app.post('/confirm', handlers.confirm);
  app.post('/cancel', handlers.cancel);
  app.post('/reactivate', handlers.reactivate);
  app.post('/portal', handlers.portal);
  app.get('/invoices', invoicesHandler(ctx));
  return app;
}
