import { z } from 'zod';
import { defineRoutes } from './define';

/** What may be out of date: a service's public answers (its name), or one user's identity or plan. */
const INVALIDATION_TOPICS = ['content', 'user', 'entitlement'] as const;
const invalidationSchema = z.object({
  topic: z.enum(INVALIDATION_TOPICS),
  key: z.string().min(1).max(64).optional(),
});
export type Invalidation = z.infer<typeof invalidationSchema>;

/** Routes service-kit mounts in every service. */
export const platformRoutes = defineRoutes({
  invalidate: {
    method: 'POST',
    path: '/internal/invalidations',
    service: 'every',
    access: 'internal',
    summary: 'Forget cached answers a peer says are out of date',
    body: invalidationSchema,
    response: z.object({ delivered: z.literal(true) }),
  },
});
