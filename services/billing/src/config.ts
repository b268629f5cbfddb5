import { z } from 'zod';
import {
  baseServiceConfigSchema,
  mailConfigSchema,
  parseConfig,
  serviceUrlsSchema,
} from '@catalyst/service-kit';

/** An optional setting; an empty value (`STRIPE_API_URL=` in a compose file) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  ...mailConfigSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4004),
  /** The payment provider's secret key: a real sk_test_/sk_live_ key talks to Stripe itself. */
  // No defaults for the key and the signing secret: each install has its own (the launcher makes and
  // keeps them in DATA_DIR for the sandbox); a secret written in the source would let anyone forge events.
  STRIPE_SECRET_KEY: z
    .string({ error: 'STRIPE_SECRET_KEY is required (npm start sets a per-install sandbox key)' })
    .min(8, 'STRIPE_SECRET_KEY must be a Stripe secret key'),
  /** Where the provider's API lives when it is not api.stripe.com (the payments sandbox, e.g. http://127.0.0.1:4010). */
  STRIPE_API_URL: optional(z.string().url('STRIPE_API_URL must be a URL such as http://127.0.0.1:4010')),
  /** Signing secret of the webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z
    .string({
      error:
        'STRIPE_WEBHOOK_SECRET is required: with a real Stripe key, the whsec_… secret of your webhook endpoint',
    })
    .min(8, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret'),
  /** A provider price id for Premium; without it checkout sends the price inline ($14.99 a month). */
  STRIPE_PRICE_PREMIUM: optional(z.string().min(1)),
  /** How long a failed renewal (`past_due`) keeps Premium open while the provider retries the card. */
  PAST_DUE_GRACE_DAYS: z.coerce
    .number()
    .min(0, 'PAST_DUE_GRACE_DAYS must be 0 or more days')
    .max(60, 'PAST_DUE_GRACE_DAYS must be at most 60 days')
    .default(7),
  /** Team single sign-on issuers may be plain http on a loopback host (tests, a local provider); else https only. */
  SSO_ALLOW_LOOPBACK_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * DNS servers asked for SSO domains' TXT records (comma-separated `ip` or `ip:port`); unset: the system's.
   */
  DNS_SERVERS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((server) => server.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[?[0-9a-f:]+\]?(:\d{1,5})?)$/i,
              'DNS_SERVERS must list IP addresses, e.g. 1.1.1.1,127.0.0.1:5353',
            ),
        ),
      ),
  ),
  /** The gateway's base URL browsers use: checkout success/cancel and portal return URLs. */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL must be a URL such as http://localhost:8080')
    .default('http://localhost:8080'),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
