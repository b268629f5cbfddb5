import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { CaptionsError, captionsToWebVtt } from '@catalyst/contracts/captions';
import { MEDIA_MESSAGES } from '@catalyst/contracts';
import { badRequest, conflict, notFound } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { MediaStorage } from '../storage';

/** The stream file a video's uploaded captions are read as (`/media/streams/<id>/captions.vtt?token=`). */
export const CAPTIONS_FILE = 'captions.vtt';

/**
 * Keeps an admin's captions for a video: the file is read (WebVTT, or SRT converted to WebVTT) and a file
 * that cannot be is a 400 naming its wrong line ("Line 7: …"), before anything is written. The WebVTT is
 * published under a key of its own, then the row points at it, then the file it replaced is removed: a
 * failure at any step leaves the captions as they were (never half a file, never a row naming none).
 */
export async function keepCaptions(
  db: Kysely<Database>,
  storage: MediaStorage,
  assetId: string,
  text: string,
  language?: string,
): Promise<{ cues: number; language: string | null }> {
  const row = await db
    .selectFrom('assets')
    .select(['id', 'kind', 'captions_key'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  if (row.kind !== 'video') throw conflict(MEDIA_MESSAGES.captionsNotVideo);
  let read: ReturnType<typeof captionsToWebVtt>;
  try {
    read = captionsToWebVtt(text, language);
  } catch (error) {
    if (!(error instanceof CaptionsError)) throw error;
    throw badRequest(error.message, [{ field: 'text', message: error.message }]);
  }
  const prefix = `assets/${assetId}/captions/${randomUUID()}/`;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'catalyst-captions-'));
  try {
    await writeFile(path.join(dir, CAPTIONS_FILE), read.vtt, 'utf8');
    await storage.publishDir(dir, prefix, [CAPTIONS_FILE]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const updated = await db
    .updateTable('assets')
    .set({
      captions_key: `${prefix}${CAPTIONS_FILE}`,
      captions_language: read.language,
      updated_at: new Date(),
    })
    .where('id', '=', assetId)
    .returning('id')
    .executeTakeFirst()
    .catch(async (error: unknown) => {
      await storage.removePrefix(prefix);
      throw error;
    });
  if (!updated) {
    // deleted meanwhile: nothing names the file
    await storage.removePrefix(prefix);
    throw notFound(MEDIA_MESSAGES.notFound);
  }
  if (row.captions_key) await storage.removePrefix(row.captions_key.slice(0, -CAPTIONS_FILE.length));
  return { cues: read.cues.length, language: read.language };
}

/** The store key of a video's uploaded captions; 404 when it has none. */
export async function captionsKeyOf(db: Kysely<Database>, assetId: string): Promise<string> {
  const row = await db
    .selectFrom('assets')
    .select('captions_key')
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  if (!row.captions_key) throw notFound(MEDIA_MESSAGES.captionsNone);
  return row.captions_key;
}
