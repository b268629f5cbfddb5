import { z } from 'zod';
import { objectIdSchema } from '../api';
import {
  adminMediaListSchema,
  captionsSavedSchema,
  captionsUploadSchema,
  courseCardFileSchema,
  imageFileSchema,
  mediaAssetFactsSchema,
  mediaAssetSchema,
  mediaListQuerySchema,
  streamFileSchema,
  streamRenditionSchema,
} from '../media';
import { defineRoutes } from './define';

const service = 'media';
const asset = z.object({ id: objectIdSchema });
/** tus answers in its own protocol (status, Upload-Offset, Location headers), not the JSON success shape. */
const tus = {
  service,
  // A creator uploads their own media (the studio's forms); only its uploader or an admin reaches an upload.
  access: 'creator',
  bodyKind: 'stream',
  timeout: 'upload',
  answer: 'bytes',
  response: z.null(),
} as const;
/**
 * Playlists, segments, downloads and images: bytes. Where a token is needed (all but image copies) it is the
 * `?token=` signed for one viewer, which opens only beside that viewer's media grant cookie.
 */
const file = { service, access: 'public', answer: 'bytes', response: z.unknown() } as const;
/** A file's `?token=` (the media service refuses a missing or wrong one with a 403, as it always has). */
const token = z.object({ token: z.string().optional() });

/** Resumable uploads over the tus protocol (admins and creators): each becomes an asset of its uploader. */
export const uploadRoutes = defineRoutes({
  createUpload: {
    ...tus,
    method: 'POST',
    path: '/media/uploads',
    status: 201,
    summary: 'Start a resumable upload (tus creation; Upload-Length and Upload-Metadata filename/filetype)',
  },
  uploadOffset: {
    ...tus,
    method: 'HEAD',
    path: '/media/uploads/:id',
    params: asset,
    summary: 'How much of an upload has arrived (tus Upload-Offset): where a resumed upload goes on',
  },
  appendUpload: {
    ...tus,
    method: 'PATCH',
    path: '/media/uploads/:id',
    params: asset,
    summary: 'Send the next bytes of an upload (tus; application/offset+octet-stream at Upload-Offset)',
  },
  cancelUpload: {
    ...tus,
    method: 'DELETE',
    path: '/media/uploads/:id',
    params: asset,
    summary: 'Abandon an unfinished upload (tus termination)',
  },
});

/**
 * The media library: the list with the products that use each and one asset (a creator: only the assets they
 * uploaded, another's is a 404; an admin: every one), and the admin's processing again and deleting.
 */
export const assetRoutes = defineRoutes({
  listAssets: {
    method: 'GET',
    path: '/media/assets',
    service,
    access: 'creator',
    summary: 'Every asset (a creator: their own), newest first, with the products that use it',
    query: mediaListQuerySchema,
    response: adminMediaListSchema,
  },
  getAsset: {
    method: 'GET',
    path: '/media/assets/:id',
    service,
    access: 'creator',
    summary: 'One asset (a creator: their own): its status, processing percent, facts and stream',
    params: asset,
    response: mediaAssetSchema,
  },
  retryAsset: {
    refuses: { 409: 'The asset changed meanwhile' },
    method: 'POST',
    path: '/media/assets/:id/retry',
    service,
    access: 'admin',
    status: 202,
    summary: 'Process a failed asset again',
    params: asset,
    response: mediaAssetSchema,
  },
  reprocessAsset: {
    method: 'POST',
    path: '/media/assets/:id/reprocess',
    service,
    access: 'admin',
    status: 202,
    summary:
      'Encode a ready video again with the current ladder; it keeps streaming its published files until the new ones replace them',
    params: asset,
    response: mediaAssetSchema,
  },
  reprocessOutdated: {
    method: 'POST',
    path: '/media/reprocess-outdated',
    service,
    access: 'admin',
    status: 202,
    summary:
      'Encode again every ready video an earlier ladder made (each keeps streaming until its new encode replaces it); answers how many were asked',
    response: z.object({ queued: z.number().int() }),
  },
  putCaptions: {
    // a 400 for a file that is not WebVTT or SRT names the wrong line ("Line 7: …")
    refuses: { 409: 'The asset is not a video' },
    maxBodyBytes: 3 * 1024 * 1024,
    method: 'PUT',
    path: '/media/assets/:id/captions',
    service,
    access: 'admin',
    summary:
      "Keep a video's captions (WebVTT, or SRT converted to WebVTT); they replace any before and play beside the video wherever it is a lesson",
    params: asset,
    body: captionsUploadSchema,
    response: captionsSavedSchema,
  },
  deleteAsset: {
    refuses: { 409: 'Products still use the asset (the message names them)' },
    method: 'DELETE',
    path: '/media/assets/:id',
    service,
    access: 'admin',
    summary: 'Delete an asset no product uses (409 naming the products otherwise)',
    params: asset,
    response: z.object({ id: objectIdSchema }),
  },
});

/** What processing published: a stream's playlists, segments, posters and storyboards, and image copies. */
export const streamRoutes = defineRoutes({
  streamFile: {
    ...file,
    produces: [
      'application/vnd.apple.mpegurl',
      'video/mp2t',
      'video/iso.segment',
      'video/mp4',
      'image/jpeg',
      'text/vtt',
    ],
    method: 'GET',
    path: '/media/streams/:id/:file',
    params: asset.extend({ file: streamFileSchema }),
    query: token,
    summary:
      "A stream's master playlist, poster, storyboard or captions (captions.vtt: an admin's upload; stream token in ?token=)",
  },
  renditionFile: {
    ...file,
    produces: [
      'application/vnd.apple.mpegurl',
      'video/mp2t',
      'video/iso.segment',
      'video/mp4',
      'image/jpeg',
      'text/vtt',
    ],
    method: 'GET',
    path: '/media/streams/:id/:rendition/:file',
    params: asset.extend({ rendition: streamRenditionSchema, file: streamFileSchema }),
    query: token,
    summary:
      "A rendition's playlist or segment, or a storyboard sheet (stream token in ?token=; HTTP ranges)",
  },
  imageFile: {
    ...file,
    produces: ['image/webp', 'image/avif'],
    method: 'GET',
    path: '/media/images/:id/:file',
    params: asset.extend({ file: imageFileSchema }),
    summary: "An image asset's responsive copy (WebP or AVIF at a width)",
  },
});

/** A course page's link-preview card (og:image), drawn by media from the public product (course-card.ts). */
export const cardRoutes = defineRoutes({
  courseCard: {
    ...file,
    refuses: { 404: 'No published course has this slug' },
    produces: ['image/png'],
    method: 'GET',
    path: '/media/cards/:file',
    params: z.object({ file: courseCardFileSchema }),
    // the card's version (a hash of what it shows): a new title is a new address; the current card is answered
    query: z.object({ v: z.string().max(64).optional() }),
    summary:
      "A published course's 1200×630 link-preview card (PNG: title, creator, rating, site name), drawn on first ask",
  },
});

/** A lesson resource's original file, downloaded. */
export const downloadRoutes = defineRoutes({
  download: {
    ...file,
    produces: ['application/octet-stream'],
    method: 'GET',
    path: '/media/downloads/:id',
    params: asset,
    query: token,
    summary:
      "A lesson resource's original file, as an attachment under its original name (signed, expiring token in ?token=; HTTP ranges)",
  },
});

/** Peers' calls into media (shared secret; never through the gateway). */
export const mediaInternalRoutes = defineRoutes({
  assetFacts: {
    method: 'GET',
    path: '/internal/media/assets/:id',
    service,
    access: 'internal',
    summary: "What a player needs to know of an asset (content signs the stream's token)",
    params: asset,
    response: mediaAssetFactsSchema,
  },
});
