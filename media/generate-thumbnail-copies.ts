// Writes each demo thumbnail's smaller copies (media/thumbnails/<slug>.w320.jpg) from its 640 px original, so a
// page showing a thumbnail small (related content, continue watching, top courses) fetches a third of the bytes.
// Deterministic: sharp's mozjpeg output depends only on the original, so running it again changes no byte.
//   npx tsx media/generate-thumbnail-copies.ts
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_THUMBNAIL_COPY_WIDTHS, demoThumbnailUrl } from '../packages/contracts/src/images';
import { DEMO_MEDIA_ROOT } from '../packages/demo/src/media';
import { demoProducts } from '../services/content/src/demo/catalog';

const file = (url: string) => path.join(DEMO_MEDIA_ROOT, url);

for (const product of demoProducts) {
  const original = file(demoThumbnailUrl(product.slug));
  if (!existsSync(original)) throw new Error(`No thumbnail for ${product.slug}: run ./generate.sh first`);
  for (const width of DEMO_THUMBNAIL_COPY_WIDTHS) {
    await sharp(original)
      .resize({ width })
      .jpeg({ quality: 70, mozjpeg: true })
      .toFile(file(demoThumbnailUrl(product.slug, width)));
  }
}
console.log(`${demoProducts.length * DEMO_THUMBNAIL_COPY_WIDTHS.length} thumbnail copies written`);
