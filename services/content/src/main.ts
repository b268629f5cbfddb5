import { startTelemetry } from '@catalyst/service-kit/telemetry';
import { createBroadcast, createCache, createDb, createLogger, startServer } from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import type { Database } from './db/schema';
import { SCHEMA } from './setup';

// First of all: tracing (Postgres, Redis, peer calls; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'content' });

const config = loadConfig();
const log = createLogger('content', config.LOG_LEVEL);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: SCHEMA,
  poolSize: config.DATABASE_POOL_SIZE,
  log,
});
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'content', log });
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
const app = createApp(createDeps({ config, db, cache, log, broadcast }));

startServer(app, {
  port: config.PORT,
  log,
  name: 'content',
  onClose: [() => db.destroy(), () => cache.close(), () => broadcast.close()],
});
