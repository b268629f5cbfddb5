import type { Kysely } from 'kysely';
import { createService, pingDb, type Cache, type Logger } from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';

export interface Deps {
  config: Config;
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
}

export function createApp(deps: Deps) {
  const app = createService({
    name: 'progress',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
  });
  return app;
}
