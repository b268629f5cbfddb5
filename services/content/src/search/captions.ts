import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { CAPTIONS_MEDIA_PREFIX } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { replaceCaptions } from './search.repository';

export interface Cue {
  startSeconds: number;
  text: string;
}

const TIMING = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,]\d{1,3}\s+-->/;

/** A WebVTT file's cues: the whole second each starts at and its words (tags and settings left out). */
export function parseVtt(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const [, hours, minutes, seconds] = TIMING.exec(lines[at]!)!;
    const text = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim();
    if (text)
      cues.push({ startSeconds: Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds), text });
  }
  return cues;
}

/**
 * Keeps the words of every captions file under `<root>/media/captions` (what local videos show), so search
 * finds what is said in a lesson and the second it is said at. Returns how many files were read. Documents
 * written after this read the words; `search_rebuild()` brings earlier ones up to date.
 */
export async function loadCaptions(
  db: Kysely<Database> | Transaction<Database>,
  root: string,
): Promise<number> {
  const folder = path.join(root, CAPTIONS_MEDIA_PREFIX);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.vtt'));
  for (const name of files)
    await replaceCaptions(
      db,
      `${CAPTIONS_MEDIA_PREFIX}${name}`,
      parseVtt(await readFile(path.join(folder, name), 'utf8')),
    );
  return files.length;
}
