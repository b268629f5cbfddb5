import type { Hono } from 'hono';
import { analyticsInternalRoutes } from '@catalyst/contracts';
import { badRequest, mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { itemsFigures, paidSeconds, productRollup } from './analytics.repository';

/** A range must run forwards and stay within a year and a bit (a month's statement, a studio chart). */
function checkRange({ from, to }: { from: string; to: string }) {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!(days > 0 && days <= 400))
    throw badRequest('The range must end after it starts and span at most 400 days');
  return { from, to };
}

/** The creator analytics' reads (content's studio, billing's royalties): rollups only, never progress. */
export const mountAnalytics = (app: Hono<AppEnv>, { db }: Deps) =>
  mountRoutes(app, analyticsInternalRoutes, {
    paidSeconds: ({ query }) => paidSeconds(db, checkRange(query)),
    items: ({ body }) => itemsFigures(db, body.productIds, checkRange(body)),
    product: ({ body }) => productRollup(db, body.productId, checkRange(body)),
  });
