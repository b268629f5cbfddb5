import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/db', INTERNAL_SECRET: 'x'.repeat(32) };

describe('media config', () => {
  it('starts on local disk when compose passes the bucket settings empty (${MEDIA_S3_BUCKET:-} and the rest)', () => {
    const config = loadConfig({
      ...base,
      MEDIA_S3_BUCKET: '',
      MEDIA_S3_ENDPOINT: '',
      MEDIA_S3_ACCESS_KEY_ID: '',
      MEDIA_S3_SECRET_ACCESS_KEY: '',
      MEDIA_S3_REGION: 'us-east-1',
    });
    expect(config.MEDIA_S3_BUCKET).toBeUndefined();
    expect(config.MEDIA_S3_ENDPOINT).toBeUndefined();
    expect(config.PORT).toBe(4005);
  });

  it('takes a bucket when one is named', () => {
    const config = loadConfig({
      ...base,
      MEDIA_S3_BUCKET: 'catalyst-media',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(config).toMatchObject({
      MEDIA_S3_BUCKET: 'catalyst-media',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
  });
});
