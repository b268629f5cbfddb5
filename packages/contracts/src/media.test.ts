import { describe, expect, it } from 'vitest';
import { demoThumbnailUrl, thumbnailSrcSet } from './media';

const ASSET = '0123456789abcdef01234567';

describe('thumbnailSrcSet', () => {
  it('offers a demo thumbnail with its 320 px copy', () => {
    expect(thumbnailSrcSet(demoThumbnailUrl('mixing-essentials'))).toBe(
      '/media/thumbnails/mixing-essentials.w320.jpg 320w, /media/thumbnails/mixing-essentials.jpg 640w',
    );
  });

  it('offers an uploaded image copy with every smaller copy the media service wrote, in its format', () => {
    expect(thumbnailSrcSet(`/api/v1/media/images/${ASSET}/w1280.avif`)).toBe(
      `/api/v1/media/images/${ASSET}/w320.avif 320w, /api/v1/media/images/${ASSET}/w640.avif 640w, /api/v1/media/images/${ASSET}/w1280.avif 1280w`,
    );
    // A source narrower than 320 px has one copy at its own width.
    expect(thumbnailSrcSet(`/api/v1/media/images/${ASSET}/w200.webp`)).toBe(
      `/api/v1/media/images/${ASSET}/w200.webp 200w`,
    );
  });

  it('leaves any other address alone, a copy of a demo thumbnail included', () => {
    for (const url of [
      'https://images.example.com/a.jpg',
      '/media/thumbnails/mixing-essentials.w320.jpg',
      '/media/thumbnails/../videos/a.jpg',
      `/api/v1/media/images/${ASSET}/w640.png`,
      '',
    ]) {
      expect(thumbnailSrcSet(url)).toBeUndefined();
    }
  });
});
