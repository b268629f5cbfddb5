import { z } from 'zod';
import { objectIdSchema, pageSchema, pagingQuerySchema } from './api';
import { IMAGE_FILE_EXTENSIONS } from './images';
import { CAPTIONS_LANGUAGE_TAG, CAPTIONS_MAX_CHARS } from './captions';

export * from './images';

/**
 * Media assets: what admins upload (resumable, over tus) and what the media service makes of them. An
 * asset's id is the last path segment of its upload's Location, so one id names the upload and the asset.
 */
export const MEDIA_KINDS = ['video', 'image', 'document', 'archive'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** uploading → processing (with progress) → ready | failed (with reason). */
export const MEDIA_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** The media messages with a value inside, each filled by its function below. */
export const MEDIA_TEMPLATES = {
  typeMismatch:
    'This file is not what its name says: it was named as {{claimed}} but its contents are {{found}}',
  tooLarge: 'Files can be at most {{limit}}',
  fileNameTooLong: 'The file name must be at most {{max}} characters',
} as const;
/** What an upload is, as the type mismatch's values say it (each translated with the message). */
export const MEDIA_KIND_WORDS = {
  video: 'a video',
  image: 'an image',
  document: 'a PDF document',
  archive: 'a zip archive',
} as const;
/** A successful captions save: `{{count}}` cues. */
export const CAPTIONS_SAVED_MESSAGE = {
  one: 'Captions saved: {{count}} cue',
  other: 'Captions saved: {{count}} cues',
};

/** The words the media service answers with, shared with the admin's upload field and the tests. */
export const MEDIA_MESSAGES = {
  unsupportedType: 'Only videos, images, PDF documents and zip archives can be uploaded',
  typeMismatch: (claimed: string, found: string) =>
    MEDIA_TEMPLATES.typeMismatch.replace('{{claimed}}', () => claimed).replace('{{found}}', () => found),
  tooLarge: (limit: string) => MEDIA_TEMPLATES.tooLarge.replace('{{limit}}', () => limit),
  fileNameTooLong: (max: number) => MEDIA_TEMPLATES.fileNameTooLong.replace('{{max}}', () => String(max)),
  captionsSaved: (count: number) =>
    (count === 1 ? CAPTIONS_SAVED_MESSAGE.one : CAPTIONS_SAVED_MESSAGE.other).replace('{{count}}', () =>
      String(count),
    ),
  storageUnavailable: 'Media storage is unavailable right now; nothing was saved. Try again shortly.',
  inUse: 'This asset is still used by products; remove it from them first',
  notFailed: 'Only a failed asset can be retried',
  notReprocessable: 'Only a ready video can be processed again',
  /** Before the reason a new encode of a ready video was given up. */
  reprocessFailed: 'Processing again failed; the video still plays as it was:',
  streamRefused: 'This stream link is invalid or has expired',
  notFound: 'Media asset not found',
  captionsNotVideo: 'Captions can only be added to a video',
  captionsNone: 'This video has no captions',
} as const;

export const renditionSchema = z.object({ height: z.number().int(), bandwidth: z.number().int() });
export type Rendition = z.infer<typeof renditionSchema>;

/** A product that uses an asset (the admin's usage column and the 409 of a refused delete). */
export const mediaUsageSchema = z.object({ _id: objectIdSchema, title: z.string(), slug: z.string() });
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

/** An image's responsive copies. */
export const imageVariantSchema = z.object({
  width: z.number().int(),
  format: z.enum(IMAGE_FILE_EXTENSIONS),
  url: z.string(),
});

export const mediaAssetSchema = z.object({
  id: objectIdSchema,
  kind: z.enum(MEDIA_KINDS),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Bytes received so far (equals size once uploaded). */
  received: z.number().int(),
  status: z.enum(MEDIA_STATUSES),
  /** Processing percent, 0–100 (of the new encode while a ready video is processed again). */
  progress: z.number().int(),
  /**
   * A ready video being encoded again (with the current ladder): it keeps streaming its published files
   * until the new ones replace them.
   */
  reprocessing: z.boolean(),
  /** A ready video encoded with an earlier ladder than the current one: processing it again brings it up to date. */
  outdated: z.boolean(),
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
  /** The captions an admin uploaded (WebVTT, with a stream token); null when it has none. */
  captionsUrl: z.string().nullable().optional(),
  /** Their language (BCP 47) when the upload or the file named one. */
  captionsLanguage: z.string().nullable().optional(),
  renditions: z.array(renditionSchema),
  images: z.array(imageVariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/** The admin's list row: the asset and the products that use it. */
export const adminMediaAssetSchema = mediaAssetSchema.extend({ usage: z.array(mediaUsageSchema) });
export type AdminMediaAsset = z.infer<typeof adminMediaAssetSchema>;
/** The admin's list: a page of assets, and how many videos of the whole library wait for the current ladder. */
export const adminMediaListSchema = pageSchema(adminMediaAssetSchema).extend({
  /** Ready videos an earlier ladder made and nobody has asked to process again (on any page). */
  outdated: z.number().int(),
});

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
  /** The captions an admin uploaded for the video (WebVTT, with the stream's token); none: null or absent. */
  captionsUrl: z.string().nullable().optional(),
  /** Their language (BCP 47) when the upload or the file named one; none: the player's default track language. */
  captionsLanguage: z.string().nullable().optional(),
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
  /** An admin uploaded captions for the video (served as the stream's `captions.vtt`). */
  hasCaptions: z.boolean().optional(),
  /** Their language (BCP 47) when the upload or the file named one. */
  captionsLanguage: z.string().nullable().optional(),
  /** Who uploaded it (a creator may use only their own uploads); null for seeded media. */
  uploadedBy: z.string().nullable().optional(),
});
export type MediaAssetFacts = z.infer<typeof mediaAssetFactsSchema>;

/** An admin's captions for a video: the file's text (WebVTT, or SRT converted to WebVTT) and its name. */
export const captionsUploadSchema = z.object({
  fileName: z.string().trim().max(200).optional(),
  /** The captions' language, written into the kept file's header; none: the one the file names, if any. */
  language: z
    .string()
    .trim()
    .regex(CAPTIONS_LANGUAGE_TAG, 'Language must be a language tag such as en, es or pt-BR')
    .optional(),
  text: z
    .string()
    .max(CAPTIONS_MAX_CHARS, `A captions file can be at most ${CAPTIONS_MAX_CHARS / 1_000_000} MB`),
});
export type CaptionsUpload = z.infer<typeof captionsUploadSchema>;
/** What an upload kept: how many cues, and the address to read it back (with the admin's stream token). */
export const captionsSavedSchema = z.object({
  assetId: objectIdSchema,
  cues: z.number().int(),
  captionsUrl: z.string(),
});

/** A file of a stream: the master playlist, a rendition's playlist or segment, the poster, the storyboard. */
export const streamFileSchema = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}\.(m3u8|ts|m4s|mp4|jpg|vtt)$/, 'Unknown stream file');
export const streamRenditionSchema = z.string().regex(/^\d{3,4}p$/, 'Unknown rendition');
/** A course card's file: the course's slug, then `.png`. */
export const courseCardFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,120}\.png$/, 'A course card is named <course slug>.png');
export const imageFileSchema = z
  .string()
  .regex(new RegExp(`^w\\d{2,4}\\.(${IMAGE_FILE_EXTENSIONS.join('|')})$`), 'Unknown image file');
