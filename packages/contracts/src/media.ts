import { z } from 'zod';
import { objectIdSchema, pagingQuerySchema } from './api';

/**
 * Media assets: what admins upload (resumable, over tus) and what the media service makes of them. An
 * asset's id is the last path segment of its upload's Location, so one id names the upload and the asset.
 */
export const MEDIA_KINDS = ['video', 'image', 'document', 'archive'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** uploading → processing (with progress) → ready | failed (with reason). */
export const MEDIA_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** The words the media service answers with, shared with the admin's upload field and the tests. */
export const MEDIA_MESSAGES = {
  unsupportedType: 'Only videos, images, PDF documents and zip archives can be uploaded',
  typeMismatch: (claimed: string, found: string) => `This file is not what its name says: it was named as ${claimed} but its contents are ${found}`,
  tooLarge: (limit: string) => `Files can be at most ${limit}`,
  storageUnavailable: 'Media storage is unavailable right now; nothing was saved. Try again shortly.',
  inUse: 'This asset is still used by products; remove it from them first',
  notFailed: 'Only a failed asset can be retried',
  streamRefused: 'This stream link is invalid or has expired',
  notFound: 'Media asset not found',
} as const;

export const renditionSchema = z.object({ height: z.number().int(), bandwidth: z.number().int() });
export type Rendition = z.infer<typeof renditionSchema>;

/** A product that uses an asset (the admin's usage column and the 409 of a refused delete). */
export const mediaUsageSchema = z.object({ _id: objectIdSchema, title: z.string(), slug: z.string() });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

/** The formats of an image asset's copies, preferred first. */
export const IMAGE_FILE_EXTENSIONS = ['webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FILE_EXTENSIONS)[number];

/** An image's responsive copies. */
export const imageVariantSchema = z.object({ width: z.number().int(), format: z.enum(IMAGE_FILE_EXTENSIONS), url: z.string() });

export const mediaAssetSchema = z.object({
  id: objectIdSchema,
  kind: z.enum(MEDIA_KINDS),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Bytes received so far (equals size once uploaded). */
  received: z.number().int(),
  status: z.enum(MEDIA_STATUSES),
  /** Processing percent, 0–100. */
  progress: z.number().int(),
  /** Why processing failed, in words an admin can act on. */
  reason: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  posterUrl: z.string().nullable(),
  /** The HLS master playlist (with a stream token). */
  streamUrl: z.string().nullable(),
  /** The WebVTT storyboard of seek thumbnails (with a stream token). */
  storyboardUrl: z.string().nullable(),
  renditions: z.array(renditionSchema),
  images: z.array(imageVariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/** The admin's list row: the asset and the products that use it. */
export const adminMediaAssetSchema = mediaAssetSchema.extend({ usage: z.array(mediaUsageSchema) });
export type AdminMediaAsset = z.infer<typeof adminMediaAssetSchema>;

export const mediaListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(MEDIA_STATUSES).optional(),
  kind: z.enum(MEDIA_KINDS).optional(),
});

/** What a player needs of a ready video asset (inside a product page's answer). */
export const productStreamSchema = z.object({
  assetId: objectIdSchema,
  url: z.string(),
  posterUrl: z.string().nullable(),
  storyboardUrl: z.string().nullable(),
  renditions: z.array(renditionSchema),
  durationSeconds: z.number().nullable(),
});
export type ProductStream = z.infer<typeof productStreamSchema>;

/** The facts of an asset content asks for (over the internal route), without any token. */
export const mediaAssetFactsSchema = z.object({
  id: objectIdSchema,
  kind: z.enum(MEDIA_KINDS),
  status: z.enum(MEDIA_STATUSES),
  /** The uploaded file's name, type and size (a lesson resource's download is named after it). */
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  durationSeconds: z.number().nullable(),
  renditions: z.array(renditionSchema),
  hasPoster: z.boolean(),
  hasStoryboard: z.boolean(),
});
export type MediaAssetFacts = z.infer<typeof mediaAssetFactsSchema>;

/** A file of a stream: the master playlist, a rendition's playlist or segment, the poster, the storyboard. */
export const streamFileSchema = z.string().regex(/^[a-z0-9_-]{1,40}\.(m3u8|ts|m4s|mp4|jpg|vtt)$/, 'Unknown stream file');
export const streamRenditionSchema = z.string().regex(/^\d{3,4}p$/, 'Unknown rendition');
export const imageFileSchema = z.string().regex(new RegExp(`^w\\d{2,4}\\.(${IMAGE_FILE_EXTENSIONS.join('|')})$`), 'Unknown image file');

/** Where browsers fetch an asset's stream files (through the gateway). */
export const MEDIA_STREAMS_PATH = '/api/v1/media/streams';
/** Where browsers download a lesson resource's original file. */
export const MEDIA_DOWNLOADS_PATH = '/api/v1/media/downloads';

/** The signed, expiring download address of a resource's file (served as an attachment under its original name). */
export const downloadFileUrl = (assetId: string, token: string) => `${MEDIA_DOWNLOADS_PATH}/${assetId}?token=${encodeURIComponent(token)}`;

/** Where browsers fetch an image asset's responsive copies. */
export const MEDIA_IMAGES_PATH = '/api/v1/media/images';

/** The address of one file of an asset's stream, carrying its token. */
export const streamFileUrl = (assetId: string, file: string, token: string) => `${MEDIA_STREAMS_PATH}/${assetId}/${file}?token=${encodeURIComponent(token)}`;

/** Where browsers fetch one responsive copy of an image asset. */
export const imageFileUrl = (assetId: string, image: { width: number; format: ImageFormat }) => `${MEDIA_IMAGES_PATH}/${assetId}/w${image.width}.${image.format}`;

/** The widths of an uploaded image's copies (the media service writes each one up to the source's own width). */
export const IMAGE_WIDTHS = [320, 640, 1280, 1920] as const;

/** The demo thumbnails (media/thumbnails): `<slug>.jpg` is 640 px wide and `<slug>.w320.jpg` is its 320 px copy. */
export const DEMO_THUMBNAILS_PATH = '/media/thumbnails';
export const DEMO_THUMBNAIL_WIDTH = 640;
export const DEMO_THUMBNAIL_COPY_WIDTHS = [320] as const;
export const demoThumbnailUrl = (slug: string, width: number = DEMO_THUMBNAIL_WIDTH) =>
  width === DEMO_THUMBNAIL_WIDTH ? `${DEMO_THUMBNAILS_PATH}/${slug}.jpg` : `${DEMO_THUMBNAILS_PATH}/${slug}.w${width}.jpg`;

const DEMO_THUMBNAIL = new RegExp(`^${DEMO_THUMBNAILS_PATH}/([a-z0-9-]+)\\.jpg$`);
const IMAGE_COPY = new RegExp(`^${MEDIA_IMAGES_PATH}/([0-9a-f]{24})/w(\\d{2,4})\\.(${IMAGE_FILE_EXTENSIONS.join('|')})$`);

/**
 * The `srcset` of a thumbnail the platform made, so a browser showing it small fetches a smaller copy: a demo
 * thumbnail and its 320 px copy, or an uploaded image's copy and every smaller one the media service wrote
 * beside it (each width below the named one, as processImage writes them). Undefined for any other address
 * (an admin may name any image): that one is shown as it is.
 */
export function thumbnailSrcSet(url: string): string | undefined {
  const demo = DEMO_THUMBNAIL.exec(url);
  if (demo) return [...DEMO_THUMBNAIL_COPY_WIDTHS, DEMO_THUMBNAIL_WIDTH].map((width) => `${demoThumbnailUrl(demo[1]!, width)} ${width}w`).join(', ');
  const copy = IMAGE_COPY.exec(url);
  if (!copy) return undefined;
  const [, assetId, named, format] = copy as unknown as [string, string, string, ImageFormat];
  const width = Number(named);
  return [...IMAGE_WIDTHS.filter((w) => w < width), width].map((w) => `${imageFileUrl(assetId, { width: w, format })} ${w}w`).join(', ');
}
