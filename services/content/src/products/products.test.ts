import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PublicProduct } from '@catalyst/contracts';
import { createTestContext, fx, insertFixtures } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
});
afterAll(() => ctx.close());

const get = async (path: string) => {
  const res = await ctx.app.request(path);
  return { status: res.status, body: await res.json() };
};
const slugs = (body: { data: PublicProduct[] | Page<PublicProduct> }) =>
  (Array.isArray(body.data) ? body.data : body.data.items).map((p) => p.slug);

describe('public products', () => {
  it('lists only published, active products of active categories and creators, by sortOrder', async () => {
    const { status, body } = await get('/content/products');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(slugs(body)).toEqual([
      'sql-window-functions',
      'modern-css-layouts',
      'react-basics',
      'pandas-for-analysts',
    ]);
  });

  it('shows what a visitor may see and never the video or the HTML content', async () => {
    const { body } = await get('/content/products?search=react');
    expect(body.data.items).toHaveLength(1);
    const product = body.data.items[0];
    expect(product).toEqual({
      _id: fx.react,
      productId: 'REACT001',
      slug: 'react-basics',
      title: 'React Basics',
      description: 'Components and hooks',
      categoryId: fx.web,
      category: { _id: fx.web, name: 'Web Development', slug: 'web-development' },
      creatorId: fx.alice,
      creator: { _id: fx.alice, name: 'Alice Doe', slug: 'alice-doe' },
      type: 'course',
      difficulty: 'beginner',
      duration: 90,
      // an admin typed the minutes: no exact length from the media
      durationSeconds: null,
      thumbnail: '/media/thumbnails/x.jpg',
      tags: ['react', 'javascript', 'hooks', 'jsx'],
      price: 0,
      instructor: null,
      enrolledStudents: 0,
      isActive: true,
      isPublished: true,
      isFeatured: true,
      sortOrder: 2,
      createdAt: '2026-01-02T00:00:00.000Z',
      // no reviews yet
      ratingAverage: null,
      ratingCount: 0,
    });
  });

  it('searches titles, descriptions and tags case-insensitively', async () => {
    expect(slugs((await get('/content/products?search=FLEXBOX')).body)).toEqual(['modern-css-layouts']);
    expect(slugs((await get('/content/products?search=postgres')).body)).toEqual(['sql-window-functions']);
    expect(slugs((await get('/content/products?search=50_percent')).body)).toEqual(['sql-window-functions']);
    expect(slugs((await get('/content/products?search=5_')).body)).toEqual([]);
  });

  it('filters by type, difficulty, category and creator (id or slug), and featured', async () => {
    expect(slugs((await get('/content/products?type=webinar')).body)).toEqual(['sql-window-functions']);
    expect(slugs((await get('/content/products?difficulty=beginner')).body)).toEqual([
      'react-basics',
      'pandas-for-analysts',
    ]);
    expect(slugs((await get('/content/products?category=data-science')).body)).toEqual([
      'sql-window-functions',
      'pandas-for-analysts',
    ]);
    expect(slugs((await get(`/content/products?category=${fx.data}&creator=alice-doe`)).body)).toEqual([
      'pandas-for-analysts',
    ]);
    expect(slugs((await get(`/content/products?creator=${fx.bob}`)).body)).toEqual(['sql-window-functions']);
    expect(slugs((await get('/content/products?featured=true')).body)).toEqual([
      'sql-window-functions',
      'react-basics',
    ]);
    expect((await get('/content/products?category=nope')).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('sorts by title, newest and duration (unknown durations last)', async () => {
    expect(slugs((await get('/content/products?sort=title')).body)).toEqual([
      'modern-css-layouts',
      'pandas-for-analysts',
      'react-basics',
      'sql-window-functions',
    ]);
    expect(slugs((await get('/content/products?sort=newest')).body)).toEqual([
      'modern-css-layouts',
      'pandas-for-analysts',
      'sql-window-functions',
      'react-basics',
    ]);
    expect(slugs((await get('/content/products?sort=duration')).body)).toEqual([
      'modern-css-layouts',
      'react-basics',
      'sql-window-functions',
      'pandas-for-analysts',
    ]);
  });

  it('pages with a total of every match', async () => {
    const { body } = await get('/content/products?limit=3&page=2');
    expect(body.data).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(slugs(body)).toEqual(['pandas-for-analysts']);
    expect((await get('/content/products?limit=3&page=9')).body.data).toMatchObject({ items: [], total: 4 });
  });

  it('gives the featured products as a plain list for Top Courses', async () => {
    const { status, body } = await get('/content/products/top');
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    expect(slugs(body)).toEqual(['sql-window-functions', 'react-basics']);
    expect(body.data[0]).not.toHaveProperty('videoUrl');
    expect(slugs((await get('/content/products/top?limit=1')).body)).toEqual(['sql-window-functions']);
  });

  it('finds one product by slug, productId or _id without video or content', async () => {
    for (const key of ['react-basics', 'REACT001', fx.react]) {
      const { status, body } = await get(`/content/products/${key}`);
      expect(status, key).toBe(200);
      expect(body.data._id).toBe(fx.react);
      expect(body.data).not.toHaveProperty('videoUrl');
      expect(body.data).not.toHaveProperty('content');
    }
  });

  it('hides drafts, inactive products and products of inactive creators or categories', async () => {
    for (const key of ['unfinished-draft', 'retired-course', fx.byGhost, 'HIDDEN08']) {
      expect(await get(`/content/products/${key}`), key).toEqual({
        status: 404,
        body: { success: false, message: 'Product not found' },
      });
    }
  });

  it('answers bad query parameters with a 400, never a 500', async () => {
    for (const path of [
      '/content/products?type=podcast',
      '/content/products?difficulty=expert',
      '/content/products?sort=price',
      '/content/products?featured=yes',
      '/content/products?limit=0',
      '/content/products?limit=-5',
      '/content/products?page=1.5',
      '/content/products?category=%27%3B%20drop%20table',
      '/content/products/top?limit=500',
      '/content/products/bad%20slug!',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body).toMatchObject({ success: false });
      expect(body.errors?.[0]).toHaveProperty('field');
    }
  });
});
