import type { Kysely } from 'kysely';
import type { Broadcast } from './broadcast';
import type { Cache } from './cache';
import type { Logger } from './logger';

/**
 * What every service's process provides (its main.ts; tests build their own): its parsed config, its
 * database, its cache, its logger, and Redis pub/sub when REDIS_URL is set (omitted: this process only).
 * Each service's `BaseDeps` extends it with what only it has; its `createDeps` builds the rest once.
 */
export interface ServiceBaseDeps<Config, Database> {
  config: Config;
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
  broadcast?: Broadcast;
}
