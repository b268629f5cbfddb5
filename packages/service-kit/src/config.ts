import { z } from 'zod';

/** The share of answers a service checks against their declarations unless RESPONSE_CHECK says otherwise. */
export const DEFAULT_RESPONSE_CHECK = '0.01';

/** Settings every service reads; each service extends this with its own. */
export const baseServiceConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(1).max(65535),
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url('REDIS_URL must be a redis:// URL').optional(),
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * How answers are checked against their declarations (routes.ts, ResponseCheck): 'strict' (every one, a
   * mismatch answered as a 500: the test runs), 'off', or the share of answers checked and logged (default 0.01).
   */
  RESPONSE_CHECK: z
    .string()
    .default(DEFAULT_RESPONSE_CHECK)
    .transform((v, ctx): 'strict' | number => {
      if (v === 'strict') return 'strict';
      if (v === 'off') return 0;
      const share = Number(v);
      if (/^\d*\.?\d+$/.test(v) && share <= 1) return share;
      ctx.addIssue({
        code: 'custom',
        message: "RESPONSE_CHECK must be 'strict', 'off' or a share from 0 to 1",
      });
      return z.NEVER;
    }),
});
export type BaseServiceConfig = z.infer<typeof baseServiceConfigSchema>;

/** The variables that are set: `VAR=` (a compose file's `${VAR:-}`, an empty export) means "not set", never "an invalid value". */
export const setVariables = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );

/**
 * Parses configuration once, at the edge of the program (empty variables count as unset). A bad value stops
 * the process with a message naming the variable, never a stack trace.
 */
export function parseConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<T> {
  const result = schema.safeParse(setVariables(env));
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  process.stderr.write(`Invalid configuration:\n${lines.join('\n')}\n`);
  process.exit(1);
}

/** Service URLs for service-to-service calls, with the launcher's defaults. */
export const serviceUrlsSchema = z.object({
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4002'),
  PROGRESS_URL: z.string().url().default('http://127.0.0.1:4003'),
  BILLING_URL: z.string().url().default('http://127.0.0.1:4004'),
  MEDIA_URL: z.string().url().default('http://127.0.0.1:4005'),
  COMMUNITY_URL: z.string().url().default('http://127.0.0.1:4006'),
});
export type ServiceUrls = z.infer<typeof serviceUrlsSchema>;
