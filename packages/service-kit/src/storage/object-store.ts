import type { Readable } from 'node:stream';

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
 * Where published files live, by key (`assets/<id>/<attempt>/…`, `releases/<remote>/<version>/…`): a folder
 * on local disk (the default) or any S3-compatible bucket, one interface. Media's store and the gateway's
 * release files are both built on it. A missing file is `null`; an unreachable store throws a
 * StorageUnavailableError (callers answer 503, nothing half-written).
 */
export interface ObjectStore {
  readonly name: 'disk' | 's3';
  /**
   * Copies files of a local folder under `prefix`: every file, or the given ones (paths relative to the
   * folder), in that order (a reader that waits for the last one never sees a partial set).
   */
  publishDir(localDir: string, prefix: string, files?: string[]): Promise<void>;
  /** A stored file, or null when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** A stored file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** A stored text file, or null. */
  readText(key: string): Promise<string | null>;
  /** Every key under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Removes the given keys (missing ones are fine). */
  remove(keys: string[]): Promise<void>;
  /** Removes every file under a prefix. */
  removePrefix(prefix: string): Promise<void>;
  /** Throws when the store cannot be reached or written (readiness). */
  check(): Promise<void>;
}

/** The store's failure, as a service reports it (503): whatever the cause, the caller can only retry. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown, what = 'storage') {
    super(`${what} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** Runs store work, any failure reported as the store's (a missing file is not one: callers answer null for it). */
export async function guardStorage<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error, what);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  vtt: 'text/vtt; charset=utf-8',
  webp: 'image/webp',
  avif: 'image/avif',
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
};

/** The Content-Type of a stored file, by its extension (what a bucket records and what is served). */
export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Every file under a local folder, as paths relative to it (sorted, so publishing is repeatable). */
export async function listFiles(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `${entry.parentPath.slice(dir.length).replace(/^\/+/, '')}${entry.parentPath.length > dir.length ? '/' : ''}${entry.name}`,
    )
    .sort();
}
