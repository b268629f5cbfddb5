import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

/** A byte range of a stored file, both ends included (HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  /** The whole file's size. */
  size: number;
  /** The file's bytes (only the range asked for, if any). */
  stream: Readable;
}

/**
 * Where media bytes live: the uploads tus writes, and the files processing publishes. One small
 * interface, two implementations: local disk under DATA_DIR (the default) and any S3-compatible bucket.
 * A missing file is `null`; an unreachable store throws (the service answers 503, nothing half-written).
 */
export interface MediaStorage {
  readonly name: 'disk' | 's3';
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
  /** Copies every file of a local folder under `prefix` (`assets/<id>/<attempt>/`). */
  publishDir(localDir: string, prefix: string): Promise<void>;
  /** A published file, or null when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** A published file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** A published text file (playlists, storyboards), or null. */
  readText(key: string): Promise<string | null>;
  /** Removes every published file under a prefix. */
  removePrefix(prefix: string): Promise<void>;
  /** Throws when the store cannot be reached or written (readiness). */
  check(): Promise<void>;
}

/** Bytes served with HTTP ranges: a stored file, or a file on local disk (the demo's /media folder). */
export interface ByteSource {
  /** The whole file's size, or null when there is none. */
  size(): Promise<number | null>;
  /** The file's bytes (only the range asked for, if any), or null when there is none. */
  read(range?: ByteRange): Promise<StoredFile | null>;
}

/** A file in the store as a byte source. */
export const storedSource = (storage: MediaStorage, key: string): ByteSource => ({ size: () => storage.size(key), read: (range) => storage.read(key, range) });

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The Content-Type of a published file, by its extension (what the store records and what streams answer). */
export const contentTypeOf = (file: string): string => CONTENT_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The store's failure, as the service reports it (503): whatever the cause, the caller can only retry. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`media storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Every file under a local folder, as paths relative to it (sorted, so publishing is repeatable). */
export async function listFiles(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath.slice(dir.length).replace(/^\/+/, '')}${entry.parentPath.length > dir.length ? '/' : ''}${entry.name}`)
    .sort();
}
