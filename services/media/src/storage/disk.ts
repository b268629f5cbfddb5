import { constants } from 'node:fs';
import { access, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { createDiskObjectStore, guardStorage } from '@catalyst/service-kit/storage';
import { MEDIA_STORAGE, publishedFiles, type MediaStorage } from './storage';

/** Wraps a store failure (a missing file is not one: callers get null). */
const guarded = <T>(work: () => Promise<T>): Promise<T> => guardStorage(MEDIA_STORAGE, work);

/** Media on local disk: uploads in `<root>/uploads`, published files in `<root>/<key>`. */
export function createDiskStorage(root: string): MediaStorage {
  const files = createDiskObjectStore(root, { what: MEDIA_STORAGE });
  const uploadsDir = path.join(root, 'uploads');
  const uploadFile = (id: string) => files.fileOf(`uploads/${id}`);

  return {
    name: 'disk',
    ...publishedFiles(files),
    uploads: new FileStore({ directory: uploadsDir }),

    readUploadHead: (id, bytes) =>
      guarded(async () => {
        const handle = await open(uploadFile(id), 'r');
        try {
          const buffer = Buffer.alloc(bytes);
          const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      }),

    withLocalUpload: async (id, work) => {
      await guarded(() => access(uploadFile(id), constants.R_OK));
      return work(uploadFile(id));
    },

    uploadKey: (id) => `uploads/${id}`,

    removeUpload: (id) =>
      guarded(async () => {
        await rm(uploadFile(id), { force: true });
        await rm(`${uploadFile(id)}.json`, { force: true });
      }),

    check: async () => {
      await guarded(() => mkdir(uploadsDir, { recursive: true }));
      await files.check();
    },
  };
}
