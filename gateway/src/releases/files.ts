import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { StorageUnavailableError, type ByteRange } from '@catalyst/service-kit/storage';
import type { Logger } from '@catalyst/service-kit';
import { sendError } from '../errors';
import { VERSION_PATTERN, type ReleaseTarget } from './repository';
import type { ReleaseStore } from './store';

/** A release's files never change (its version is named by its content): cached for good. */
export const RELEASE_FILE_CACHE = 'public, max-age=31536000, immutable';

export const RELEASE_FILES_UNAVAILABLE = 'Release files are unavailable right now. Please try again shortly.';

/** A path inside a release, or null for one that is not (`..`, empty or hidden segments, a backslash, a NUL). */
function releasePathOf(requestPath: string): string | null {
  let file: string;
  try {
    file = decodeURIComponent(requestPath.replace(/^\/+/, ''));
  } catch {
    return null;
  }
  const segments = file.split('/');
  if (!file || /[\\\0]/.test(file) || segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  return file;
}

const notFound = (res: Response) => {
  res.status(404).type('text/plain').setHeader('cache-control', 'no-cache');
  res.send('Not found');
};

/**
 * GET/HEAD /mf/<remote>/<version>/<file>: a release's file from the release store (the folder on disk, or
 * streamed from the bucket), forever cached, with one byte range when asked. A path that is not a version
 * goes on (the built dist in place); a version or file that is not stored is a 404.
 */
export function releaseFilesHandler(store: ReleaseStore, remote: ReleaseTarget, log: Logger): RequestHandler<{ version: string }> {
  return async (req, res, next) => {
    const version = req.params.version ?? '';
    if (!VERSION_PATTERN.test(version)) return next();
    const file = releasePathOf(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file) return notFound(res);
    const etag = `"${version}"`;
    try {
      let range: ByteRange | undefined;
      let size: number | null = null;
      if (req.headers.range) {
        size = await store.size(remote, version, file);
        if (size === null) return notFound(res);
        const ranges = req.range(size, { combine: true });
        if (ranges === -1) {
          res.status(416).setHeader('content-range', `bytes */${size}`);
          return void res.end();
        }
        // One satisfiable range is answered; several, or a malformed header, get the whole file (as express.static does).
        if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') range = { start: ranges[0]!.start, end: ranges[0]!.end };
      }
      const fresh = !range && req.headers['if-none-match'] === etag;
      const stored = fresh ? null : await store.read(remote, version, file, range);
      if (!fresh && !stored) return notFound(res);
      res.setHeader('cache-control', RELEASE_FILE_CACHE);
      res.setHeader('etag', etag);
      res.setHeader('accept-ranges', 'bytes');
      if (fresh) {
        // The version names the content of every file in it: the copy the browser holds is this one.
        if ((await store.size(remote, version, file)) === null) return notFound(res);
        res.status(304);
        return void res.end();
      }
      res.type(path.extname(file) || 'application/octet-stream');
      res.setHeader('content-length', String(range ? range.end - range.start + 1 : stored!.size));
      if (range) res.status(206).setHeader('content-range', `bytes ${range.start}-${range.end}/${stored!.size}`);
      if (req.method === 'HEAD') {
        stored!.stream.destroy();
        return void res.end();
      }
      stored!.stream.on('error', (error) => {
        log.warn({ err: error.message, remote, version, file }, 'release file stream failed');
        res.destroy(error);
      });
      stored!.stream.pipe(res);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) return next(error);
      log.warn({ err: error.message, remote, version }, 'release files unavailable');
      sendError(res, 503, RELEASE_FILES_UNAVAILABLE);
    }
  };
}
