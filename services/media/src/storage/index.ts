import path from 'node:path';
import { s3SettingsOf } from '@catalyst/service-kit/storage';
import type { Config } from '../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { MediaStorage } from './storage';

export * from './storage';

/** The store the configuration names: a bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media on disk. */
export function createStorage(config: Config): MediaStorage {
  const s3 = s3SettingsOf(config);
  return s3 ? createS3Storage(s3) : createDiskStorage(path.join(config.DATA_DIR, 'media'));
}
