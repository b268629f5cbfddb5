// Runs the release registry's migrations (the gateway's own `releases` schema), then exits: the deploy step
// before the gateway's rollout (deploy/k8s's migration Job; the gateway also migrates at start, idempotently).
import { z } from 'zod';
import { createLogger, parseConfig, runDatabaseStep } from '@catalyst/service-kit';
import { configSchema } from '../config';
import { migrateReleases, RELEASES_SCHEMA } from './repository';
import type { ReleasesDatabase } from './schema';

const config = parseConfig(
  configSchema.pick({ LOG_LEVEL: true }).extend({
    DATABASE_URL: z
      .string({ error: 'DATABASE_URL is required: the release registry lives in Postgres' })
      .url('DATABASE_URL must be a postgres:// URL'),
  }),
  process.env,
);
const log = createLogger('gateway-migrate', config.LOG_LEVEL);
await runDatabaseStep<ReleasesDatabase>({
  schema: RELEASES_SCHEMA,
  connectionString: config.DATABASE_URL,
  log,
  step: (db) => migrateReleases(db, log),
});
