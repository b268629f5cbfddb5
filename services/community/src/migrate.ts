// Runs the community migrations (and the demo seed when SEED_DEMO=true), then exits: the deploy step before main.ts.
import { createLogger, runDatabaseStep } from '@catalyst/service-kit';
import { loadConfig } from './config';
import type { Database } from './db/schema';
import { SCHEMA, prepareDatabase } from './setup';

const config = loadConfig();
const log = createLogger('community-migrate', config.LOG_LEVEL);
await runDatabaseStep<Database>({
  schema: SCHEMA,
  connectionString: config.DATABASE_URL,
  log,
  step: (db) => prepareDatabase(db, { seed: config.SEED_DEMO, log }),
});
