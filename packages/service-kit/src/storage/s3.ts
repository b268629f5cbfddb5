import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  contentTypeOf,
  guardStorage as guarded,
  listFiles,
  StorageUnavailableError,
  type ObjectStore,
} from './object-store';

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
  return (
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404
  );
};

/** The AWS SDK client settings for a bucket (also what @tus/s3-store is given). */
export function s3ClientConfigOf(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the API requires them: many S3-compatible stores do not take the SDK's
    // aws-chunked bodies with trailing checksums (they would store the framing as the object's bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}

export interface S3StoreOptions {
  /** How failures name the store ("media storage unavailable: …"). */
  what?: string;
}

/** Files in any S3-compatible bucket, at their keys. Reads ask for byte ranges, never more of an object than asked. */
export function createS3ObjectStore(
  settings: S3Settings,
  { what = 'storage' }: S3StoreOptions = {},
): ObjectStore {
  const client = new S3Client(s3ClientConfigOf(settings));
  const Bucket = settings.bucket;

  const getObject = async (Key: string, range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: range } : {}) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error, what);
    }
  };

  const list = (Prefix: string) =>
    guarded(what, async () => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    });

  const remove = (keys: string[]) =>
    guarded(what, async () => {
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    });

  return {
    name: 's3',

    publishDir: (localDir, prefix, files) =>
      guarded(what, async () => {
        for (const file of files ?? (await listFiles(localDir))) {
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
      const size = object.ContentRange
        ? Number(object.ContentRange.split('/')[1])
        : Number(object.ContentLength ?? 0);
      return { size, stream: object.Body as Readable };
    },

    async size(key) {
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailableError(error, what);
      }
    },

    async readText(key) {
      const object = await getObject(key);
      return object?.Body ? object.Body.transformToString('utf8') : null;
    },

    list,
    remove,
    removePrefix: async (prefix) => remove(await list(prefix)),
    check: () => guarded(what, async () => void (await client.send(new HeadBucketCommand({ Bucket })))),
  };
}
