import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEMO_THUMBNAIL_COPY_WIDTHS,
  DEMO_THUMBNAIL_WIDTH,
  demoThumbnailUrl,
  thumbnailSrcSet,
} from '@catalyst/contracts';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { demoProducts } from './catalog';

const file = (url: string) => path.join(DEMO_MEDIA_ROOT, url);

describe('the demo thumbnails', () => {
  it('exist for every demo product at every width its srcset offers (media/generate.sh writes them)', () => {
    const missing = demoProducts.flatMap((product) =>
      [DEMO_THUMBNAIL_WIDTH, ...DEMO_THUMBNAIL_COPY_WIDTHS]
        .map((width) => demoThumbnailUrl(product.slug, width))
        .filter((url) => !existsSync(file(url))),
    );
    expect(missing).toEqual([]);
    // every address a srcset names is one of those files
    const offered = demoProducts.flatMap((product) =>
      thumbnailSrcSet(demoThumbnailUrl(product.slug))!
        .split(', ')
        .map((candidate) => candidate.split(' ')[0]!),
    );
    expect(offered.filter((url) => !existsSync(file(url)))).toEqual([]);
  });
});
