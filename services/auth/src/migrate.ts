// Runs the auth migrations (and the demo seed when SEED_DEMO=true, and the first admin when
// ADMIN_EMAIL/ADMIN_PASSWORD are set), then exits: the deploy step before main.ts.
import { createBroadcast, createInvalidations } from '@catalyst/service-kit';
import { runMigrations } from '@catalyst/service-kit/service';
import { loadConfig } from './config';
import { database, ensureFirstAdmin } from './setup';

await runMigrations({
  name: 'auth',
  loadConfig,
  database,
  after: async (db, { config, log }) => {
    if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
    // Running auth replicas may hold a promoted account as a user: tell them (REDIS_URL), as main.ts does.
    const broadcast = createBroadcast({ redisUrl: config.REDIS_URL, log });
    try {
      await ensureFirstAdmin(
        db,
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME },
        log,
        { forget: (id) => createInvalidations({ broadcast, log }).publish('user', id) },
      );
    } finally {
      await broadcast.close();
    }
  },
});
