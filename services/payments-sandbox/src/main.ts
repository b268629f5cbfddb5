import { startTelemetry } from '@catalyst/service-kit/telemetry';
import { createDb, createLogger, startServer } from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/schema';
import { SCHEMA, prepareDatabase } from './setup';
import { createWebhookDispatcher } from './webhooks/dispatcher';

// First of all: tracing (Postgres, Redis, peer calls; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'payments-sandbox' });

const config = loadConfig();
const log = createLogger('payments-sandbox', config.LOG_LEVEL);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: SCHEMA,
  poolSize: config.DATABASE_POOL_SIZE,
  log,
});
// The sandbox owns its schema and nobody deploys it separately: it migrates (and seeds) itself at start.
await prepareDatabase(db, { seed: config.SEED_DEMO, log });
const dispatcher = createWebhookDispatcher({
  db,
  log,
  webhookUrl: config.WEBHOOK_URL,
  webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  pollMs: config.WEBHOOK_POLL_MS,
});
const app = createApp({ config, db, log, dispatcher });
dispatcher.start();

startServer(app, {
  port: config.PORT,
  log,
  name: 'payments-sandbox',
  onClose: [() => dispatcher.stop(), () => db.destroy()],
});
