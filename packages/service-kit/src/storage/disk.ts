import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  guardStorage as guarded,
  listFiles,
  StorageUnavailableError,
  type ObjectStore,
} from './object-store';

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');

export interface DiskStoreOptions {
  /** How failures name the store ("media storage unavailable: …"). */
  what?: string;
}

/** Files on local disk: the file of key `k` is `<root>/k`. A key that would leave the root is refused. */
export function createDiskObjectStore(
  root: string,
  { what = 'storage' }: DiskStoreOptions = {},
): ObjectStore & { fileOf(key: string): string } {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error(`storage key outside the store: ${key}`);
    return file;
  };
  /** A regular file's size, null when there is none (a folder is not a file). */
  const sizeOf = async (key: string) => {
    try {
      const facts = await stat(fileOf(key));
      return facts.isFile() ? facts.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error, what);
    }
  };

  return {
    name: 'disk',
    fileOf,

    publishDir: (localDir, prefix, files) =>
      guarded(what, async () => {
        for (const file of files ?? (await listFiles(localDir))) {
          const target = fileOf(`${prefix}${file}`);
          await mkdir(path.dirname(target), { recursive: true });
          await copyFile(path.join(localDir, file), target);
        }
      }),

    async read(key, range) {
      const size = await sizeOf(key);
      if (size === null) return null;
      return {
        size,
        stream: createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {}),
      };
    },

    size: sizeOf,

    async readText(key) {
      try {
        return await readFile(fileOf(key), 'utf8');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException)?.code === 'EISDIR') return null;
        throw new StorageUnavailableError(error, what);
      }
    },

    list: (prefix) =>
      guarded(what, async () => {
        // The folder the prefix names (or ends inside), then only the keys that really start with the prefix.
        const dir =
          prefix.endsWith('/') || prefix === ''
            ? prefix
            : path.posix.dirname(prefix) === '.'
              ? ''
              : `${path.posix.dirname(prefix)}/`;
        let files: string[];
        try {
          files = await listFiles(dir ? fileOf(dir) : base);
        } catch (error) {
          if (isMissing(error)) return [];
          throw error;
        }
        return files.map((file) => `${dir}${file}`).filter((key) => key.startsWith(prefix));
      }),

    remove: (keys) =>
      guarded(
        what,
        async () => void (await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))),
      ),

    removePrefix: (prefix) => guarded(what, () => rm(fileOf(prefix), { recursive: true, force: true })),

    check: () =>
      guarded(what, async () => {
        await mkdir(base, { recursive: true });
        await access(base, constants.W_OK);
      }),
  };
}
