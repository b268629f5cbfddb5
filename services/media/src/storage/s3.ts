import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { S3Store } from '@tus/s3-store';
import { createS3ObjectStore, s3ClientConfigOf, type S3Settings } from '@catalyst/service-kit/storage';
import { makeWorkDir } from '../processing/work-dirs';
import { MEDIA_STORAGE, publishedFiles, StorageUnavailableError, type MediaStorage } from './storage';

export type { S3Settings };

/**
 * Media in any S3-compatible bucket: tus uploads as multipart objects (@tus/s3-store, 8 MiB parts) at their
 * ids, published files under their keys (service-kit's object store). Reads ask for byte ranges, never the whole object.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const files = createS3ObjectStore(settings, { what: MEDIA_STORAGE });
  // @tus/s3-store keeps an upload at its id (with `<id>.info` beside it) at the bucket's root.
  const uploadKey = (id: string) => id;
  const missingUpload = (id: string) =>
    new StorageUnavailableError(new Error(`upload ${id} has no bytes in the bucket`), MEDIA_STORAGE);

  return {
    name: 's3',
    ...publishedFiles(files),
    uploads: new S3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: { ...s3ClientConfigOf(settings), bucket: settings.bucket },
    }),

    async readUploadHead(id, bytes) {
      const head = await files.read(uploadKey(id), { start: 0, end: bytes - 1 });
      if (!head) throw missingUpload(id);
      const chunks: Buffer[] = [];
      for await (const chunk of head.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async withLocalUpload(id, work) {
      const dir = await makeWorkDir(`upload-${id}`);
      try {
        const upload = await files.read(uploadKey(id));
        if (!upload) throw missingUpload(id);
        const file = path.join(dir, 'source');
        try {
          await pipeline(upload.stream, createWriteStream(file));
        } catch (error) {
          throw new StorageUnavailableError(error, MEDIA_STORAGE);
        }
        return await work(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    uploadKey,

    removeUpload: (id) => files.remove([uploadKey(id), `${uploadKey(id)}.info`, `${uploadKey(id)}.part`]),

    check: files.check,
  };
}
