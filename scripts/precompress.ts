// Every compressible file of a front-end build, compressed once beside itself (`main.3f9a1c07.js.br`, `.gz`) at
// the best quality (brotli 11, gzip 9): the gateway sends these copies to clients that accept them
// (gateway/src/precompressed.ts) instead of compressing each file again for every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES, type StoredEncoding } from '../gateway/src/compress';
import { copyIsFresh, PRECOMPRESSED_FILE, PRECOMPRESSED_SUFFIX } from '../gateway/src/precompressed';

const compressors: Record<StoredEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

export interface PrecompressReport {
  /** Files given copies now (the others already had copies at least as new). */
  written: number;
  bytes: number;
  brotliBytes: number;
}

/**
 * Writes the brotli and gzip copies of each compressible file of `dir` (1 KiB and more) that has none, or
 * only copies older than the file. A missing folder is nothing to do.
 */
export async function precompressBuild(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { written: 0, bytes: 0, brotliBytes: 0 };
  const files = (await filesUnder(dir)).filter((file) => PRECOMPRESSED_FILE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      if (size < COMPRESSION_THRESHOLD_BYTES) return;
      const copies = await Promise.all(
        (Object.keys(compressors) as StoredEncoding[]).map(async (encoding) => {
          const copy = await stat(file + PRECOMPRESSED_SUFFIX[encoding]).catch(() => undefined);
          return { encoding, fresh: copy !== undefined && copyIsFresh(copy, { mtimeMs }) };
        }),
      );
      const stale = copies.filter((copy) => !copy.fresh);
      if (stale.length === 0) return;
      const body = await readFile(file);
      for (const { encoding } of stale) {
        const compressed = await compressors[encoding](body);
        await writeFile(file + PRECOMPRESSED_SUFFIX[encoding], compressed);
        if (encoding === 'br') report.brotliBytes += compressed.length;
      }
      report.written += 1;
      report.bytes += body.length;
    }),
  );
  return report;
}
