import { statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { DEMO_MEDIA_ROOT, DEMO_VIDEOS, demoAssetId, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';

/**
 * The demo lessons become video assets waiting to be processed: the worker picks them up after start
 * (their product pages play the MP4 until each stream is ready). Each is added once, by its fixed id.
 */
export async function seedDemo(db: Kysely<Database>, log: Logger) {
  const rows = DEMO_VIDEOS.flatMap((video) => {
    let size: number;
    try {
      size = statSync(path.join(DEMO_MEDIA_ROOT, video)).size;
    } catch {
      log.warn({ video }, 'demo lesson missing: no asset made of it');
      return [];
    }
    return [{ id: demoAssetId(video), kind: 'video' as const, original_name: path.basename(video), mime_type: 'video/mp4', size, received: size, status: 'processing' as const, source_path: video }];
  });
  if (rows.length === 0) return;
  const added = await db.insertInto('assets').values(rows).onConflict((oc) => oc.column('id').doNothing()).returning('id').execute();
  if (added.length > 0) log.info({ assets: added.length }, 'demo lessons queued for streaming');
}
