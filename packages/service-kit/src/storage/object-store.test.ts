import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskObjectStore } from './disk';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore } from './s3';
import { startTestBucket, type TestBucket } from './testing';
import { createObjectStore } from './config';

// The one storage module, the same behaviour on both backends: local disk and an S3-compatible bucket.
let bucket: TestBucket;
let diskRoot: string;
let local: string;
beforeAll(async () => {
  bucket = await startTestBucket(['catalyst-media']);
  diskRoot = mkdtempSync(path.join(os.tmpdir(), 'catalyst-store-'));
  local = mkdtempSync(path.join(os.tmpdir(), 'catalyst-store-local-'));
  mkdirSync(path.join(local, 'assets'));
  writeFileSync(path.join(local, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(local, 'assets', 'main.0123abcd.js'), 'console.log("hello, range");');
});
afterAll(async () => {
  await bucket?.close();
  rmSync(diskRoot, { recursive: true, force: true });
  rmSync(local, { recursive: true, force: true });
});

const backends: Array<[string, () => ObjectStore]> = [
  ['local disk', () => createDiskObjectStore(diskRoot, { what: 'test storage' })],
  ['an S3-compatible bucket', () => createS3ObjectStore(bucket.settings, { what: 'test storage' })],
];

describe.each(backends)('files kept on %s', (_name, open) => {
  it('publishes a folder under a prefix and reads it back: whole, in a range, its size, as text, listed', async () => {
    const store = open();
    await store.check();
    await store.publishDir(local, 'releases/catalog/v1-0123456789/');
    expect(await store.readText('releases/catalog/v1-0123456789/index.html')).toBe('<!doctype html>');
    expect(await store.size('releases/catalog/v1-0123456789/assets/main.0123abcd.js')).toBe(28);
    const part = await store.read('releases/catalog/v1-0123456789/assets/main.0123abcd.js', {
      start: 13,
      end: 17,
    });
    expect(part!.size).toBe(28);
    expect(await text(part!.stream)).toBe('hello');
    expect(await store.list('releases/catalog/v1-')).toEqual([
      'releases/catalog/v1-0123456789/assets/main.0123abcd.js',
      'releases/catalog/v1-0123456789/index.html',
    ]);
    expect(await store.list('releases/nothing/')).toEqual([]);
  });

  it('answers null for what is not there (a missing key, a folder), never an error', async () => {
    const store = open();
    expect(await store.read('releases/catalog/v9-9999999999/index.html')).toBeNull();
    expect(await store.size('releases/catalog/v9-9999999999/index.html')).toBeNull();
    expect(await store.readText('releases/catalog/v9-9999999999/index.html')).toBeNull();
    expect(await store.size('releases/catalog')).toBeNull();
  });

  it('publishes only the files asked for, in their order', async () => {
    const store = open();
    await store.publishDir(local, 'only/', ['index.html']);
    expect(await store.list('only/')).toEqual(['only/index.html']);
  });

  it('removes keys and prefixes', async () => {
    const store = open();
    await store.publishDir(local, 'gone/');
    await store.remove(['gone/index.html', 'gone/never-there.txt']);
    expect(await store.list('gone/')).toEqual(['gone/assets/main.0123abcd.js']);
    await store.removePrefix('gone/');
    expect(await store.list('gone/')).toEqual([]);
  });
});

describe('the storage settings', () => {
  it('name the bucket when MEDIA_S3_BUCKET is set, else the folder', () => {
    expect(
      createObjectStore({ MEDIA_S3_REGION: 'us-east-1', MEDIA_S3_FORCE_PATH_STYLE: true }, { diskRoot }).name,
    ).toBe('disk');
    expect(
      createObjectStore(
        {
          ...bucket.settings,
          MEDIA_S3_BUCKET: 'catalyst-media',
          MEDIA_S3_REGION: 'us-east-1',
          MEDIA_S3_FORCE_PATH_STYLE: true,
        },
        { diskRoot },
      ).name,
    ).toBe('s3');
  });

  it('report an unreachable store as unavailable, naming it', async () => {
    await expect(
      createS3ObjectStore(
        { ...bucket.settings, bucket: 'no-such-bucket' },
        { what: 'release storage' },
      ).check(),
    ).rejects.toThrow(/^release storage unavailable/);
    await expect(
      createDiskObjectStore(path.join(local, 'index.html', 'below-a-file')).check(),
    ).rejects.toThrow(/^storage unavailable/);
  });

  it('refuses a disk key that would leave its folder', async () => {
    await expect(createDiskObjectStore(diskRoot).readText('../outside.txt')).rejects.toThrow(
      /outside the store/,
    );
  });
});
