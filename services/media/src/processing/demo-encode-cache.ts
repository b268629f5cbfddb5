import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '@catalyst/service-kit';

const FACTS_FILE = 'facts.json';
const FILES_DIR = 'files';

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Demo lessons are the same files on every start, so their encodes are kept in `dir` (outside the data
 * folder, which a fresh start wipes) by the source's content and the ladder's version: a start after the
 * first copies the published files instead of running ffmpeg again. Only files shipped with Catalyst (an
 * asset's `source_path`) go through it; uploads are always encoded.
 *
 * `encode` writes into `work` and answers the asset's facts (JSON); a hit copies the kept files into `work` and answers
 * the kept facts. An entry is written whole into a folder of its own, then renamed into place, so a
 * worker killed meanwhile leaves no half entry that a later start would trust.
 */
export async function encodeThroughCache<Facts extends object>(
  dir: string,
  { source, ladderVersion, work, log }: { source: string; ladderVersion: number; work: string; log: Logger },
  encode: () => Promise<Facts>,
): Promise<{ facts: Facts; cached: boolean }> {
  const entry = path.join(dir, `${await sha256Of(source)}-ladder${ladderVersion}`);
  const kept = await readFile(path.join(entry, FACTS_FILE), 'utf8').then(
    (text) => JSON.parse(text) as Facts,
    () => undefined,
  );
  if (kept) {
    await cp(path.join(entry, FILES_DIR), work, { recursive: true });
    return { facts: kept, cached: true };
  }
  const facts = await encode();
  const staging = `${entry}.${randomUUID()}`;
  try {
    await mkdir(staging, { recursive: true });
    await cp(work, path.join(staging, FILES_DIR), { recursive: true });
    await writeFile(path.join(staging, FACTS_FILE), JSON.stringify(facts));
    await rename(staging, entry);
  } catch (error) {
    // Another worker kept the same encode first, or the folder cannot be written: the encode stands either way.
    await rm(staging, { recursive: true, force: true });
    log.debug({ entry, err: (error as Error).message }, 'demo encode not kept');
  }
  return { facts, cached: false };
}
