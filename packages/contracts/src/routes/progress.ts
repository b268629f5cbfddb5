import { z } from 'zod';
import { objectIdSchema, pageSchema } from '../api';
import { idOrSlugSchema } from '../catalog';
import {
  categoryProgressSchema,
  progressActionBodySchema,
  progressListQuerySchema,
  progressSchema,
  progressStatsSchema,
  progressUpdateBodySchema,
  progressWithProductSchema,
  progressWriteResultSchema,
  recentProgressQuerySchema,
} from '../progress';
import { defineRoutes } from './define';

const product = z.object({ id: objectIdSchema });
const service = 'progress';

/** The learner's own progress: lists need a sign-in, a product's progress needs the plan (or a free product). */
export const progressRoutes = defineRoutes({
  list: { method: 'GET', path: '/content/progress', service, access: 'user', summary: 'Your progress, newest first', query: progressListQuerySchema, response: pageSchema(progressWithProductSchema) },
  stats: { method: 'GET', path: '/content/progress/stats', service, access: 'user', summary: 'Totals over your progress', response: progressStatsSchema },
  recent: { method: 'GET', path: '/content/progress/recent', service, access: 'user', summary: 'What you watched last (Continue watching)', query: recentProgressQuerySchema, response: z.array(progressWithProductSchema) },
  forCategory: { method: 'GET', path: '/content/progress/categories/:id', service, access: 'premium', summary: "Your progress over a category's products", params: z.object({ id: idOrSlugSchema }), response: categoryProgressSchema },
  getForProduct: { method: 'GET', path: '/content/progress/product/:id', service, access: 'premium', summary: 'Your progress on one product', params: product, response: progressSchema },
  update: { method: 'PATCH', path: '/content/progress/product/:id', service, access: 'premium', summary: 'Save your position (older saves than the stored one are ignored)', params: product, body: progressUpdateBodySchema, response: progressWriteResultSchema },
  updateFromForm: { method: 'POST', path: '/content/progress/product/:id', service, access: 'premium', summary: 'The unload save: a form with `data` (the PATCH body as JSON) and `_method=PATCH`', params: product, bodyKind: 'form', response: progressWriteResultSchema },
  complete: { method: 'PATCH', path: '/content/progress/product/:id/complete', service, access: 'premium', summary: 'Mark a product complete', params: product, body: progressActionBodySchema, response: progressSchema },
  reset: { method: 'PATCH', path: '/content/progress/product/:id/reset', service, access: 'premium', summary: "Reset a product's progress", params: product, body: progressActionBodySchema, response: progressSchema },
});

/** Peers' calls into progress (shared secret; never through the gateway). */
export const progressInternalRoutes = defineRoutes({
  deleteProductProgress: { method: 'DELETE', path: '/internal/progress/products/:productId', service, access: 'internal', summary: "A deleted product's progress goes with it", params: z.object({ productId: objectIdSchema }), response: z.object({ deleted: z.number().int() }) },
  deleteUserProgress: { method: 'DELETE', path: '/internal/progress/users/:userId', service, access: 'internal', summary: "A deleted account's progress goes with it", params: z.object({ userId: objectIdSchema }), response: z.object({ deleted: z.number().int() }) },
});
