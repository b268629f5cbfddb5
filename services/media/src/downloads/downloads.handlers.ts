import { MEDIA_MESSAGES, type MediaKind, type downloadRoutes } from '@catalyst/contracts';
import { notFound, type RouteHandlers } from '@catalyst/service-kit';
import { findAsset } from '../assets/assets.repository';
import type { Deps } from '../deps';
import { originalOf } from '../storage/original';
import { requireStreamToken, serveBytes } from '../streams/streams';
import { attachmentDisposition } from './content-disposition';

type Handlers = RouteHandlers<typeof downloadRoutes>;

/** What a lesson resource may be: files kept as uploaded (videos are streamed, never downloaded). */
const DOWNLOADABLE: ReadonlySet<MediaKind> = new Set(['document', 'archive', 'image']);

/** The original's bytes stay the same for the asset's life: the viewer's own cache may keep them a while. */
const CACHE_CONTROL = 'private, max-age=3600';

/** A stored type that is a plain `type/subtype`, else bytes of no particular type. */
const contentTypeOf = (mime: string) =>
  /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/i.test(mime) ? mime : 'application/octet-stream';

/**
 * A lesson resource's download: the original file as uploaded, as an attachment under its original name,
 * for a caller holding a stream token signed for exactly this asset (content signs one with each lesson
 * answer for a viewer who may open the lesson). HTTP ranges, so a cut download resumes.
 */
export function createDownloadHandlers({
  db,
  storage,
  config,
}: Pick<Deps, 'db' | 'storage' | 'config'>): Handlers {
  return {
    async download({ params: { id } }, c) {
      requireStreamToken(c, id, config.INTERNAL_SECRET);
      const row = await findAsset(db, id);
      if (!row || row.status !== 'ready' || !row.kind || !DOWNLOADABLE.has(row.kind))
        throw notFound(MEDIA_MESSAGES.notFound);
      const original = originalOf(row, storage);
      if (!original) throw notFound(MEDIA_MESSAGES.notFound);
      return serveBytes(c, original, {
        'content-type': contentTypeOf(row.mime_type),
        'content-disposition': attachmentDisposition(row.original_name),
        'cache-control': CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      });
    },
  };
}
