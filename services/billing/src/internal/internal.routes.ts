import { Hono } from 'hono';
import { objectIdSchema } from '@catalyst/contracts';
import { ok, parseWith, type AppEnv } from '@catalyst/service-kit';
import type { BillingContext } from '../context';
import { endCustomer } from '../customers/customers.service';
import { countSubscribers } from '../subscriptions/subscriptions.repository';
import { entitlementOf } from '../subscriptions/subscriptions.service';

/** /internal/*: for content, progress and the admin dashboard (the service-kit guard checks the shared secret). */
export function internalRoutes(ctx: BillingContext) {
  const app = new Hono<AppEnv>();
  app.get('/entitlements/:userId', async (c) => ok(c, await entitlementOf(ctx, parseWith(objectIdSchema, c.req.param('userId')))));
  app.get('/subscribers/count', async (c) => ok(c, { count: await countSubscribers(ctx.db) }));
  // Account deletion (auth calls this first): cancels at the provider at once; safe to repeat.
  app.delete('/customers/:userId', async (c) => ok(c, await endCustomer(ctx, parseWith(objectIdSchema, c.req.param('userId')), c.get('requestId'))));
  return app;
}
