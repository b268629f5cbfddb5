import { z } from 'zod';
import { baseServiceConfigSchema, parseConfig } from '@catalyst/service-kit';

export const configSchema = baseServiceConfigSchema.omit({ INTERNAL_SECRET: true }).extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(4010),
  /** Base URL browsers use to reach the hosted checkout and portal pages. */
  PUBLIC_URL: z.string().url().default('http://localhost:4010'),
  /** The secret key billing presents (Authorization: Bearer sk_test_...). */
  SANDBOX_SECRET_KEY: z.string().min(8).default('sk_test_catalyst_sandbox'),
  /** Where signed webhook events are delivered (billing, through the gateway). */
  WEBHOOK_URL: z.string().url().default('http://127.0.0.1:8080/api/v1/webhooks/stripe'),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).default('whsec_catalyst_sandbox_secret'),
  /** How often the webhook outbox is polled for due deliveries and retries. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
