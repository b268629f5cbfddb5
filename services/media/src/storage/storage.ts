import type { DataStore } from '@tus/server';
import type { ByteRange, ObjectStore, StoredFile } from '@catalyst/service-kit/storage';

export {
  contentTypeOf,
  listFiles,
  StorageUnavailableError,
  type ByteRange,
  type StoredFile,
} from '@catalyst/service-kit/storage';

/** How the store's failures are named (the service answers 503 with it logged). */
export const MEDIA_STORAGE = 'media storage';

/**
 * Where media bytes live: the uploads tus writes, and the files processing publishes. The published files are
 * service-kit's one object store (local disk under DATA_DIR, the default, or any S3-compatible bucket, the
 * same module the gateway keeps release files in); the uploads are media's own part, per backend.
 * A missing file is `null`; an unreachable store throws (the service answers 503, nothing half-written).
 */
export interface MediaStorage extends ObjectStore {
  /** The tus data store uploads are written to (resumable: it knows each upload's offset). */
  readonly uploads: DataStore;
  /** The first `bytes` of a finished upload, to sniff its real type. */
  readUploadHead(id: string, bytes: number): Promise<Buffer>;
  /** Runs `work` with the upload as a local file (ffmpeg needs one); a downloaded copy is removed after. */
  withLocalUpload<T>(id: string, work: (file: string) => Promise<T>): Promise<T>;
  /**
   * The key under which a finished upload's bytes stay readable with `read` and `size`: the original file
   * (documents, archives and images are downloaded as uploaded). Uploads are kept until their asset is deleted.
   */
  uploadKey(id: string): string;
  /** Removes an upload's bytes and bookkeeping (missing is fine). */
  removeUpload(id: string): Promise<void>;
}

/** Bytes served with HTTP ranges: a stored file, or a file on local disk (the demo's /media folder). */
export interface ByteSource {
  /** The whole file's size, or null when there is none. */
  size(): Promise<number | null>;
  /** The file's bytes (only the range asked for, if any), or null when there is none. */
  read(range?: ByteRange): Promise<StoredFile | null>;
}

/** A file in the store as a byte source. */
export const storedSource = (storage: MediaStorage, key: string): ByteSource => ({
  size: () => storage.size(key),
  read: (range) => storage.read(key, range),
});

/** The object store's operations media uses for published files (all but its readiness check). */
const PUBLISHED = ['publishDir', 'read', 'size', 'readText', 'list', 'remove', 'removePrefix'] as const;

/** The published-files part of a MediaStorage: the object store's operations media uses. */
export const publishedFiles = (store: ObjectStore) =>
  Object.fromEntries(PUBLISHED.map((name) => [name, store[name]])) as Pick<
    ObjectStore,
    (typeof PUBLISHED)[number]
  >;
