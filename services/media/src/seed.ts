import { statSync } from 'node:fs';
import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { type Logger } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT, DEMO_RESOURCE_FILES, DEMO_VIDEOS, demoAssetId } from '@catalyst/demo';
import type { Database } from './db/schema';
import { requestReprocess } from './assets/assets.repository';
import type { AssetsTable } from './db/tables/assets';

/**
 * The demo lessons become video assets and the demo courses' PDF resources (media/resources, made by
 * media/generate-resources.ts) document assets, all waiting to be processed: the worker picks them up after
 * start (product pages play the MP4 until each stream is ready; a document is ready as soon as its file is
 * found). Each is added once, by its fixed id, and read from its `source_path` instead of an upload. Demo
 * lessons an earlier ladder made are asked to be processed again.
 */
export async function seedDemo(db: Kysely<Database>, log: Logger) {
  const demoAsset = (file: string, kind: 'video' | 'document', mime: string): Insertable<AssetsTable>[] => {
    let size: number;
    try {
      size = statSync(path.join(DEMO_MEDIA_ROOT, file)).size;
    } catch {
      log.warn({ file }, 'demo media file missing: no asset made of it');
      return [];
    }
    return [
      {
        id: demoAssetId(file),
        kind,
        original_name: path.basename(file),
        mime_type: mime,
        size,
        received: size,
        status: 'processing',
        source_path: file,
      },
    ];
  };
  const rows = [
    ...DEMO_VIDEOS.flatMap((video) => demoAsset(video, 'video', 'video/mp4')),
    ...DEMO_RESOURCE_FILES.flatMap((file) => demoAsset(file, 'document', 'application/pdf')),
  ];
  if (rows.length === 0) return;
  const added = await db
    .insertInto('assets')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('kind')
    .execute();
  if (added.length > 0)
    log.info(
      {
        videos: added.filter((row) => row.kind === 'video').length,
        documents: added.filter((row) => row.kind === 'document').length,
      },
      'demo media queued',
    );
  // An install that made its demo lessons with an earlier ladder brings them up to date (they keep playing meanwhile).
  const outdated = await requestReprocess(db, { outdated: true, demoOnly: true });
  if (outdated.length > 0)
    log.info({ videos: outdated.length }, 'demo lessons made with an earlier ladder: processing them again');
}
