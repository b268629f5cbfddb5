import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { AdminPeers } from './peers';

/** What the admin handlers need. */
export interface AdminRouteDeps {
  db: Kysely<Database>;
  log: Logger;
  peers: AdminPeers;
}
