import type { Kysely } from 'kysely';
import { createInternalClient, createService, pingDb, type Cache, type Logger } from '@catalyst/service-kit';
import { createCatalog } from './catalog/catalog.client';
import type { Config } from './config';
import type { Database } from './db/schema';
import { createEntitlements } from './entitlement/entitlement';
import { mountInternal } from './internal/internal.routes';
import { mountProgress } from './progress/progress.routes';

export interface Deps {
  config: Config;
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
}

export function createApp(deps: Deps) {
  const { config, db, cache } = deps;
  const app = createService({
    name: 'progress',
    log: deps.log,
    internalSecret: config.INTERNAL_SECRET,
    checks: { database: () => pingDb(db) },
  });
  const catalog = createCatalog({ content: createInternalClient({ baseUrl: config.CONTENT_URL, secret: config.INTERNAL_SECRET }), cache });
  const entitlements = createEntitlements({ billing: createInternalClient({ baseUrl: config.BILLING_URL, secret: config.INTERNAL_SECRET }), cache });
  mountProgress(app, { db, catalog, entitlements });
  mountInternal(app, { db, catalog, entitlements });
  return app;
}
