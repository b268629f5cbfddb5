import { z } from 'zod';

export const serviceHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['ok', 'degraded', 'down']),
  checks: z.record(z.string(), z.enum(['ok', 'down'])),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
