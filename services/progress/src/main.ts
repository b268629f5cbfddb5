import { startTelemetry } from '@catalyst/service-kit/telemetry';
import { createBroadcast, createCache, createDb, createLogger, startServer } from '@catalyst/service-kit';
import { createApp } from './app';
import { loadConfig } from './config';
import { createDeps } from './deps';
import type { Database } from './db/schema';
import { mendPositionsInBackground } from './progress/mend-positions';
import { SCHEMA } from './setup';

// First of all: tracing (Postgres, Redis, peer calls; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'progress' });

const config = loadConfig();
const log = createLogger('progress', config.LOG_LEVEL);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: SCHEMA,
  poolSize: config.DATABASE_POOL_SIZE,
  log,
});
const cache = createCache({ redisUrl: config.REDIS_URL, prefix: 'progress', log });
const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
const deps = createDeps({ config, db, cache, log, broadcast });
const app = createApp(deps);
// Positions stored beyond the end of their media before saves were kept within it: brought back once content answers.
const stopMending = mendPositionsInBackground(db, deps.catalog, log);

startServer(app, {
  port: config.PORT,
  log,
  name: 'progress',
  onClose: [async () => stopMending(), () => db.destroy(), () => cache.close(), () => broadcast.close()],
});
