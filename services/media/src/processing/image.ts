import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_FILE_EXTENSIONS, IMAGE_WIDTHS, type ImageFormat } from '@catalyst/contracts';
import { UndecodableError } from './ffmpeg';

/**
 * A video's poster as players show it: a progressive JPEG (mozjpeg, quality 75). ffmpeg's own JPEG at
 * -q:v 3 made the demo lesson's 640×360 poster 69 KB; this makes it about 40 KB, with no visible loss.
 */
export async function encodePoster(frame: string, outFile: string): Promise<void> {
  await sharp(frame).jpeg({ quality: 75, mozjpeg: true }).toFile(outFile);
}

export interface ImageResult {
  width: number;
  height: number;
  variants: Array<{ width: number; format: ImageFormat }>;
}

/** Writes `w<width>.webp` and `w<width>.avif` for each width up to the source's, rotated as the camera meant. */
export async function processImage(
  file: string,
  outDir: string,
  onProgress: (done: number) => void,
): Promise<ImageResult> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch (error) {
    throw new UndecodableError(`This image could not be read (${(error as Error).message.slice(0, 200)})`);
  }
  if (!meta.width || !meta.height) throw new UndecodableError('This image has no size that can be read');
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width as (typeof IMAGE_WIDTHS)[number]);
  const variants: ImageResult['variants'] = [];
  const total = widths.length * IMAGE_FILE_EXTENSIONS.length;
  for (const w of widths) {
    for (const format of IMAGE_FILE_EXTENSIONS) {
      const pipeline = sharp(file).rotate().resize({ width: w, withoutEnlargement: true });
      await (
        format === 'webp' ? pipeline.webp({ quality: 80 }) : pipeline.avif({ quality: 55, effort: 2 })
      ).toFile(path.join(outDir, `w${w}.${format}`));
      variants.push({ width: w, format });
      onProgress(variants.length / total);
    }
  }
  return { width, height, variants };
}
