import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Entitlements } from './entitlement/entitlement.service';

/** What the public and premium routers need. */
export interface RouteDeps {
  db: Kysely<Database>;
  entitlements: Entitlements;
}
