import { describe, expect, it } from 'vitest';
import { videoPosterOf as posterOf } from './images';

const asset = 'a'.repeat(24);
const stream = { assetId: asset, posterUrl: `/api/v1/media/streams/${asset}/poster.jpg?token=t` };
const copy = (width: number, format = 'webp') => `/api/v1/media/images/${asset}/w${width}.${format}`;

describe("a video's poster", () => {
  it("shows the upload's own WebP copy that fills a phone's player instead of the full-size JPEG", () => {
    // a 412 px phone at 1.75×: 721 pixels across; the 640 copy is within 15% of it
    expect(posterOf(stream, copy(1280), 412 * 1.75)).toBe(copy(640));
    expect(posterOf(stream, copy(1280, 'avif'), 412 * 1.75)).toBe(copy(640, 'avif'));
    expect(posterOf(stream, copy(1920), 1280)).toBe(copy(1280));
  });

  it('never asks for a copy larger than the thumbnail names (none was written)', () => {
    expect(posterOf(stream, copy(640), 2560)).toBe(copy(640));
    expect(posterOf(stream, copy(1280), 5000)).toBe(copy(1280));
  });

  it("shows the stream's poster when the thumbnail is another picture, and the thumbnail without a stream", () => {
    expect(posterOf(stream, '/media/thumbnails/css-grid.jpg', 721)).toBe(stream.posterUrl);
    expect(posterOf(stream, `/api/v1/media/images/${'b'.repeat(24)}/w1280.webp`, 721)).toBe(stream.posterUrl);
    expect(posterOf(null, copy(1280), 721)).toBe(copy(1280));
    expect(posterOf({ ...stream, posterUrl: null }, '/media/thumbnails/css-grid.jpg', 721)).toBe(
      '/media/thumbnails/css-grid.jpg',
    );
  });
});
