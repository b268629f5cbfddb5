import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCreator } from '@catalyst/contracts';
import {
  createAdminTestContext,
  createCategoryAndCreator,
  validCreator,
  type AdminTestContext,
} from '../admin-test-support';

let ctx: AdminTestContext;
beforeAll(async () => {
  ctx = await createAdminTestContext();
});
afterAll(() => ctx.close());

describe('admin creators', () => {
  it.each([
    [{ name: '' }, 'name', 'Creator name is required'],
    [{ name: 'A' }, 'name', 'Creator name must be at least 2 characters'],
    [{ name: 'x'.repeat(51) }, 'name', 'Creator name must be less than 50 characters'],
    [{ slug: ' ' }, 'slug', 'Slug is required'],
    [{ slug: '%%%' }, 'slug', 'Slug can only contain lowercase letters, numbers, and hyphens'],
    [{ sortOrder: -1 }, 'sortOrder', 'Sort order cannot be negative'],
    [{ color: 'red' }, 'color', 'Color must be a hex colour such as #f59e0b'],
  ])('refuses %j with 400 and the message for %s', async (overrides, field, message) => {
    const res = await ctx.admin('POST', '/admin/creators', validCreator(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('creates with defaults and a normalised slug, updates, and refuses a taken slug with 409', async () => {
    const created = await ctx.admin('POST', '/admin/creators', {
      name: ' Grace Hopper ',
      slug: 'Grace  Hopper!',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Grace Hopper',
      slug: 'grace-hopper',
      icon: '🎓',
      color: '#6366f1',
      isActive: true,
      sortOrder: 0,
      productCount: 0,
    });
    const id = created.body.data._id;
    expect(
      (await ctx.admin('POST', '/admin/creators', { name: 'Another Grace', slug: 'grace-hopper' })).status,
    ).toBe(409);

    const updated = await ctx.admin('PUT', `/admin/creators/${id}`, {
      ...created.body.data,
      description: 'Compilers.',
      isActive: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ description: 'Compilers.', isActive: false });
    expect((await ctx.admin('GET', '/admin/creators')).body.data.map((c: AdminCreator) => c.slug)).toContain(
      'grace-hopper',
    );
  });

  it('answers 400 to a malformed id, 404 to a missing one, and 409 to deleting a creator with products', async () => {
    expect((await ctx.admin('GET', '/admin/creators/nope')).status).toBe(400);
    expect((await ctx.admin('DELETE', '/admin/creators/abcdefabcdefabcdefabcdef')).status).toBe(404);
    const { categoryId, creatorId } = await createCategoryAndCreator(ctx, '-x');
    await ctx.admin('POST', '/admin/products', {
      title: 'Owned',
      description: 'By the creator',
      category: categoryId,
      creator: creatorId,
    });
    const refused = await ctx.admin('DELETE', `/admin/creators/${creatorId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This creator still has 1 product. Move or delete it before deleting the creator.',
    );
  });
});

describe('admin stats', () => {
  it('gives the real figures: categories, creators, products published and draft, users and subscribers', async () => {
    const before = (await ctx.admin('GET', '/admin/stats')).body.data;
    const { categoryId, creatorId } = await createCategoryAndCreator(ctx, '-stats');
    const base = { description: 'Counted', category: categoryId, creator: creatorId };
    await ctx.admin('POST', '/admin/products', { ...base, title: 'Published One', isPublished: true });
    await ctx.admin('POST', '/admin/products', { ...base, title: 'Draft One' });

    const res = await ctx.admin('GET', '/admin/stats');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      categories: before.categories + 1,
      creators: before.creators + 1,
      products: {
        total: before.products.total + 2,
        published: before.products.published + 1,
        draft: before.products.draft + 1,
      },
      users: 42,
      subscribers: 7,
    });
  });

  it('reports a figure as null when its service cannot be reached, instead of failing the page', async () => {
    ctx.peers.state.down.add('auth');
    try {
      const res = await ctx.admin('GET', '/admin/stats');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ users: null, subscribers: 7 });
    } finally {
      ctx.peers.state.down.delete('auth');
    }
    ctx.peers.state.down.add('billing');
    try {
      expect((await ctx.admin('GET', '/admin/stats')).body.data).toMatchObject({
        users: 42,
        subscribers: null,
      });
    } finally {
      ctx.peers.state.down.delete('billing');
    }
  });
});
