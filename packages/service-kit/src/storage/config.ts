import { z } from 'zod';
import { createDiskObjectStore } from './disk';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore, type S3Settings } from './s3';

/**
 * The storage settings, one set for every process that keeps files (media and its worker, the gateway's
 * release files, the release command): unset, local disk; MEDIA_S3_BUCKET set, that S3-compatible bucket.
 */
export const storageConfigShape = {
  /** Any S3-compatible bucket: set the bucket (and, off AWS, the endpoint) to store files there instead of on disk. */
  MEDIA_S3_BUCKET: z.string().min(1).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ENDPOINT: z.string().url('MEDIA_S3_ENDPOINT must be a URL').optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
};

export const storageConfigSchema = z.object(storageConfigShape);
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/** The bucket the settings name, or null for local disk. */
export function s3SettingsOf(config: StorageConfig): S3Settings | null {
  if (!config.MEDIA_S3_BUCKET) return null;
  return {
    bucket: config.MEDIA_S3_BUCKET,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
  };
}

/** The store the settings name: the bucket when MEDIA_S3_BUCKET is set, else the folder `diskRoot`. */
export function createObjectStore(
  config: StorageConfig,
  { diskRoot, what }: { diskRoot: string; what?: string },
): ObjectStore {
  const s3 = s3SettingsOf(config);
  return s3 ? createS3ObjectStore(s3, { what }) : createDiskObjectStore(diskRoot, { what });
}
