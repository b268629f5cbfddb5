import type { Hono } from 'hono';
import { progressRoutes, progressSaveBatchRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { progressPremiumCheck } from '../premium';
import { createProgressHandlers, createProgressSaving } from './progress.handlers';
import { createSaveBatchHandler } from './save-batch';

/**
 * The learner's own progress per product, as declared in the contracts (progressRoutes), and the gateway's
 * batches of its saves (progressSaveBatchRoutes), which share one batcher of writes with the PATCH.
 */
export function mountProgress(app: Hono<AppEnv>, deps: Deps) {
  const premium = progressPremiumCheck(deps);
  const saving = createProgressSaving(deps);
  mountRoutes(app, progressRoutes, createProgressHandlers(deps, saving), { premium });
  mountRoutes(app, progressSaveBatchRoutes, {
    saves: createSaveBatchHandler({ saving, premium, secret: deps.config.INTERNAL_SECRET, log: deps.log }),
  });
}
