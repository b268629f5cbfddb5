import { startTelemetry } from '@catalyst/service-kit/telemetry';
import {
  createBroadcast,
  createCache,
  createDb,
  createLogger,
  gaugeAtScrape,
  startServer,
} from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import type { Database } from './db/schema';
import { createStripeClient } from './provider/stripe';
import { SCHEMA } from './setup';

// First of all: tracing (Postgres, Redis, peer calls; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'billing' });

const config = loadConfig();
const log = createLogger('billing', config.LOG_LEVEL);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: SCHEMA,
  poolSize: config.DATABASE_POOL_SIZE,
  log,
});
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'billing', log });
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
const stripe = createStripeClient(config);
const app = createApp(createDeps({ config, db, cache, log, stripe, broadcast }));
// Prometheus: subscriptions by status, one grouped count when scraped (every 15 s or so; nothing in between).
gaugeAtScrape(
  'subscriptions',
  'Subscriptions mirrored from the payment provider, by status (active and trialing are paying).',
  ['status'],
  async (set) => {
    const rows = await db
      .selectFrom('subscriptions')
      .select(['status', db.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    for (const row of rows) set({ status: row.status }, Number(row.count));
  },
);
log.info({ provider: config.STRIPE_API_URL ?? 'https://api.stripe.com' }, 'payment provider');

startServer(app, {
  port: config.PORT,
  log,
  name: 'billing',
  onClose: [() => db.destroy(), () => cache.close(), () => broadcast.close()],
});
