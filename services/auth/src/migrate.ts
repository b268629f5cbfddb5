// Runs the auth migrations (and the demo seed when SEED_DEMO=true, and the first admin when
// ADMIN_EMAIL/ADMIN_PASSWORD are set), then exits: the deploy step before main.ts.
import { createBroadcast, createInvalidations, createLogger, runDatabaseStep } from '@catalyst/service-kit';
import { loadConfig } from './config';
import type { Database } from './db/schema';
import { SCHEMA, ensureFirstAdmin, prepareDatabase } from './setup';

const config = loadConfig();
const log = createLogger('auth-migrate', config.LOG_LEVEL);
await runDatabaseStep<Database>({
  schema: SCHEMA,
  connectionString: config.DATABASE_URL,
  log,
  step: async (db) => {
    await prepareDatabase(db, { seed: config.SEED_DEMO, log });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      // Running auth replicas may hold a promoted account as a user: tell them (REDIS_URL), as main.ts does.
      const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
      try {
        await ensureFirstAdmin(
          db,
          { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME },
          log,
          {
            forget: (id) => createInvalidations({ broadcast, log }).publish('user', id),
          },
        );
      } finally {
        await broadcast.close();
      }
    }
  },
});
