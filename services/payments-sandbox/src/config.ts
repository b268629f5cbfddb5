import { z } from 'zod';
import { routeUrl, webhookRoutes } from '@catalyst/contracts';
import { baseServiceConfigSchema, parseConfig } from '@catalyst/service-kit';

export const configSchema = baseServiceConfigSchema.omit({ INTERNAL_SECRET: true }).extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  /** Base URL browsers use to reach the hosted checkout and portal pages. */
  PUBLIC_URL: z.string().url().default('http://localhost:4010'),
  /** The secret key billing presents (Authorization: Bearer sk_test_...). */
  // Made per install by the launcher (kept in DATA_DIR): a key in the source would open every subscription.
  SANDBOX_SECRET_KEY: z
    .string({ error: 'SANDBOX_SECRET_KEY is required (npm start makes one per install)' })
    .min(16),
  /** Where signed webhook events are delivered (billing, through the gateway). */
  WEBHOOK_URL: z
    .string()
    .url()
    .default(`http://127.0.0.1:8080${routeUrl(webhookRoutes.stripe)}`),
  STRIPE_WEBHOOK_SECRET: z
    .string({ error: 'STRIPE_WEBHOOK_SECRET is required (npm start makes one per install)' })
    .min(16),
  /** How often the webhook outbox is polled for due deliveries and retries. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
