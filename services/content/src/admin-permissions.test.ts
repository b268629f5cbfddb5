import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@catalyst/contracts';
import {
  createAdminTestContext,
  createCategoryAndCreator,
  type AdminTestContext,
  type Caller,
} from './admin-test-support';

let ctx: AdminTestContext;
let ids: { category: string; creator: string; product: string };

beforeAll(async () => {
  ctx = await createAdminTestContext();
  const { categoryId, creatorId } = await createCategoryAndCreator(ctx);
  const product = await ctx.admin('POST', '/admin/products', {
    title: 'React Basics',
    description: 'Components and hooks',
    category: categoryId,
    creator: creatorId,
  });
  ids = { category: categoryId, creator: creatorId, product: product.body.data._id };
});
afterAll(() => ctx.close());

/** Every admin route and method, with a body a real admin would send. */
const routes = () =>
  [
    ['GET', '/admin/stats'],
    ['GET', '/admin/categories'],
    [
      'POST',
      '/admin/categories',
      { name: 'Design', description: 'Colour, type and layout.', slug: 'design' },
    ],
    ['GET', `/admin/categories/${ids.category}`],
    [
      'PUT',
      `/admin/categories/${ids.category}`,
      {
        name: 'Web Development',
        description: 'Build for the browser, from HTML to React.',
        slug: 'web-development',
      },
    ],
    ['DELETE', `/admin/categories/${ids.category}`],
    ['GET', '/admin/products'],
    [
      'POST',
      '/admin/products',
      { title: 'T', description: 'D', category: ids.category, creator: ids.creator },
    ],
    ['GET', `/admin/products/${ids.product}`],
    [
      'PUT',
      `/admin/products/${ids.product}`,
      {
        title: 'React Basics',
        description: 'Components and hooks',
        category: ids.category,
        creator: ids.creator,
      },
    ],
    ['DELETE', `/admin/products/${ids.product}`],
    ['GET', '/admin/creators'],
    ['POST', '/admin/creators', { name: 'Bob Roe', slug: 'bob-roe' }],
    ['GET', `/admin/creators/${ids.creator}`],
    ['PUT', `/admin/creators/${ids.creator}`, { name: 'Alice Doe', slug: 'alice-doe' }],
    ['DELETE', `/admin/creators/${ids.creator}`],
  ] as Array<[string, string, unknown?]>;

describe('admin permissions', () => {
  it.each<[Caller, number]>([
    ['anonymous', 401],
    ['learner', 403],
    ['subscriber', 403],
  ])('refuses every admin route and method to %s with %i, and changes nothing', async (caller, status) => {
    const before = await ctx.admin('GET', '/admin/stats');
    for (const [method, path, body] of routes()) {
      const res = await ctx.call(caller, method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status });
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
    }
    const after = await ctx.admin('GET', '/admin/stats');
    expect(after.body.data).toEqual(before.body.data);
    // Nothing reached progress on anyone's behalf.
    expect(ctx.peers.state.calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
  });

  it('refuses non-admins before reading the body or the id', async () => {
    expect((await ctx.call('learner', 'PUT', '/admin/categories/short', '{not json')).status).toBe(403);
    expect((await ctx.call('anonymous', 'GET', '/admin/unknown')).status).toBe(401);
  });

  it('treats a forged identity assertion as anonymous', async () => {
    const forged = Buffer.from(
      JSON.stringify({ id: 'x', role: 'admin', email: 'a@b.c', name: 'Eve', exp: 9e9 }),
    ).toString('base64url');
    const res = await ctx.app.request('/admin/categories', {
      headers: { [IDENTITY_HEADER]: `${forged}.bogus` },
    });
    expect(res.status).toBe(401);
  });

  it('lets an admin use every admin route and method', async () => {
    const expected: Record<string, number> = { GET: 200, POST: 201, PUT: 200, DELETE: 200 };
    // Deletes last, product before its category and creator, so each one is allowed.
    const all = routes();
    const deleteOf = (entity: string) =>
      all.find(([m, p]) => m === 'DELETE' && p.startsWith(`/admin/${entity}/`))!;
    const ordered = [
      ...all.filter(([m]) => m !== 'DELETE'),
      deleteOf('products'),
      deleteOf('categories'),
      deleteOf('creators'),
    ];
    for (const [method, path, body] of ordered) {
      const res = await ctx.admin(method, path, body);
      expect({ method, path, status: res.status, success: res.body.success }).toEqual({
        method,
        path,
        status: expected[method],
        success: true,
      });
      // The product the POST made also sits in the category; it goes with the first product.
      if (method === 'POST' && path === '/admin/products')
        ordered.splice(ordered.indexOf(deleteOf('categories')), 0, [
          'DELETE',
          `/admin/products/${res.body.data._id}`,
        ]);
    }
  });
});
