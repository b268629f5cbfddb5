import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { listFiles, StorageUnavailableError, type MediaStorage } from './storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Wraps a store failure (a missing file is not one: callers get null). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error;
    throw new StorageUnavailableError(error);
  }
}

/** Media on local disk: uploads in `<root>/uploads`, published files in `<root>/<key>`. */
export function createDiskStorage(root: string): MediaStorage {
  const uploadsDir = path.join(root, 'uploads');
  const within = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`storage key outside the store: ${key}`);
    return file;
  };
  const uploadFile = (id: string) => within(`uploads/${id}`);

  return {
    name: 'disk',
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

    publishDir: (localDir, prefix) =>
      guarded(async () => {
        for (const file of await listFiles(localDir)) {
          const target = within(`${prefix}${file}`);
          await mkdir(path.dirname(target), { recursive: true });
          await copyFile(path.join(localDir, file), target);
        }
      }),

    async read(key, range) {
      const file = within(key);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailableError(error);
      }
      return { size, stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}) };
    },

    async size(key) {
      try {
        return (await stat(within(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailableError(error);
      }
    },

    async readText(key) {
      try {
        return await readFile(within(key), 'utf8');
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailableError(error);
      }
    },

    removePrefix: (prefix) => guarded(() => rm(within(prefix), { recursive: true, force: true })),

    check: () =>
      guarded(async () => {
        await mkdir(uploadsDir, { recursive: true });
        await access(root, constants.W_OK);
      }),
  };
}
