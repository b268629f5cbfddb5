import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, validateEmail, validateNewPassword } from '@catalyst/contracts';
import {
  baseServiceConfigSchema,
  mailConfigSchema,
  parseConfig,
  serviceUrlsSchema,
} from '@catalyst/service-kit';

export const configSchema = baseServiceConfigSchema
  .extend({
    ...serviceUrlsSchema.shape,
    PORT: z.coerce.number().int().min(1).max(65535).default(4001),
    /** The gateway's base URL as browsers see it; verification links point there. */
    PUBLIC_URL: z
      .string()
      .url('PUBLIC_URL must be a URL such as http://localhost:8080')
      .default('http://localhost:8080'),
    SITE_NAME: z.string().min(1).default('Catalyst'),
    ...mailConfigSchema.shape,
    /** Team single sign-on issuers may be plain http on a loopback host (tests, a local provider); else https only. */
    SSO_ALLOW_LOOPBACK_HTTP: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** First admin of a real deployment: created (or promoted) at start when both are set. */
    ADMIN_EMAIL: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value === '' || !validateEmail(value),
        'ADMIN_EMAIL must be a valid e-mail address',
      ),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value === '' || !validateNewPassword(value),
        `ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter and a digit`,
      ),
    ADMIN_NAME: z.string().min(2).max(50).default('Administrator'),
    /** Failed sign-ins allowed per e-mail from one client address, and per address, inside one window. */
    LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    /** Failures of one e-mail from all addresses after which addresses it never signed in from are slowed (never locked). */
    LOGIN_SLOW_AFTER_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    /** Registrations per client address and per e-mail in an hour. */
    REGISTER_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    REGISTER_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
    /**
     * Password-reset requests in an hour: per client address, per (e-mail, address), and per e-mail from all
     * addresses together (a ceiling that never applies to an address the owner signed in from).
     */
    RESET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    RESET_MAX_PER_EMAIL_AND_ADDRESS: z.coerce.number().int().min(1).default(3),
    RESET_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    /** How long /auth/me may answer a user from memory (every write forgets it at once); 0 = always ask Postgres. */
    /** How long a remembered sign-in (the HttpOnly refresh cookie) lasts without use; each use starts it again. */
    REMEMBER_DAYS: z.coerce.number().int().min(1).max(400).default(30),
    USER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  })
  .refine((config) => !config.ADMIN_EMAIL === !config.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
