import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { contentTypeOf, listFiles, StorageUnavailableError, type MediaStorage } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;
};

/**
 * Media in any S3-compatible bucket: tus uploads as multipart objects (@tus/s3-store, 8 MiB parts) at their
 * ids, published files under their keys. Reads ask for byte ranges, never the whole object.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const clientConfig: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the API requires them: many S3-compatible stores do not take the SDK's
    // aws-chunked bodies with trailing checksums (they would store the framing as the object's bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
  };
  const client = new S3Client(clientConfig);
  const Bucket = settings.bucket;
  // @tus/s3-store keeps an upload at its id (with `<id>.info` beside it) at the bucket's root.
  const uploadKey = (id: string) => id;

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
    }
  };

  const getObject = async (Key: string, range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: range } : {}) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error);
    }
  };

  const keysUnder = async (Prefix: string) => {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  };

  const removeKeys = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += 1000) {
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
    }
  };

  return {
    name: 's3',
    uploads: new S3Store({ partSize: 8 * 1024 * 1024, s3ClientConfig: { ...clientConfig, bucket: Bucket } }),

    async readUploadHead(id, bytes) {
      const object = await getObject(uploadKey(id), `bytes=0-${bytes - 1}`);
      if (!object?.Body) throw new StorageUnavailableError(new Error(`upload ${id} has no bytes in the bucket`));
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async withLocalUpload(id, work) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'catalyst-media-'));
      try {
        const object = await getObject(uploadKey(id));
        if (!object?.Body) throw new StorageUnavailableError(new Error(`upload ${id} has no bytes in the bucket`));
        const file = path.join(dir, 'source');
        await guarded(() => pipeline(object.Body as Readable, createWriteStream(file)));
        return await work(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    uploadKey,

    removeUpload: (id) => guarded(() => removeKeys([uploadKey(id), `${uploadKey(id)}.info`, `${uploadKey(id)}.part`])),

    publishDir: (localDir, prefix) =>
      guarded(async () => {
        for (const file of await listFiles(localDir)) {
          const local = path.join(localDir, file);
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: `${prefix}${file}`,
              Body: createReadStream(local),
              ContentLength: (await stat(local)).size,
              ContentType: contentTypeOf(file),
            }),
          );
        }
      }),

    async read(key, range) {
      const object = await getObject(key, range ? `bytes=${range.start}-${range.end}` : undefined);
      if (!object?.Body) return null;
      // A ranged answer names the whole size after the slash of Content-Range.
      const size = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : Number(object.ContentLength ?? 0);
      return { size, stream: object.Body as Readable };
    },

    async size(key) {
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailableError(error);
      }
    },

    async readText(key) {
      const object = await getObject(key);
      return object?.Body ? object.Body.transformToString('utf8') : null;
    },

    removePrefix: (prefix) => guarded(async () => removeKeys(await keysUnder(prefix))),

    check: () => guarded(async () => void (await client.send(new HeadBucketCommand({ Bucket })))),
  };
}
