import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStreamToken } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { startTestBucket, type TestBucket } from '@catalyst/service-kit/storage/testing';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { createTestContext, makeVideo } from '../test-support';
import { createS3Storage, type S3Settings } from './s3';

// The store's operations against an S3-compatible bucket (s3rver: the S3 API over HTTP on loopback),
// through the real AWS SDK: a finished upload read back, processing, publishing, ranged reads and deletes.
// (s3rver has no ListParts, which @tus/s3-store's resumable PATCHes need: those run against a real bucket.)
describe('media in an S3-compatible bucket', () => {
  let bucket: TestBucket;
  let settings: S3Settings;
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    bucket = await startTestBucket(['catalyst-media']);
    settings = bucket.settings;
    t = await createTestContext({ storage: () => createS3Storage(settings) });
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  it('is reachable (readiness), and a missing bucket is not', async () => {
    await expect(t.storage.check()).resolves.toBeUndefined();
    await expect(createS3Storage({ ...settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /media storage unavailable/,
    );
  });

  it('processes an upload kept in the bucket and streams it from there with ranges', async () => {
    const id = '0123456789abcdef01234567';
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    // A short clip: what is proven is where its files go, not the encode.
    const clip = readFileSync(makeVideo(t.dataDir, { seconds: 4, height: 360, name: 'clip.mp4' }));
    await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: id, Body: clip }));
    await t.db
      .insertInto('assets')
      .values({
        id,
        kind: 'video',
        original_name: 'clip.mp4',
        mime_type: 'video/mp4',
        size: clip.length,
        received: clip.length,
        status: 'processing',
      })
      .execute();
    expect((await t.storage.readUploadHead(id, 12)).subarray(4, 8).toString()).toBe('ftyp');

    expect(await t.process(id)).toBe('ready');
    const token = signStreamToken(id, TEST_INTERNAL_SECRET, 'anyone');
    const master = await t.request(null, 'GET', `/media/streams/${id}/master.m3u8?token=${token}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('360p/index.m3u8?token=');
    const part = await t.request(null, 'GET', `/media/streams/${id}/360p/seg_000.ts?token=${token}`, {
      headers: { range: 'bytes=0-187' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-187\/\d+$/);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.length).toBe(188);
    expect(bytes[0]).toBe(0x47);

    const deleted = await t.request(
      (await import('@catalyst/service-kit/testing')).testUsers.admin,
      'DELETE',
      `/media/assets/${id}`,
    );
    expect(deleted.status).toBe(200);
    expect((await t.request(null, 'GET', `/media/streams/${id}/master.m3u8?token=${token}`)).status).toBe(
      404,
    );
    await expect(t.storage.readUploadHead(id, 10)).rejects.toThrow();
  });

  it('keeps a document as uploaded in the bucket and downloads it from there, whole or in a range', async () => {
    const id = '0123456789abcdef0123abcd';
    const pdf = readFileSync(path.join(DEMO_MEDIA_ROOT, 'media/resources/ml-workflow-poster.pdf'));
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: id, Body: pdf }));
    await t.db
      .insertInto('assets')
      .values({
        id,
        kind: 'document',
        original_name: 'Workflow poster.pdf',
        mime_type: 'application/pdf',
        size: pdf.length,
        received: pdf.length,
        status: 'processing',
      })
      .execute();
    expect(await t.process(id)).toBe('ready');

    const token = signStreamToken(id, TEST_INTERNAL_SECRET, 'anyone');
    const whole = await t.request(null, 'GET', `/media/downloads/${id}?token=${token}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe(
      `attachment; filename="Workflow poster.pdf"; filename*=UTF-8''Workflow%20poster.pdf`,
    );
    expect(whole.headers.get('content-length')).toBe(String(pdf.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
    const part = await t.request(null, 'GET', `/media/downloads/${id}?token=${token}`, {
      headers: { range: 'bytes=10-19' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${pdf.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(10, 20))).toBe(true);
  });

  it('fails a document whose upload is not in the bucket, saying so', async () => {
    const id = '0123456789abcdef0123abce';
    await t.db
      .insertInto('assets')
      .values({
        id,
        kind: 'document',
        original_name: 'lost.pdf',
        mime_type: 'application/pdf',
        size: 10,
        received: 10,
        status: 'processing',
      })
      .execute();
    expect(await t.process(id)).toBe('failed');
    expect(
      (await t.db.selectFrom('assets').select('reason').where('id', '=', id).executeTakeFirstOrThrow())
        .reason,
    ).toBe('The uploaded file is missing from storage');
  });

  it('publishes a folder and reads, sizes and removes what it published', async () => {
    const local = mkdtempSync(path.join(os.tmpdir(), 'catalyst-s3-publish-'));
    mkdirSync(path.join(local, '720p'));
    writeFileSync(path.join(local, 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(path.join(local, '720p', 'seg_000.ts'), Buffer.alloc(1000, 7));
    await t.storage.publishDir(local, 'assets/x/run/');
    expect(await t.storage.readText('assets/x/run/master.m3u8')).toBe('#EXTM3U\n');
    expect(await t.storage.size('assets/x/run/720p/seg_000.ts')).toBe(1000);
    expect(await t.storage.readText('assets/x/run/missing.m3u8')).toBeNull();
    await t.storage.removePrefix('assets/x/');
    expect(await t.storage.size('assets/x/run/720p/seg_000.ts')).toBeNull();
    rmSync(local, { recursive: true, force: true });
  });
});
