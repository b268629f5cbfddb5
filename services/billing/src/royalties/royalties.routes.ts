import type { Hono } from 'hono';
import { adminRoyaltyRoutes, earningsRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createRoyaltyHandlers } from './royalties.handlers';
import { royaltySources, type RoyaltySources } from './sources';

/** /studio/earnings… (creators) and /admin/royalties… (admins): the royalty pool. */
export function mountRoyalties(
  app: Hono<AppEnv>,
  deps: Deps,
  sources: RoyaltySources = royaltySources(deps),
) {
  const handlers = createRoyaltyHandlers(deps, sources);
  mountRoutes(app, earningsRoutes, {
    list: handlers.list,
    statement: handlers.statement,
    statementCsv: handlers.statementCsv,
    ownPayoutAccount: handlers.ownPayoutAccount,
    saveOwnPayoutAccount: handlers.saveOwnPayoutAccount,
  });
  mountRoutes(app, adminRoyaltyRoutes, {
    overview: handlers.overview,
    month: handlers.month,
    settings: handlers.settings,
    close: handlers.close,
    payoutAccount: handlers.payoutAccount,
    savePayoutAccount: handlers.savePayoutAccount,
    markPaid: handlers.markPaid,
  });
}
