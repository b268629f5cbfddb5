import { startTelemetry } from '@catalyst/service-kit/telemetry';
import {
  countStreams,
  createBroadcast,
  createCache,
  createDb,
  createLogger,
  startServer,
} from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import type { Database } from './db/schema';
import { startCommunityJobs } from './notifications/jobs';
import { SCHEMA } from './setup';

// First of all: tracing (Postgres, Redis, peer calls; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'community' });

const config = loadConfig();
const log = createLogger('community', config.LOG_LEVEL);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: SCHEMA,
  poolSize: config.DATABASE_POOL_SIZE,
  log,
});
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'community', log });
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
const deps = createDeps({ config, db, cache, log, broadcast });
const app = createApp(deps);
// Prometheus: the open event streams (live boards and discussions), read at each scrape.
countStreams('community', () => deps.streams.connections());
// Reply notifications and live reminders, every few seconds on every replica (each step is replica-safe).
const jobs = startCommunityJobs({
  notifier: deps.notifier,
  reminders: deps.reminders,
  log,
  everyMs: config.NOTIFY_FLUSH_MS,
});
if (!config.SMTP_URL)
  log.info({ outbox: config.OUTBOX_DIR }, 'SMTP_URL is not set: e-mails go to the log and the outbox folder');

startServer(app, {
  port: config.PORT,
  log,
  name: 'community',
  // Open event streams end first (browsers reconnect to another replica), or the server would wait for them.
  beforeClose: [() => deps.live.close()],
  onClose: [() => jobs.stop(), () => db.destroy(), () => cache.close(), () => broadcast.close()],
});
