import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { StorageUnavailableError, type ByteRange, type StoredFile } from '@catalyst/service-kit/storage';
import type { Logger } from '@catalyst/service-kit';
import { storedEncodingFor } from '../compress';
import { sendError } from '../errors';
import { PRECOMPRESSED_FILE, PRECOMPRESSED_SUFFIX } from '../precompressed';
import { VERSION_PATTERN, type ReleaseTarget } from './repository';
import type { ReleaseStore } from './store';

/** A release's files never change (its version is named by its content): cached for good. */
const RELEASE_FILE_CACHE = 'public, max-age=31536000, immutable';

const RELEASE_FILES_UNAVAILABLE = 'Release files are unavailable right now. Please try again shortly.';

/** A path inside a release, or null for one that is not (`..`, empty or hidden segments, a backslash, a NUL). */
function releasePathOf(requestPath: string): string | null {
  let file: string;
  try {
    file = decodeURIComponent(requestPath.replace(/^\/+/, ''));
  } catch {
    return null;
  }
  const segments = file.split('/');
  if (!file || /[\\\0]/.test(file) || segments.some((segment) => segment === '' || segment.startsWith('.')))
    return null;
  return file;
}

const notFound = (res: Response) => {
  res.status(404).type('text/plain').setHeader('cache-control', 'no-cache');
  res.send('Not found');
};

/**
 * GET/HEAD /mf/<remote>/<version>/<file>: a release's file from the release store (the folder on disk, or
 * streamed from the bucket), forever cached, with one byte range when asked. A whole file goes out as the
 * compressed copy the release stored beside it (`npm run release` writes them, scripts/precompress.ts) when the
 * client accepts its encoding; a release without copies goes through the compression step as before. A path
 * that is not a version goes on (the built dist in place); a version or file that is not stored is a 404.
 */
export function releaseFilesHandler(
  store: ReleaseStore,
  remote: ReleaseTarget,
  log: Logger,
): RequestHandler<{ version: string }> {
  return async (req, res, next) => {
    const version = req.params.version ?? '';
    if (!VERSION_PATTERN.test(version)) return next();
    const file = releasePathOf(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file) return notFound(res);
    try {
      let range: ByteRange | undefined;
      if (req.headers.range) {
        const size = await store.size(remote, version, file);
        if (size === null) return notFound(res);
        const ranges = req.range(size, { combine: true });
        if (ranges === -1) {
          res.status(416).setHeader('content-range', `bytes */${size}`);
          return void res.end();
        }
        // One satisfiable range is answered; several, or a malformed header, get the whole file (as express.static does).
        if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes')
          range = { start: ranges[0]!.start, end: ranges[0]!.end };
      }
      const encoding = range || !PRECOMPRESSED_FILE.test(file) ? undefined : storedEncodingFor(req);
      if (PRECOMPRESSED_FILE.test(file)) res.vary('Accept-Encoding');
      // The stored copy in the client's encoding, else the file itself (each with a validator of its own).
      const choices = encoding
        ? [
            { name: file + PRECOMPRESSED_SUFFIX[encoding], etag: `"${version}-${encoding}"`, encoding },
            { name: file, etag: `"${version}"` },
          ]
        : [{ name: file, etag: `"${version}"` }];
      const keep = (etag: string) => {
        res.setHeader('cache-control', RELEASE_FILE_CACHE);
        res.setHeader('etag', etag);
        res.setHeader('accept-ranges', 'bytes');
      };
      // The version names the content of every file in it: a copy the browser holds (as it is or in an encoding
      // this client still accepts) is this one, if it is stored.
      const held = range ? undefined : choices.find((choice) => req.headers['if-none-match'] === choice.etag);
      if (held && (await store.size(remote, version, held.name)) !== null) {
        keep(held.etag);
        res.status(304);
        return void res.end();
      }
      for (const choice of choices) {
        const stored = await store.read(remote, version, choice.name, range);
        if (!stored) continue;
        keep(choice.etag);
        return sendStored(
          res,
          stored,
          { file, range, encoding: choice.encoding, head: req.method === 'HEAD' },
          (error) =>
            log.warn(
              { err: error.message, remote, version, file: choice.name },
              'release file stream failed',
            ),
        );
      }
      notFound(res);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) return next(error);
      log.warn({ err: error.message, remote, version }, 'release files unavailable');
      sendError(res, 503, RELEASE_FILES_UNAVAILABLE);
    }
  };
}

/** A stored file's body (or part of it, or none for HEAD) with its type, length and encoding. */
function sendStored(
  res: Response,
  stored: StoredFile,
  sent: { file: string; range?: ByteRange; encoding?: string; head: boolean },
  onError: (error: Error) => void,
) {
  const { range } = sent;
  res.type(path.extname(sent.file) || 'application/octet-stream');
  // Set before the body, so the compression step leaves an encoded copy as it is.
  if (sent.encoding) res.setHeader('content-encoding', sent.encoding);
  res.setHeader('content-length', String(range ? range.end - range.start + 1 : stored.size));
  if (range) res.status(206).setHeader('content-range', `bytes ${range.start}-${range.end}/${stored.size}`);
  if (sent.head) {
    stored.stream.destroy();
    return void res.end();
  }
  stored.stream.on('error', (error) => {
    onError(error);
    res.destroy(error);
  });
  stored.stream.pipe(res);
}
