import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { createService, pingDb, type Cache, type Logger } from '@catalyst/service-kit';
import type { Config } from './config';
import type { BillingContext } from './context';
import type { Database } from './db/schema';
import type { EntitlementNotifier } from './entitlements/notifier';
import { internalRoutes } from './internal/internal.routes';
import { subscriptionRoutes } from './subscriptions/subscriptions.routes';
import { webhookRoutes } from './webhooks/webhooks.routes';

export interface Deps {
  config: Config;
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
  stripe: Stripe;
  notifyEntitlementChange: EntitlementNotifier;
}

export function createApp(deps: Deps) {
  const app = createService({
    name: 'billing',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
  });
  const ctx: BillingContext = deps;
  app.route('/subscription', subscriptionRoutes(ctx));
  app.route('/webhooks', webhookRoutes(ctx));
  app.route('/internal', internalRoutes(ctx));
  return app;
}
