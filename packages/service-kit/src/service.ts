// The one skeleton of a service's two entry points: `main.ts` (runService: tracing, config, logger, Postgres,
// cache and broadcast, then the HTTP server with a clean shutdown) and `migrate.ts` (runMigrations: the deploy
// step). Each service names only what is its own: its config, its schema's preparation and its app.
import type { Env, Hono } from 'hono';
import type { Kysely, Migration } from 'kysely';
import { createBroadcast, type Broadcast } from './broadcast';
import { createCache, type Cache } from './cache';
import type { BaseServiceConfig } from './config';
import { createDb, migrateToLatest, runDatabaseStep } from './db';
import { createLogger, type Logger } from './logger';
import { configureResponseCheck } from './routes';
import { startServer } from './server';
import { startTelemetry } from './telemetry';

/** What the skeleton reads of a service's config (every service's schema extends baseServiceConfigSchema). */
type SkeletonConfig = Pick<
  BaseServiceConfig,
  'LOG_LEVEL' | 'PORT' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'REDIS_URL' | 'SEED_DEMO' | 'RESPONSE_CHECK'
>;

/** How a service readies its schema: its migrations, then (when asked) the demo seed. */
export type PrepareDatabase<DB> = (db: Kysely<DB>, options: { seed: boolean; log: Logger }) => Promise<void>;

/** A service's schema (setup.ts): its name, and its preparation: the latest migration, then the demo seed when asked. */
export interface ServiceDatabase<DB> {
  schema: string;
  prepare: PrepareDatabase<DB>;
}

export function defineDatabase<DB>({
  schema,
  migrations,
  seed,
}: {
  schema: string;
  migrations: Record<string, Migration>;
  seed?: (db: Kysely<DB>, log: Logger) => Promise<unknown>;
}): ServiceDatabase<DB> {
  return {
    schema,
    prepare: async (db, options) => {
      await migrateToLatest(db, schema, migrations, options.log);
      if (options.seed && seed) await seed(db, options.log);
    },
  };
}

/** The deploy step (migrate.ts): the schema prepared on its own small pool, then `after` (e.g. the first admin), then exit. */
export async function runMigrations<DB, C extends SkeletonConfig>({
  name,
  loadConfig,
  database,
  after,
}: {
  name: string;
  loadConfig: () => C;
  database: ServiceDatabase<DB>;
  after?: (db: Kysely<DB>, context: { config: C; log: Logger }) => Promise<void>;
}): Promise<void> {
  const config = loadConfig();
  const log = createLogger(`${name}-migrate`, config.LOG_LEVEL);
  await runDatabaseStep<DB>({
    schema: database.schema,
    connectionString: config.DATABASE_URL,
    log,
    step: async (db) => {
      await database.prepare(db, { seed: config.SEED_DEMO, log });
      await after?.(db, { config, log });
    },
  });
}

/** What every service's app is built from. */
export interface ServiceContext<DB, C> {
  config: C;
  log: Logger;
  db: Kysely<DB>;
  cache: Cache;
  broadcast: Broadcast;
}

/** The running service: its app, and what it stops before (open streams) and after (jobs, timers) the server closes. */
export interface ServiceParts<E extends Env> {
  app: Hono<E>;
  beforeClose?: Array<() => unknown>;
  /** Run before the database, cache and broadcast close (each of which runService closes itself). */
  onClose?: Array<() => Promise<unknown>>;
}

/**
 * A service's main.ts: tracing first (Postgres, Redis and peer calls; exported when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set), its config (a bad value stops it, naming the variable), a logger, its
 * Postgres pool in its own schema, the cache and broadcast (Redis when REDIS_URL is set, in process otherwise),
 * then `start` builds the app, served until SIGTERM/SIGINT closes everything in order.
 */
export async function runService<DB, C extends SkeletonConfig, E extends Env>({
  name,
  loadConfig,
  database,
  start,
}: {
  name: string;
  loadConfig: () => C;
  database: ServiceDatabase<DB>;
  start: (context: ServiceContext<DB, C>) => ServiceParts<E> | Promise<ServiceParts<E>>;
}) {
  startTelemetry({ serviceName: name });
  const config = loadConfig();
  const log = createLogger(name, config.LOG_LEVEL);
  const db = createDb<DB>({
    connectionString: config.DATABASE_URL,
    schema: database.schema,
    poolSize: config.DATABASE_POOL_SIZE,
    log,
  });
  const cache = createCache({ redisUrl: config.REDIS_URL, prefix: name, log });
  const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
  configureResponseCheck(config.RESPONSE_CHECK);
  const parts = await start({ config, log, db, cache, broadcast });
  return startServer(parts.app, {
    port: config.PORT,
    log,
    name,
    beforeClose: parts.beforeClose,
    onClose: [...(parts.onClose ?? []), () => db.destroy(), () => cache.close(), () => broadcast.close()],
  });
}
