import { describe, expect, it } from 'vitest';
import { PRODUCT_PREFIX, shellRoutes } from './shell-routes';

const readsOf = (pathname: string) =>
  (shellRoutes.pages[0]!.firstReads?.(pathname) ?? []).map(({ endpoint, input, signedIn }) => ({
    endpoint: endpoint.join('.'),
    input,
    signedIn: !!signedIn,
  }));

describe("the player's first reads", () => {
  it('starts the public outline for anyone and the product page with a session, on a product page', () => {
    expect(readsOf(`${PRODUCT_PREFIX}Intro%20JS`)).toEqual([
      { endpoint: 'curriculum.outline', input: { params: { idOrSlug: 'Intro JS' } }, signedIn: false },
      { endpoint: 'product.getPremium', input: { params: { idOrSlug: 'Intro JS' } }, signedIn: true },
    ]);
  });

  it("adds the lesson itself on a lesson's address", () => {
    const lessonId = 'b'.repeat(24);
    expect(readsOf(`${PRODUCT_PREFIX}css-grid/lesson/${lessonId}/`)).toEqual([
      { endpoint: 'curriculum.outline', input: { params: { idOrSlug: 'css-grid' } }, signedIn: false },
      { endpoint: 'product.getPremium', input: { params: { idOrSlug: 'css-grid' } }, signedIn: true },
      {
        endpoint: 'curriculum.lesson',
        input: { params: { idOrSlug: 'css-grid', lessonId } },
        signedIn: true,
      },
    ]);
  });

  it("starts a course's progress as soon as the outline names the product's _id, for a signed-in viewer; nothing for a single video", () => {
    const [outline] = shellRoutes.pages[0]!.firstReads!(`${PRODUCT_PREFIX}css-grid/lesson/${'b'.repeat(24)}`);
    const productId = 'a'.repeat(24);
    expect(outline!.then!({ productId, sections: [{ id: 's' }] })).toEqual([
      { endpoint: ['lessonProgress', 'forCourse'], input: { params: { id: productId } }, signedIn: true },
    ]);
    expect(outline!.then!({ productId, sections: [] })).toEqual([]);
  });

  it("hints a product page's poster from the product, and a lesson's from the lesson: its stream's poster, else (a video without one) the product's thumbnail", () => {
    const lessonId = 'b'.repeat(24);
    const [, product] = shellRoutes.pages[0]!.firstReads!(`${PRODUCT_PREFIX}css-grid`);
    // the product page's player shows the stream's poster: the thumbnail would be downloaded and never shown
    const streamed = {
      thumbnail: '/media/thumbnails/css.jpg',
      stream: { posterUrl: '/api/v1/media/streams/a/poster.jpg?token=t' },
    };
    expect(product!.images!(streamed)).toEqual(['/api/v1/media/streams/a/poster.jpg?token=t']);
    expect(product!.images!({ ...streamed, stream: { posterUrl: null } })).toEqual([
      '/media/thumbnails/css.jpg',
    ]);
    expect(product!.images!({ thumbnail: '/media/thumbnails/css.jpg', stream: null })).toEqual([
      '/media/thumbnails/css.jpg',
    ]);
    // an upload's thumbnail is its poster's WebP copy: the copy that fills this 1024 px window is hinted, as the player shows it
    const asset = 'c'.repeat(24);
    expect(
      product!.images!({
        thumbnail: `/api/v1/media/images/${asset}/w1920.webp`,
        stream: { assetId: asset, posterUrl: `/api/v1/media/streams/${asset}/poster.jpg?token=t` },
      }),
    ).toEqual([`/api/v1/media/images/${asset}/w1280.webp`]);

    const [, productOfLesson, lesson] = shellRoutes.pages[0]!.firstReads!(
      `${PRODUCT_PREFIX}css-grid/lesson/${lessonId}`,
    );
    // the product's thumbnail is not the lesson's poster until the lesson says so
    expect(productOfLesson!.images).toBeUndefined();
    const streamedLesson = { kind: 'video', stream: { posterUrl: '/media/streams/a/poster.jpg?token=t' } };
    expect(lesson!.images!(streamedLesson)).toEqual(['/media/streams/a/poster.jpg?token=t']);
    expect(lesson!.then!(streamedLesson)).toEqual([]);
    const [again] = lesson!.then!({ kind: 'video', stream: null });
    expect(again).toMatchObject({
      endpoint: ['product', 'getPremium'],
      input: { params: { idOrSlug: 'css-grid' } },
      signedIn: true,
    });
    // the lesson's player shows the product's thumbnail, whatever the product's own stream
    expect(again!.images!(streamed)).toEqual(['/media/thumbnails/css.jpg']);
    // an article has no poster
    expect(lesson!.then!({ kind: 'article', stream: null })).toEqual([]);
  });

  it('starts nothing for addresses that are no page', () => {
    expect(readsOf(PRODUCT_PREFIX)).toEqual([]);
    expect(readsOf(`${PRODUCT_PREFIX}css-grid/lesson`)).toEqual([]);
    expect(readsOf(`${PRODUCT_PREFIX}css-grid/reviews/1`)).toEqual([]);
  });
});
