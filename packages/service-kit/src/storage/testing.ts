// An S3-compatible server for tests: s3rver (the S3 API over HTTP on loopback, files in a temporary folder),
// reached through the real AWS SDK. s3rver has no ListParts, which @tus/s3-store's resumable PATCHes need.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../testing/redis';
import type { S3Settings } from './s3';

export interface TestBucket {
  settings: S3Settings;
  /** The same settings as MEDIA_S3_* environment values. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A server holding the given (empty) buckets; `settings` names the first. */
export async function startTestBucket(buckets: string[] = ['catalyst-media']): Promise<TestBucket> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  const settings: S3Settings = {
    bucket: buckets[0]!,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      MEDIA_S3_BUCKET: settings.bucket,
      MEDIA_S3_REGION: settings.region,
      MEDIA_S3_ENDPOINT: settings.endpoint!,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
