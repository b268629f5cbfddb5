import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { MEDIA_MESSAGES } from '@catalyst/contracts';
import { type Logger } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import type { Database } from '../db/schema';
import type { MediaStorage } from '../storage';
import { originalOf } from '../storage/original';
import {
  extractPosterFrame,
  LADDER_VERSION,
  makeStoryboard,
  probeVideo,
  transcodeHls,
  UndecodableError,
} from './ffmpeg';
import { encodeThroughCache } from './demo-encode-cache';
import { encodePoster, processImage } from './image';
import { makeWorkDir } from './work-dirs';

export interface ProcessingDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: Logger;
  ffmpeg: string;
  ffprobe: string;
  /** Removes files a new encode replaced, once nothing can still be reading them (the worker's retire queue). */
  retire(prefix: string): Promise<void>;
  /** Where encodes of the demo lessons are kept across starts (MEDIA_DEMO_ENCODE_CACHE; unset: always encode). */
  demoEncodeCache?: string;
}

/** How often a running job says it is alive (the reaper takes back jobs silent for MEDIA_JOB_STALE_SECONDS). */
export const HEARTBEAT_MS = 2_000;

/**
 * Processes one asset, exactly once to completion however often it is started: a run claims the asset
 * with an attempt id, works in a temporary folder, publishes under `assets/<id>/<attempt>/` and marks the
 * asset ready only while its attempt is still the current one (a run whose job was taken back after it
 * stalled publishes nothing, and its files are removed). A file the tools cannot read fails the asset
 * with a reason and is not retried; anything else (storage down) throws, and the queue retries it.
 *
 * A ready video an admin asked to process again is claimed the same way but stays ready: it streams its
 * published files until the new ones are all published, the swap is one update, and the replaced files
 * are retired later. If the new encode fails, the asset keeps what it had (with the reason).
 */
export async function processAsset(
  deps: ProcessingDeps,
  assetId: string,
): Promise<'ready' | 'failed' | 'skipped'> {
  const { db, storage, log } = deps;
  const attempt = randomUUID();
  const claimed = await db
    .updateTable('assets')
    .set({ attempt, progress: 0, reason: null, heartbeat_at: new Date(), updated_at: new Date() })
    .where('id', '=', assetId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'processing'),
        eb.and([eb('status', '=', 'ready'), eb('reprocess_requested_at', 'is not', null)]),
      ]),
    )
    .returning(['id', 'kind', 'original_name', 'source_path', 'output_prefix'])
    .executeTakeFirst();
  if (!claimed) return 'skipped';

  // Every other change of the asset's course (recovery, a give-up, a retry, a new claim) clears or replaces the attempt.
  const mine = () => db.updateTable('assets').where('id', '=', assetId).where('attempt', '=', attempt);
  let lastReported = 0;
  const report = (percent: number) => {
    const now = Date.now();
    if (now - lastReported < 1_000 && percent < 100) return;
    lastReported = now;
    void mine()
      .set({
        progress: Math.max(0, Math.min(99, Math.round(percent))),
        heartbeat_at: new Date(),
        updated_at: new Date(),
      })
      .execute()
      .catch((error: Error) => log.warn({ assetId, err: error.message }, 'progress not recorded'));
  };
  const heartbeat = setInterval(() => {
    void mine()
      .set({ heartbeat_at: new Date() })
      .execute()
      .catch(() => undefined);
  }, HEARTBEAT_MS);

  const work = await makeWorkDir(assetId);
  const started = performance.now();
  try {
    const withSource = <T>(work: (file: string) => Promise<T>) =>
      claimed.source_path
        ? work(path.join(DEMO_MEDIA_ROOT, claimed.source_path))
        : storage.withLocalUpload(assetId, work);
    // An upload's poster is also kept as public image copies, so a product can show it as its thumbnail; the
    // demo videos have thumbnails of their own.
    const posterImages = !claimed.source_path;
    const encodeVideo = async (file: string) => {
      const video = await probeVideo(deps.ffprobe, file);
      report(2);
      const renditions = await transcodeHls(deps.ffmpeg, file, work, video, (done) => report(2 + done * 83));
      const frame = path.join(work, 'poster-frame.png');
      await extractPosterFrame(deps.ffmpeg, file, frame, video);
      await encodePoster(frame, path.join(work, 'poster.jpg'));
      const images = posterImages ? (await processImage(frame, work, () => undefined)).variants : [];
      await rm(frame);
      report(88);
      await makeStoryboard(deps.ffmpeg, file, work, video);
      report(95);
      return {
        duration_seconds: video.durationSeconds,
        width: video.width,
        height: video.height,
        renditions: JSON.stringify(renditions),
        has_poster: true,
        images: JSON.stringify(images),
        has_storyboard: true,
        ladder: LADDER_VERSION,
      };
    };
    const keptAsUploaded = claimed.kind === 'document' || claimed.kind === 'archive';
    if (keptAsUploaded) await requireOriginal(claimed, storage);
    const facts = keptAsUploaded
      ? {}
      : await withSource(async (file) => {
          if (claimed.kind === 'video') {
            if (!deps.demoEncodeCache || !claimed.source_path) return encodeVideo(file);
            const { facts } = await encodeThroughCache(
              deps.demoEncodeCache,
              { source: file, ladderVersion: LADDER_VERSION, work, log },
              () => encodeVideo(file),
            );
            return facts;
          }
          if (claimed.kind === 'image') {
            const image = await processImage(file, work, (done) => report(done * 95));
            return { width: image.width, height: image.height, images: JSON.stringify(image.variants) };
          }
          throw new UndecodableError(`Assets of kind ${claimed.kind ?? 'unknown'} cannot be processed`);
        });
    const prefix = `assets/${assetId}/${attempt}/`;
    await storage.publishDir(work, prefix);
    const published = await mine()
      .set({
        ...facts,
        status: 'ready',
        progress: 100,
        output_prefix: prefix,
        attempt: null,
        heartbeat_at: null,
        reprocess_requested_at: null,
        updated_at: new Date(),
      })
      .executeTakeFirst();
    if (published.numUpdatedRows === 0n) {
      // Another run took this asset over (or it was deleted): ours is not the published one.
      await storage.removePrefix(prefix);
      return 'skipped';
    }
    if (claimed.output_prefix && claimed.output_prefix !== prefix) await deps.retire(claimed.output_prefix);
    log.info({ assetId, kind: claimed.kind, ms: Math.round(performance.now() - started) }, 'asset ready');
    return 'ready';
  } catch (error) {
    if (!(error instanceof UndecodableError)) throw error;
    await markFailed(db, assetId, error.message, attempt);
    log.warn({ assetId, reason: error.message }, 'asset failed');
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Documents and archives are kept as uploaded: nothing is made of them, and their downloads serve the
 * original (`originalOf`), which must therefore be there; a missing one fails the asset with the reason.
 */
async function requireOriginal(asset: { id: string; source_path: string | null }, storage: MediaStorage) {
  const original = originalOf(asset, storage);
  if (!original || (await original.size()) === null)
    throw new UndecodableError(
      asset.source_path
        ? `The file ${asset.source_path} is missing`
        : 'The uploaded file is missing from storage',
    );
}

/**
 * The asset gives up (a file the tools cannot read, or its job's last retry): the admin sees why and can
 * retry it. A ready video processed again stays ready with what it had; only the new encode is given up.
 * With `attempt`, only while that run is still the asset's.
 */
export async function markFailed(db: Kysely<Database>, assetId: string, reason: string, attempt?: string) {
  const ended = { attempt: null, heartbeat_at: null, updated_at: new Date() };
  const update = () => {
    const query = db.updateTable('assets').where('id', '=', assetId);
    return attempt ? query.where('attempt', '=', attempt) : query;
  };
  await update()
    .set({ ...ended, status: 'failed', reason })
    .where('status', '=', 'processing')
    .execute();
  await update()
    .set({ ...ended, reprocess_requested_at: null, reason: `${MEDIA_MESSAGES.reprocessFailed} ${reason}` })
    .where('status', '=', 'ready')
    .where('reprocess_requested_at', 'is not', null)
    .execute();
}
