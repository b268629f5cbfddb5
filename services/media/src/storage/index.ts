import path from 'node:path';
import type { Config } from '../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { MediaStorage } from './storage';

export * from './storage';

/** The store the configuration names: a bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media on disk. */
export function createStorage(config: Config): MediaStorage {
  if (config.MEDIA_S3_BUCKET) {
    return createS3Storage({
      bucket: config.MEDIA_S3_BUCKET,
      region: config.MEDIA_S3_REGION,
      endpoint: config.MEDIA_S3_ENDPOINT,
      accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskStorage(path.join(config.DATA_DIR, 'media'));
}
