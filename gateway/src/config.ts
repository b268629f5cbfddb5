import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseConfig, serviceUrlsSchema, setVariables } from '@catalyst/service-kit';
import { storageConfigShape } from '@catalyst/service-kit/storage';

/** The repository root, two folders above this file (gateway/src). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const REMOTE_NAMES = ['catalog', 'player', 'account', 'admin', 'community'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const BYTE_SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i;
const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
/** A size such as 1mb or 512kb in bytes (binary units, as express reads them). */
const byteCount = (size: string) => {
  const [, amount, unit = 'b'] = BYTE_SIZE.exec(size.trim())!;
  return Math.floor(Number(amount) * BYTE_UNITS[unit.toLowerCase()]!);
};
const timeoutMs = (fallback: number) => z.coerce.number().int().min(50).max(300_000).default(fallback);

const remoteUrl = z
  .string()
  .refine(
    (value) => value.startsWith('/') || /^https?:\/\//.test(value),
    'each remote must be an absolute http(s) URL or a path starting with /',
  );

/** MF_REMOTES: JSON object naming a manifest URL per remote, e.g. {"catalog":"https://cdn.example/catalog/mf-manifest.json"}. */
const remotesOverrideSchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'MF_REMOTES must be a JSON object such as {"catalog":"/mf/catalog/mf-manifest.json"}',
      });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(REMOTE_NAMES), remoteUrl))
  .optional();

/**
 * TRUST_PROXY: false (default: X-Forwarded-For is never believed), the addresses or subnets of the known
 * front proxies (Express's names/subnets: "loopback", "10.0.0.0/8, 127.0.0.1"), or an explicit hop count.
 * `true` (believe any sender) is refused: a client could then pick its own address for every limit.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | number | string => {
    const v = value.trim();
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe X-Forwarded-For from anyone: name the front proxy instead (its address or subnet, e.g. 10.0.0.0/8) or a hop count',
      });
      return z.NEVER;
    }
    if (v === 'false' || v === '') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const configSchema = z.object({
  ...serviceUrlsSchema.shape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to listen on; unset (or empty) listens on loopback only (127.0.0.1 and ::1). 0.0.0.0 exposes it deliberately. */
  HOST: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
  /** Headers must arrive within this, a whole request within REQUEST_TIMEOUT_MS (slow clients cannot hold sockets). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** Open connections one client address may hold at once; 0 turns the cap off (behind a front proxy, cap there). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
  INTERNAL_SECRET: z
    .string({ error: 'INTERNAL_SECRET is required (at least 32 characters)' })
    .min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  REDIS_URL: z.string().url('REDIS_URL must be a redis:// URL').optional(),
  /** The largest body the gateway reads, in bytes (a route's declared JSON limit may hold it lower). */
  BODY_LIMIT: z
    .string()
    .trim()
    .regex(BYTE_SIZE, 'BODY_LIMIT must be a size such as 1mb or 512kb')
    .default('1mb')
    .transform(byteCount),
  /** Upstream timeouts (time until the upstream starts answering), per route class. */
  AUTH_TIMEOUT_MS: timeoutMs(10_000),
  CONTENT_TIMEOUT_MS: timeoutMs(10_000),
  PROGRESS_TIMEOUT_MS: timeoutMs(10_000),
  BILLING_TIMEOUT_MS: timeoutMs(15_000),
  MEDIA_TIMEOUT_MS: timeoutMs(15_000),
  COMMUNITY_TIMEOUT_MS: timeoutMs(10_000),
  /** Event streams (SSE): the time until the stream's headers arrive; the stream itself may last for hours. */
  STREAM_TIMEOUT_MS: timeoutMs(10_000),
  ADMIN_TIMEOUT_MS: timeoutMs(30_000),
  /** Resumable upload requests: the media service answers a PATCH once its chunk is stored. */
  UPLOAD_TIMEOUT_MS: timeoutMs(120_000),
  HEALTH_TIMEOUT_MS: timeoutMs(1_500),
  /** Seconds a resolved bearer token's identity is reused before asking auth again. */
  IDENTITY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * Edge cache of answers a service marks `Cache-Control: public, s-maxage=N`: the longest any entry is
   * reused (min with N); 0 turns it off. Writes through this gateway and purge broadcasts (REDIS_URL) clear it at once.
   */
  EDGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  EDGE_CACHE_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** Bound on the bytes of all stored bodies together. */
  EDGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4_096).default(64),
  /** Front-end error reports accepted per client address per minute. */
  CLIENT_ERRORS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /**
   * Progress saves arriving in the same moment go to progress as one request, each answered as its own
   * (save-batches.ts); false forwards each on its own.
   */
  PROGRESS_SAVE_BATCHES: z
    .enum(['true', 'false'], { message: 'PROGRESS_SAVE_BATCHES must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  /** Requests one API key may make per minute (RateLimit-* headers say what is left; a 429 past it). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  STATIC_ROOT: z.string().default(REPO_ROOT),
  MEDIA_DIR: z.string().optional(),
  MF_REMOTES: remotesOverrideSchema,
  /** The release registry's database (the gateway's own `releases` schema); without it every remote is its built dist. */
  DATABASE_URL: z.string().url('DATABASE_URL must be a postgres:// URL').optional(),
  /**
   * Where release folders are kept (`<remote>/<version>/`); default `<STATIC_ROOT>/releases`. With a bucket
   * (MEDIA_S3_BUCKET) the releases are in it and this folder holds local copies (default `<tmp>/catalyst-releases`).
   */
  RELEASES_DIR: z.string().optional(),
  /** Release files in the media bucket (`releases/<remote>/<version>/…`) when MEDIA_S3_BUCKET is set: service-kit's storage settings. */
  ...storageConfigShape,
  /** How often the registry is read again: a promotion made elsewhere (the CLI, another gateway) is served within this. */
  RELEASES_REFRESH_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  SITE_NAME: z.string().min(1).default('Catalyst'),
  CONTACT_EMAIL: z
    .string()
    .email('CONTACT_EMAIL must be an e-mail address')
    .default('hello@catalyst.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 555 0100'),
  SUPPORT_EMAIL: z
    .string()
    .email('SUPPORT_EMAIL must be an e-mail address')
    .default('support@catalyst.example'),
  CORS_ORIGINS: commaList.pipe(
    z.array(
      z.string().url('CORS_ORIGINS must be a comma-separated list of origins such as https://app.example'),
    ),
  ),
  /** Extra image sources for the Content-Security-Policy (e.g. a CDN holding thumbnails), comma-separated. */
  CSP_IMG_SRC: commaList,
  TRUST_PROXY: trustProxySchema,
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** Parses the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return parseConfig(configSchema, env);
}

/** A config for tests and tools: the defaults plus the given values, validated the same way. */
export function buildConfig(values: Record<string, string | undefined>): GatewayConfig {
  return configSchema.parse(setVariables(values));
}

export const mediaDir = (config: GatewayConfig) => config.MEDIA_DIR ?? path.join(config.STATIC_ROOT, 'media');
