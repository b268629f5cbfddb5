import type { Kysely } from 'kysely';
import { Hono } from 'hono';
import type { Logger } from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';

export interface Deps {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
}

/** The Stripe-compatible sandbox speaks Stripe's wire format, not the Catalyst error shape. */
export function createApp(_deps: Deps) {
  const app = new Hono();
  app.get('/health', (c) => c.json({ success: true, data: { service: 'payments-sandbox', status: 'ok', checks: {} } }));
  return app;
}
