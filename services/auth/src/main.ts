import { startTelemetry } from '@catalyst/service-kit/telemetry';
import {
  createBroadcast,
  createCache,
  createDb,
  createLogger,
  mailerFromConfig,
  startServer,
} from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/schema';
import { createDeps } from './deps';
import { SCHEMA, ensureFirstAdmin } from './setup';

// First of all: tracing (Postgres, Redis, peer calls; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'auth' });

const config = loadConfig();
const log = createLogger('auth', config.LOG_LEVEL);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: SCHEMA,
  poolSize: config.DATABASE_POOL_SIZE,
  log,
});
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'auth', log });
const mailer = mailerFromConfig(config, log);
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
const deps = createDeps({ config, db, cache, log, mailer, broadcast });

if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  await ensureFirstAdmin(
    db,
    { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME },
    log,
    deps.users,
  );
}
if (!config.SMTP_URL)
  log.info({ outbox: config.OUTBOX_DIR }, 'SMTP_URL is not set: e-mails go to the log and the outbox folder');

const prune = setInterval(
  () =>
    void deps.sessions.prune().catch((error) => log.warn({ err: String(error) }, 'session pruning failed')),
  60 * 60 * 1000,
);
prune.unref();

startServer(createApp(deps), {
  port: config.PORT,
  log,
  name: 'auth',
  onClose: [
    async () => clearInterval(prune),
    // Queued reset links and e-mails are written before the database closes.
    () => deps.background.settled(),
    () => db.destroy(),
    () => cache.close(),
    () => broadcast.close(),
  ],
});
