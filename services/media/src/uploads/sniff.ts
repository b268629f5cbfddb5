import { fileTypeFromBuffer } from 'file-type';
import type { MediaKind } from '@catalyst/contracts';

/** How many leading bytes the sniffer reads (file-type's own recommendation). */
export const SNIFF_BYTES = 4100;

const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);
const EXTENSIONS: Record<string, MediaKind> = {
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  avi: 'video',
  mpg: 'video',
  mpeg: 'video',
  ts: 'video',
  ogv: 'video',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  gif: 'image',
  avif: 'image',
  tif: 'image',
  tiff: 'image',
  pdf: 'document',
  zip: 'archive',
};

/** The kind a MIME type belongs to, or undefined for a type Catalyst does not take. */
export function kindOfMime(mime: string | undefined): MediaKind | undefined {
  if (!mime) return undefined;
  const type = mime.toLowerCase().split(';')[0]!.trim();
  if (type.startsWith('video/')) return 'video';
  if (IMAGE_TYPES.has(type)) return 'image';
  if (type === 'application/pdf') return 'document';
  if (type === 'application/zip' || type === 'application/x-zip-compressed') return 'archive';
  return undefined;
}

/** The kind a file name claims by its extension. */
export const kindOfName = (name: string): MediaKind | undefined =>
  EXTENSIONS[name.toLowerCase().split('.').pop() ?? ''];

/** What the bytes really are: their MIME type and kind, or undefined when they are nothing Catalyst takes. */
export async function sniff(head: Uint8Array): Promise<{ mime: string; kind: MediaKind } | undefined> {
  const found = await fileTypeFromBuffer(head);
  const kind = kindOfMime(found?.mime);
  return found && kind ? { mime: found.mime, kind } : undefined;
}
