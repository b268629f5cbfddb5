import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
});
afterAll(() => ctx.close());

const call = async (path: string, init: RequestInit = {}, secret = true) => {
  const res = await ctx.app.request(path, { ...init, headers: { 'content-type': 'application/json', ...(secret ? internalHeaders() : {}) } });
  return { status: res.status, body: (await res.json()) as any };
};

describe('internal product routes', () => {
  it('gives a product summary by _id, drafts included', async () => {
    expect((await call(`/internal/products/${fx.react}`)).body.data).toEqual({
      _id: fx.react,
      productId: 'REACT001',
      slug: 'react-basics',
      title: 'React Basics',
      thumbnail: '/media/thumbnails/x.jpg',
      duration: 90,
      type: 'course',
      categoryId: fx.web,
      creatorId: fx.alice,
      isPublished: true,
      price: 0,
    });
    expect((await call(`/internal/products/${fx.draft}`)).body.data.isPublished).toBe(false);
    expect((await call('/internal/products/0000000000000000000fffff')).status).toBe(404);
  });

  it('looks up summaries for a list of ids, skipping unknown ones', async () => {
    const { status, body } = await call('/internal/products/lookup', { method: 'POST', body: JSON.stringify({ ids: [fx.css, fx.sql, fx.css, '0000000000000000000fffff'] }) });
    expect(status).toBe(200);
    expect(body.data.map((p: any) => p._id).sort()).toEqual([fx.css, fx.sql].sort());
    expect((await call('/internal/products/lookup', { method: 'POST', body: JSON.stringify({ ids: [] }) })).body.data).toEqual([]);
  });

  it('rejects a lookup with malformed ids', async () => {
    const { status, body } = await call('/internal/products/lookup', { method: 'POST', body: JSON.stringify({ ids: ['nope'] }) });
    expect(status).toBe(400);
    expect(body.errors[0].field).toBe('ids.0');
  });

  it("lists a category's published products by id or slug", async () => {
    const bySlug = await call('/internal/categories/web-development/products');
    expect(bySlug.body.data.map((p: any) => p.slug)).toEqual(['modern-css-layouts', 'react-basics']);
    expect((await call(`/internal/categories/${fx.data}/products`)).body.data).toHaveLength(2);
    expect((await call('/internal/categories/none/products')).status).toBe(404);
  });

  it('is invisible without the internal secret', async () => {
    expect((await call(`/internal/products/${fx.react}`, {}, false)).status).toBe(404);
    expect((await call('/internal/categories/web-development/products', {}, false)).status).toBe(404);
  });
});
