import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRoutes, type PublicProduct } from '@catalyst/contracts';
import { cardLines, cardVersion, courseCardUrl } from '@catalyst/contracts/course-card';
import { createPeer, notFound } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, testLog } from '@catalyst/service-kit/testing';
import { TARGETS } from '../../../../scripts/bundle-services';
import { createTestContext } from '../test-support';
import { CARD_FONTS, CARD_MESSAGES, cardKey, createCourseCards } from './cards';

const course = {
  slug: 'guitar-basics',
  title: 'Guitar Basics',
  creator: { _id: '65a1b2c3d4e5f60718293a02', name: 'Ana Strings', slug: 'ana' },
  ratingAverage: 4.5,
  ratingCount: 2,
};
const product = (over: Partial<PublicProduct> = {}): PublicProduct => ({
  _id: '65a1b2c3d4e5f60718293a4b',
  productId: 'P1',
  description: 'Learn chords.',
  categoryId: '65a1b2c3d4e5f60718293a01',
  category: { _id: '65a1b2c3d4e5f60718293a01', name: 'Music', slug: 'music' },
  creatorId: course.creator._id,
  type: 'course',
  difficulty: 'beginner',
  duration: 30,
  thumbnail: null,
  tags: [],
  price: 10,
  instructor: null,
  enrolledStudents: 3,
  isActive: true,
  isPublished: true,
  isFeatured: false,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...course,
  ...over,
});

/** A PNG's width and height, read from its IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('course cards', () => {
  it("are drawn with fonts media's image ships (its bundle's assets), and the gateway ships none", () => {
    const assetsOf = (name: string) => TARGETS.find((target) => target.name === name)!.assets ?? [];
    expect(assetsOf('media')).toEqual(expect.arrayContaining([...CARD_FONTS]));
    expect(assetsOf('gateway').filter((file) => file.endsWith('.ttf'))).toEqual([]);
  });

  it('wraps a long title in at most three lines, and says the creator and the rating', () => {
    expect(cardLines(course, 'Acme')).toEqual({
      title: ['Guitar Basics'],
      creator: 'By Ana Strings',
      rating: '★ 4.5 out of 5 · 2 reviews',
      site: 'Acme',
    });
    const long = cardLines(
      {
        ...course,
        title: 'The complete guide to fingerstyle guitar for people who never held one, and then some more',
        ratingCount: 0,
      },
      'Acme',
    );
    expect(long.title).toEqual([
      'The complete guide to',
      'fingerstyle guitar for',
      'people who never held one,…',
    ]);
    expect(long.rating).toBeNull();
  });

  it("names the card at media's address with its version, another title at another one", () => {
    expect(courseCardUrl(course, 'Acme')).toMatch(
      /^\/api\/v1\/media\/cards\/guitar-basics\.png\?v=[0-9a-f]{12}$/,
    );
    const renamed = { ...course, title: 'Guitar Basics, Second Edition' };
    expect(courseCardUrl(renamed, 'Acme')).not.toBe(courseCardUrl(course, 'Acme'));
    expect(courseCardUrl({ ...course, ratingCount: 3 }, 'Acme')).not.toBe(courseCardUrl(course, 'Acme'));
  });
});

describe('GET /media/cards/:slug.png', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  /** What content answers for a slug (a visitor's view): the published products, by slug. */
  const products = new Map<string, PublicProduct>();
  const get = (file: string) => ctx.request(null, 'GET', `/media/cards/${file}`);
  const stored = (slug: string, version: string) => path.join(ctx.dataDir, 'media', cardKey(slug, version));

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.content.answer(productRoutes.get, ({ params }) => {
      const found = products.get(params.idOrSlug!);
      if (!found) throw notFound('Product not found');
      return found;
    });
    products.set('guitar-basics', product());
    products.set('draft-course', product({ slug: 'draft-course', isPublished: false }));
    // an id names the same product: a card is addressed by its slug only
    products.set('65a1b2c3d4e5f60718293a4b', product());
  });
  afterAll(() => ctx?.close());

  it('draws a 1200×630 PNG once, keeps it, and draws a new one when the title changes', async () => {
    const [first, same] = await Promise.all([get('guitar-basics.png'), get('guitar-basics.png')]);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(await same.arrayBuffer()).equals(bytes)).toBe(true);
    const version = cardVersion(product(), ctx.config.SITE_NAME);
    const drawn = statSync(stored('guitar-basics', version)).mtimeMs;
    // asked again (with its version in the address): the kept card, not drawn again
    expect((await get(`guitar-basics.png?v=${version}`)).status).toBe(200);
    expect(statSync(stored('guitar-basics', version)).mtimeMs).toBe(drawn);

    products.set('guitar-basics', product({ title: 'Guitar Basics, Second Edition' }));
    const renamed = await get('guitar-basics.png');
    expect(renamed.status).toBe(200);
    const second = Buffer.from(await renamed.arrayBuffer());
    expect(pngSize(second)).toEqual({ width: 1200, height: 630 });
    expect(second.equals(bytes)).toBe(false);
    // the old card is gone, the new one kept under its own version
    expect(existsSync(stored('guitar-basics', version))).toBe(false);
    const next = cardVersion(product({ title: 'Guitar Basics, Second Edition' }), ctx.config.SITE_NAME);
    expect(readFileSync(stored('guitar-basics', next)).equals(second)).toBe(true);
  }, 60_000);

  it('answers 404 in the one error shape for no such course, a draft or an id, and 400 for a malformed name', async () => {
    for (const file of ['no-such-course.png', 'draft-course.png', '65a1b2c3d4e5f60718293a4b.png']) {
      const res = await get(file);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, message: CARD_MESSAGES.notFound });
    }
    const malformed = await get('guitar-basics.jpg');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false });
  });

  it('refuses with a 503 (never a 500) and keeps nothing when ffmpeg cannot draw the card', async () => {
    const cards = createCourseCards({
      storage: ctx.storage,
      content: createPeer({ baseUrl: ctx.content.baseUrl, secret: TEST_INTERNAL_SECRET }),
      siteName: 'Acme',
      ffmpeg: path.join(ctx.dataDir, 'no-ffmpeg-here'),
      log: testLog,
    });
    const course = product({ title: 'Never drawn' });
    await expect(cards.keyOf(course)).rejects.toMatchObject({ status: 503, message: CARD_MESSAGES.notDrawn });
    expect(existsSync(stored('guitar-basics', cardVersion(course, 'Acme')))).toBe(false);
  });
});
