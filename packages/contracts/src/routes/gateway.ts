import { z } from 'zod';
import { defineRoutes } from './define';

const service = 'gateway';

/** What the gateway answers itself. */
export const gatewayRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/health',
    service,
    access: 'public',
    summary: "Every service's health (503 while one is down)",
    response: z.object({ status: z.enum(['ok', 'degraded']), services: z.record(z.string(), z.string()) }),
  },
  reportClientError: {
    method: 'POST',
    path: '/client-errors',
    service,
    access: 'public',
    status: 202,
    summary: 'Report a front-end failure (rate limited per address)',
    body: z.object({
      message: z.string({ error: 'message is required' }).trim().min(1, 'message is required').max(2_000),
      stack: z.string().max(8_000).optional(),
      componentStack: z.string().max(8_000).optional(),
      url: z.string().max(2_000).optional(),
      remote: z.string().max(100).optional(),
      release: z.string().max(100).optional(),
      /** The load nonce /mf/remotes.json served with that release: without it the report is logged, not counted. */
      nonce: z.string().max(200).optional(),
      userAgent: z.string().max(500).optional(),
      /** The trace of the API call that failed (its x-trace-id), when the failure was one. */
      traceId: z
        .string()
        .regex(/^[0-9a-f]{32}$/, 'traceId must be 32 hex digits')
        .optional(),
    }),
    maxBodyBytes: 16 * 1024,
    response: z.object({ received: z.literal(true) }),
  },
});
