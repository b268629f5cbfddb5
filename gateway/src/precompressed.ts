// A build's files compressed once, when they are built (scripts/precompress.ts writes `main.3f9a1c07.js.br` and
// `.gz` beside `main.3f9a1c07.js`), and sent to a client that accepts the encoding: no compression stream per
// request, and brotli at its best quality, which no per-request step can afford.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { storedEncodingFor, type StoredEncoding } from './compress';

/** The files a build keeps compressed beside themselves (index.html is not one: the gateway writes it per request). */
export const PRECOMPRESSED_FILE = /\.(?:js|css|json|svg)$/i;

/** The suffix of a file's copy in an encoding. */
export const PRECOMPRESSED_SUFFIX: Record<StoredEncoding, string> = { br: '.br', gzip: '.gz' };

/** A file's name without the suffix of a compressed copy (`main.js.br` → `main.js`). */
export const originalName = (name: string) => name.replace(/\.(?:br|gz)$/, '');

/** The file `name` is a compressed copy of, when that file is among `names` (else undefined: a file of its own). */
export function copiedFile(name: string, names: ReadonlySet<string>): string | undefined {
  const original = originalName(name);
  return original !== name && names.has(original) ? original : undefined;
}

/** A copy is of its file's current bytes only if it was written after them (a file written again leaves it stale). */
export const copyIsFresh = (copy: { mtimeMs: number }, file: { mtimeMs: number }) =>
  copy.mtimeMs >= file.mtimeMs;

/**
 * The files of a folder (relative names) less the compressed copies older than their file: what may be stored
 * where nothing checks again, such as a release, whose files are served as they are for good.
 */
export async function withoutStaleCopies(dir: string, files: string[]): Promise<string[]> {
  const names = new Set(files);
  const stale = await Promise.all(
    files.map(async (name) => {
      const original = copiedFile(name, names);
      if (!original) return false;
      const [copy, file] = await Promise.all([stat(path.join(dir, name)), stat(path.join(dir, original))]);
      return !copyIsFresh(copy, file);
    }),
  );
  return files.filter((_, i) => !stale[i]);
}

/**
 * Serves a file of `root` through `serve` (express.static over `root`), as its compressed copy when the client
 * accepts the encoding and the copy is there and no older than the file (a file written again without its
 * copies, e.g. the service worker after one remote's deploy, goes out as it is, through the compression step).
 */
export function precompressedFiles(root: string, serve: RequestHandler): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    const encoding =
      (req.method === 'GET' || req.method === 'HEAD') && PRECOMPRESSED_FILE.test(req.path)
        ? storedEncodingFor(req)
        : undefined;
    if (!encoding) return serve(req, res, next);
    let file: string;
    try {
      file = path.join(base, decodeURIComponent(req.path));
    } catch {
      return serve(req, res, next);
    }
    // Outside the folder (serve-static refuses it itself).
    if (!file.startsWith(base + path.sep)) return serve(req, res, next);
    const suffix = PRECOMPRESSED_SUFFIX[encoding];
    void Promise.all([stat(file), stat(file + suffix)]).then(
      ([original, copy]) => {
        if (!original.isFile() || !copy.isFile() || !copyIsFresh(copy, original))
          return serve(req, res, next);
        const url = req.url;
        const query = url.indexOf('?');
        // The file's own type (send keeps a type already set), and the encoding the compression step then leaves alone.
        res.type(path.extname(req.path));
        res.setHeader('content-encoding', encoding);
        req.url = `${req.path}${suffix}${query < 0 ? '' : url.slice(query)}`;
        serve(req, res, (error?: unknown) => {
          req.url = url;
          res.removeHeader('content-encoding');
          res.removeHeader('content-type');
          if (error) return next(error);
          serve(req, res, next);
        });
      },
      () => serve(req, res, next),
    );
  };
}
