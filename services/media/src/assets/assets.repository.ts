import type { ExpressionBuilder, Kysely, Selectable, WhereInterface } from 'kysely';
import {
  IMAGE_FILE_EXTENSIONS,
  imageFileUrl,
  streamRoutes,
  routeUrl,
  type MediaAsset,
  type MediaAssetFacts,
  type MediaKind,
  type MediaStatus,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { CAPTIONS_FILE } from '../captions/captions';
import type { AssetsTable } from '../db/tables/assets';
import { FIRST_LADDER, LADDER_VERSION } from '../processing/ffmpeg';

export type AssetRow = Selectable<AssetsTable>;

/** Made with an earlier ladder (none recorded: the first), for the list and, below, for the updates. */
const isOutdated = (ladder: number | null) => (ladder ?? FIRST_LADDER) < LADDER_VERSION;
const outdatedLadder = (eb: ExpressionBuilder<Database, 'assets'>) =>
  eb(eb.fn.coalesce('ladder', eb.lit(FIRST_LADDER)), '<', LADDER_VERSION);

export const findAsset = (db: Kysely<Database>, id: string) =>
  db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();

export async function listAssets(
  db: Kysely<Database>,
  {
    page,
    limit,
    status,
    kind,
    uploadedBy,
  }: { page: number; limit: number; status?: MediaStatus; kind?: MediaKind; uploadedBy?: string },
) {
  let query = db.selectFrom('assets');
  // A creator's library: the assets they uploaded.
  if (uploadedBy) query = query.where('created_by', '=', uploadedBy);
  if (status) query = query.where('status', '=', status);
  if (kind) query = query.where('kind', '=', kind);
  const [rows, count, outdated] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    reprocessable(db.selectFrom('assets'))
      .where(outdatedLadder)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total), outdated: Number(outdated.total) };
}

/** Ready videos nobody has asked to process again yet. */
const reprocessable = <Q extends WhereInterface<Database, 'assets'>>(query: Q) =>
  query
    .where('status', '=', 'ready')
    .where('kind', '=', 'video')
    .where('reprocess_requested_at', 'is', null) as Q;

/**
 * Asks for ready videos to be processed again: one (`id`), or every one an earlier ladder made (`outdated`;
 * with `demoOnly`, the demo lessons among them). One already asked is left as it is. Answers the rows asked
 * (as they are now); the worker's recovery queues any it finds without a job.
 */
export async function requestReprocess(
  db: Kysely<Database>,
  which: { id: string } | { outdated: true; demoOnly?: boolean },
): Promise<AssetRow[]> {
  let query = reprocessable(
    db
      .updateTable('assets')
      .set({ reprocess_requested_at: new Date(), progress: 0, reason: null, updated_at: new Date() }),
  );
  if ('id' in which) query = query.where('id', '=', which.id);
  else query = query.where(outdatedLadder);
  if ('demoOnly' in which && which.demoOnly) query = query.where('source_path', 'is not', null);
  return query.returningAll().execute();
}

/** An asset as the admin sees it: a stream token (when given) makes its playlists, poster and storyboard open. */
export function toAsset(row: AssetRow, token: string | null): MediaAsset {
  const ready = row.status === 'ready';
  const reprocessing = ready && row.reprocess_requested_at !== null;
  const file = (name: string) =>
    ready && token
      ? routeUrl(streamRoutes.streamFile, { params: { id: row.id, file: name }, query: { token } })
      : null;
  return {
    id: row.id,
    kind: row.kind ?? 'video',
    originalName: row.original_name,
    mimeType: row.mime_type,
    size: Number(row.size),
    received: row.status === 'uploading' ? Number(row.received) : Number(row.size),
    status: row.status,
    progress: ready && !reprocessing ? 100 : row.progress,
    reprocessing,
    outdated: ready && row.kind === 'video' && isOutdated(row.ladder),
    reason: row.reason,
    durationSeconds: row.duration_seconds,
    width: row.width,
    height: row.height,
    posterUrl: row.has_poster ? file('poster.jpg') : ready && row.kind === 'image' ? imageUrl(row) : null,
    streamUrl: row.kind === 'video' ? file('master.m3u8') : null,
    storyboardUrl: row.has_storyboard ? file('storyboard.vtt') : null,
    captionsUrl: row.captions_key && token ? captionsFileUrl(row.id, token) : null,
    captionsLanguage: row.captions_key ? row.captions_language : null,
    renditions: ready ? row.renditions : [],
    images: ready ? row.images.map((image) => ({ ...image, url: imageFileUrl(row.id, image) })) : [],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** An image's poster: its smallest WebP copy. */
const imageUrl = (row: AssetRow) => {
  const smallest = row.images
    .filter((image) => image.format === IMAGE_FILE_EXTENSIONS[0])
    .sort((a, b) => a.width - b.width)[0];
  return smallest ? imageFileUrl(row.id, smallest) : null;
};

export const toFacts = (row: AssetRow): MediaAssetFacts => ({
  id: row.id,
  kind: row.kind ?? 'video',
  status: row.status,
  originalName: row.original_name,
  mimeType: row.mime_type,
  size: Number(row.size),
  durationSeconds: row.duration_seconds,
  renditions: row.status === 'ready' ? row.renditions : [],
  hasPoster: row.has_poster,
  hasStoryboard: row.has_storyboard,
  hasCaptions: row.captions_key !== null,
  captionsLanguage: row.captions_key ? row.captions_language : null,
  uploadedBy: row.created_by,
});

/** A video's uploaded captions, read with a stream token (whatever the asset's status). */
export const captionsFileUrl = (id: string, token: string) =>
  routeUrl(streamRoutes.streamFile, { params: { id, file: CAPTIONS_FILE }, query: { token } });
