import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, PublicProduct } from '@catalyst/contracts';
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

describe('public categories', () => {
  it('lists active categories by sortOrder with product counts, paged with a total', async () => {
    for (const path of ['/categories', '/content/categories']) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.total).toBe(2);
      expect(body.data.page).toBe(1);
      expect(body.data.items.map((c: Category) => c.slug)).toEqual(['data-science', 'web-development']);
      const web = body.data.items[1];
      expect(web).toMatchObject({
        _id: fx.web,
        name: 'Web Development',
        icon: '💻',
        color: '#3b82f6',
        isActive: true,
        sortOrder: 1,
      });
      // the draft, the retired product and the inactive creator's product are not counted
      expect(web.productCount).toBe(2);
    }
  });

  it('never lists an inactive category', async () => {
    const { body } = await get('/categories?limit=100');
    expect(body.data.items.some((c: Category) => c.slug === 'retired-topics')).toBe(false);
  });

  it('searches name and description case-insensitively, taking wildcards literally', async () => {
    expect((await get('/categories?search=BROWSER')).body.data.items.map((c: Category) => c.slug)).toEqual([
      'web-development',
    ]);
    expect((await get('/categories?search=python')).body.data.items.map((c: Category) => c.slug)).toEqual([
      'data-science',
    ]);
    expect((await get('/categories?search=100%25')).body.data.total).toBe(1);
    expect((await get('/categories?search=%25')).body.data.total).toBe(1);
    expect((await get('/categories?search=nothing-like-this')).body.data).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('sorts by name and by newest, and pages with the total of all matches', async () => {
    expect((await get('/categories?sort=name')).body.data.items.map((c: Category) => c.slug)).toEqual([
      'data-science',
      'web-development',
    ]);
    expect((await get('/categories?sort=newest')).body.data.items.map((c: Category) => c.slug)).toEqual([
      'data-science',
      'web-development',
    ]);
    const second = (await get('/categories?limit=1&page=2')).body.data;
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(second.items.map((c: Category) => c.slug)).toEqual(['web-development']);
  });

  it('finds one category by slug or by id, and 404s for inactive or unknown ones', async () => {
    expect((await get('/content/categories/web-development')).body.data._id).toBe(fx.web);
    expect((await get(`/content/categories/${fx.web}`)).body.data.slug).toBe('web-development');
    expect((await get('/content/categories/retired-topics')).status).toBe(404);
    const missing = await get('/content/categories/no-such-thing');
    expect(missing).toEqual({ status: 404, body: { success: false, message: 'Category not found' } });
  });

  it("lists a category's visible products without video or HTML content", async () => {
    for (const path of [`/categories/${fx.web}/products`, '/content/categories/web-development/products']) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.data.total).toBe(2);
      expect(body.data.items.map((p: PublicProduct) => p.slug)).toEqual([
        'modern-css-layouts',
        'react-basics',
      ]);
      for (const product of body.data.items) {
        expect(product).not.toHaveProperty('videoUrl');
        expect(product).not.toHaveProperty('content');
      }
    }
    expect(
      (await get('/content/categories/web-development/products?type=video')).body.data.items.map(
        (p: PublicProduct) => p.slug,
      ),
    ).toEqual(['modern-css-layouts']);
    expect((await get('/content/categories/retired-topics/products')).status).toBe(404);
  });

  it('answers bad query parameters with a 400 in the one error shape', async () => {
    for (const path of [
      '/categories?sort=sideways',
      '/categories?page=0',
      '/categories?page=abc',
      '/categories?limit=1000',
      `/categories?search=${'x'.repeat(101)}`,
      '/content/categories/web-development/products?type=podcast',
      '/content/categories/web%20dev',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe('string');
      expect(Array.isArray(body.errors)).toBe(true);
    }
  });

  it('treats blank filters as no filter', async () => {
    expect((await get('/categories?search=&sort=')).body.data.total).toBe(2);
  });
});
