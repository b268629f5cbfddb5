// Image addresses without zod: web-kit's Thumbnail (in the shell's shared code, on every page) reads them
// through '@catalyst/contracts/images', so no page downloads the schema library for a srcset.
import { API_PREFIX, apiUrl } from './api-path';
import { ROUTE_PATHS } from './routes/paths.generated';

/** The formats of an image asset's copies, preferred first. */
export const IMAGE_FILE_EXTENSIONS = ['webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FILE_EXTENSIONS)[number];

/** Where browsers fetch one responsive copy of an image asset (GET /media/images/:id/:file). */
export const imageFileUrl = (assetId: string, image: { width: number; format: ImageFormat }) =>
  apiUrl(ROUTE_PATHS.stream.imageFile, { params: { id: assetId, file: `w${image.width}.${image.format}` } });

/** The widths of an uploaded image's copies (the media service writes each one up to the source's own width). */
export const IMAGE_WIDTHS = [320, 640, 1280, 1920] as const;

/** The demo thumbnails (media/thumbnails): `<slug>.jpg` is 640 px wide and `<slug>.w320.jpg` is its 320 px copy. */
export const DEMO_THUMBNAILS_PATH = '/media/thumbnails';
export const DEMO_THUMBNAIL_WIDTH = 640;
export const DEMO_THUMBNAIL_COPY_WIDTHS = [320] as const;
export const demoThumbnailUrl = (slug: string, width: number = DEMO_THUMBNAIL_WIDTH) =>
  width === DEMO_THUMBNAIL_WIDTH
    ? `${DEMO_THUMBNAILS_PATH}/${slug}.jpg`
    : `${DEMO_THUMBNAILS_PATH}/${slug}.w${width}.jpg`;

const DEMO_THUMBNAIL = new RegExp(`^${DEMO_THUMBNAILS_PATH}/([a-z0-9-]+)\\.jpg$`);
/** An image copy's address: the declared path, its `:id` an asset id and its `:file` a width and a format. */
const IMAGE_COPY = new RegExp(
  `^${API_PREFIX}${ROUTE_PATHS.stream.imageFile
    .replace(':id', '([0-9a-f]{24})')
    .replace(':file', `w(\\d{2,4})\\.(${IMAGE_FILE_EXTENSIONS.join('|')})`)}$`,
);

/** The asset, width and format an image copy's address names; undefined for any other address. */
export function imageCopyOf(
  url: string,
): { assetId: string; width: number; format: ImageFormat } | undefined {
  const copy = IMAGE_COPY.exec(url);
  if (!copy) return undefined;
  const [, assetId, width, format] = copy as unknown as [string, string, string, ImageFormat];
  return { assetId, width: Number(width), format };
}

/**
 * The `srcset` of a thumbnail the platform made, so a browser showing it small fetches a smaller copy: a demo
 * thumbnail and its 320 px copy, or an uploaded image's copy and every smaller one the media service wrote
 * beside it (each width below the named one, as processImage writes them). Undefined for any other address
 * (an admin may name any image): that one is shown as it is.
 */
export function thumbnailSrcSet(url: string): string | undefined {
  const demo = DEMO_THUMBNAIL.exec(url);
  if (demo)
    return [...DEMO_THUMBNAIL_COPY_WIDTHS, DEMO_THUMBNAIL_WIDTH]
      .map((width) => `${demoThumbnailUrl(demo[1]!, width)} ${width}w`)
      .join(', ');
  const copy = imageCopyOf(url);
  if (!copy) return undefined;
  const { assetId, width, format } = copy;
  return [...IMAGE_WIDTHS.filter((w) => w < width), width]
    .map((w) => `${imageFileUrl(assetId, { width: w, format })} ${w}w`)
    .join(', ');
}

/** A video player fills the page's width on a phone and most of it beside a side column: the viewport bounds it. */
export const viewportPixels = () =>
  typeof window === 'undefined' ? Infinity : window.innerWidth * (window.devicePixelRatio || 1);

/**
 * The poster a video shows before it plays (the player, and the preloader's hint of it): its stream's, unless
 * the product's thumbnail is a copy the media service made of that same poster (an upload's thumbnail is its
 * poster's WebP copies). Then the copy that fills `pixels` across (within 15%) is shown instead of the
 * full-size JPEG: the same picture, right-sized, in a modern format. Without a stream, the thumbnail as named.
 */
export function videoPosterOf(
  stream: { assetId?: string; posterUrl?: string | null } | null | undefined,
  thumbnail: string | null | undefined,
  pixels: number = viewportPixels(),
): string | null | undefined {
  const copy = thumbnail ? imageCopyOf(thumbnail) : undefined;
  if (!stream || !copy || copy.assetId !== stream.assetId) return stream?.posterUrl ?? thumbnail;
  const width = IMAGE_WIDTHS.find((w) => w >= pixels * 0.85 && w <= copy.width) ?? copy.width;
  return imageFileUrl(copy.assetId, { width, format: copy.format });
}
