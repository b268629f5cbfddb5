import { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import { createProgressHandlers, type ProgressHandlerDeps } from './progress.handlers';

/** The learner's own progress, mounted at /content/progress (the gateway strips /api/v1). */
export function progressRoutes(deps: ProgressHandlerDeps) {
  const h = createProgressHandlers(deps);
  return new Hono<AppEnv>()
    .get('/', h.list)
    .get('/stats', h.stats)
    .get('/recent', h.recent)
    .get('/categories/:id', h.forCategory)
    .get('/product/:id', h.getForProduct)
    .patch('/product/:id', h.update)
    .post('/product/:id', h.updateFromForm)
    .patch('/product/:id/complete', h.complete)
    .patch('/product/:id/reset', h.reset);
}
