import path from 'node:path';
import { z } from 'zod';
import { baseServiceConfigSchema, parseConfig, serviceUrlsSchema } from '@catalyst/service-kit';
import { storageConfigShape } from '@catalyst/service-kit/storage';

const GIB = 1024 ** 3;

export const configSchema = baseServiceConfigSchema.extend({
  ...serviceUrlsSchema.shape,
  PORT: z.coerce.number().int().min(1).max(65535).default(4005),
  /** Local storage (uploads and processed files) lives under DATA_DIR/media unless a bucket is configured. */
  DATA_DIR: z
    .string()
    .default('.data')
    .transform((dir) => path.resolve(dir)),
  /** The largest file one upload may be. */
  MEDIA_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * GIB),
  /** Any S3-compatible bucket (MEDIA_S3_*, service-kit's storage settings, shared with the gateway's release files) instead of the disk. */
  ...storageConfigShape,
  /** How long a stream token (content signs it for an entitled viewer) stays valid. */
  STREAM_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 60),
  /** Worker: jobs processed at once (each ffmpeg run uses every core it is given). */
  MEDIA_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Worker: a job whose worker has not reported for this long is taken back and run again (the worker was killed). */
  MEDIA_JOB_STALE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Worker: on SIGTERM, running jobs get this long to finish before their ffmpeg is ended (keep it under the SIGKILL grace). */
  MEDIA_STOP_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Worker: unfinished uploads are removed after this many hours. */
  MEDIA_ORPHAN_HOURS: z.coerce.number().min(0.001).default(24),
  /**
   * Worker: a folder where encodes of the demo lessons (files shipped with Catalyst, never uploads) are kept
   * across starts, so a fresh start copies them instead of running ffmpeg again; unset, every start encodes.
   * `npm start` sets it to node_modules/.cache/catalyst-demo-encodes.
   */
  MEDIA_DEMO_ENCODE_CACHE: z.string().min(1).optional(),
  /** The site's name, on every course card (the gateway names the cards with the same one). */
  SITE_NAME: z.string().min(1).default('Catalyst'),
  /** ffmpeg and ffprobe: a path, else the system's on PATH, else the binaries of the npm installer packages. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
});
export type Config = z.infer<typeof configSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(configSchema, env);
