import { z } from 'zod';
import { NOTIFICATION_INTERVAL_MINUTES } from '@catalyst/contracts';
import {
  baseServiceConfigSchema,
  mailConfigSchema,
  parseConfig,
  serviceUrlsSchema,
} from '@catalyst/service-kit';

/** An empty variable (docker-compose's `${VAR:-}`) is an unset one. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  ...mailConfigSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4006),
  /** The gateway's base URL as browsers see it: links in notification e-mails point there. */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL must be a URL such as http://localhost:8080')
    .default('http://localhost:8080'),
  SITE_NAME: z.string().min(1).default('Catalyst'),
  /** How often waiting notification e-mails and live reminders are looked for (the first reply after a quiet hour goes within this). */
  NOTIFY_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** A follower gets at most one notification e-mail per this many minutes. */
  NOTIFICATION_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(NOTIFICATION_INTERVAL_MINUTES),
  /** How often every open event stream (live boards, discussions) carries a heartbeat comment (proxies close silent connections). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * How often an open event stream's right to its topic is asked again (a plan that ended ends its streams
   * within this, plus the entitlement cache's life when billing's announcement is missed).
   */
  STREAM_RECHECK_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The VAPID private key (base64url, 32 bytes of P-256) push messages are signed with; its public key is derived.
   * `npm start` makes one per install in DATA_DIR/secrets; without one push is off.
   */
  VAPID_PRIVATE_KEY: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be 32 bytes in base64url (43 characters)')
      .optional(),
  ),
  /** Who push services may contact about our pushes (a mailto: or https: URL); by default MAIL_FROM's address. */
  VAPID_SUBJECT: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
      .optional(),
  ),
  /** Tests and development only: push endpoints on loopback over http (the test push service). Production never. */
  PUSH_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
