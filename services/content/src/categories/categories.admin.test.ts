import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, Category, FieldError } from '@catalyst/contracts';
import { identityHeaders, testUsers } from '@catalyst/service-kit/testing';
import {
  createAdminTestContext,
  validCategory,
  validCreator,
  type AdminTestContext,
} from '../admin-test-support';

let ctx: AdminTestContext;
beforeAll(async () => {
  ctx = await createAdminTestContext();
});
afterAll(() => ctx.close());

const fieldErrors = (body: { errors?: FieldError[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

describe('admin categories: form rules on the server', () => {
  it.each([
    [{ name: '' }, 'name', 'Category name is required'],
    [{ name: '   ' }, 'name', 'Category name is required'],
    [{ name: undefined }, 'name', 'Category name is required'],
    [{ name: 'A' }, 'name', 'Category name must be at least 2 characters'],
    [{ name: 'x'.repeat(51) }, 'name', 'Category name must be less than 50 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
    [{ slug: '' }, 'slug', 'Slug is required'],
    [{ slug: '!!!' }, 'slug', 'Slug can only contain lowercase letters, numbers, and hyphens'],
    [{ sortOrder: -1 }, 'sortOrder', 'Sort order cannot be negative'],
    [{ sortOrder: '-5' }, 'sortOrder', 'Sort order cannot be negative'],
  ])('refuses %j with 400 and the message for %s', async (overrides, field, message) => {
    const res = await ctx.admin(
      'POST',
      '/admin/categories',
      validCategory({ slug: 'rule-check', name: 'Rule Check', ...overrides }),
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(fieldErrors(res.body)[field]).toBe(message);
  });

  it('reports every broken field at once', async () => {
    const res = await ctx.admin('POST', '/admin/categories', { name: '', description: 'short', slug: '' });
    expect(res.status).toBe(400);
    expect(fieldErrors(res.body)).toEqual({
      name: 'Category name is required',
      description: 'Description must be at least 10 characters',
      slug: 'Slug is required',
    });
  });

  it("answers the field messages in the admin's language, a limit written as German writes it", async () => {
    const res = await ctx.app.request('/admin/categories', {
      method: 'POST',
      headers: {
        ...identityHeaders(testUsers.admin),
        'content-type': 'application/json',
        'accept-language': 'de',
      },
      body: JSON.stringify(
        validCategory({
          slug: 'german-check',
          name: 'A',
          description: 'x'.repeat(2001),
          icon: 'x'.repeat(17),
        }),
      ),
    });
    expect(res.status).toBe(400);
    expect(fieldErrors((await res.json()) as { errors?: FieldError[] })).toEqual({
      name: 'Der Name der Kategorie muss mindestens 2 Zeichen lang sein',
      description: 'Die Beschreibung darf höchstens 2.000 Zeichen lang sein',
      icon: 'Das Symbol darf höchstens 16 Zeichen lang sein',
    });
  });

  it('answers a malformed body with a 400, never a 500', async () => {
    expect((await ctx.admin('POST', '/admin/categories', '{"name":')).status).toBe(400);
    expect((await ctx.admin('POST', '/admin/categories', '[1,2]')).status).toBe(400);
  });

  it('trims text, normalises the slug, parses sortOrder and applies the defaults', async () => {
    const res = await ctx.admin('POST', '/admin/categories', {
      name: '  Data   Science ',
      description: '  Numbers, models and stories.  ',
      slug: '  --Data  Science & AI!!-- ',
      sortOrder: '7.9',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Category created successfully!');
    expect(res.body.data).toMatchObject({
      name: 'Data   Science',
      description: 'Numbers, models and stories.',
      slug: 'data-science-ai',
      icon: '📁',
      color: '#f59e0b',
      isActive: true,
      sortOrder: 7,
      productCount: 0,
    });
    expect(res.body.data._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('reads an empty or non-numeric sortOrder as 0', async () => {
    const empty = await ctx.admin(
      'POST',
      '/admin/categories',
      validCategory({ name: 'Zero One', slug: 'zero-one', sortOrder: '' }),
    );
    const words = await ctx.admin(
      'POST',
      '/admin/categories',
      validCategory({ name: 'Zero Two', slug: 'zero-two', sortOrder: 'abc' }),
    );
    expect([empty.status, empty.body.data.sortOrder]).toEqual([201, 0]);
    expect([words.status, words.body.data.sortOrder]).toEqual([201, 0]);
  });
});

describe('admin categories: conflicts, ids and missing rows', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      await ctx.admin(
        'POST',
        '/admin/categories',
        validCategory({ name: 'Photography', slug: 'photography' }),
      )
    ).body.data._id;
  });

  it('refuses a duplicate name, whatever its case, with 409', async () => {
    const res = await ctx.admin(
      'POST',
      '/admin/categories',
      validCategory({ name: 'PHOTOGRAPHY', slug: 'photo-two' }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'A category with this name already exists' });
  });

  it('refuses a duplicate slug with 409', async () => {
    const res = await ctx.admin(
      'POST',
      '/admin/categories',
      validCategory({ name: 'Photo Two', slug: 'Photography' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A category with this slug already exists');
  });

  it('lets a category keep its own name and slug on update, but not take another one', async () => {
    const other = (
      await ctx.admin('POST', '/admin/categories', validCategory({ name: 'Cooking', slug: 'cooking' }))
    ).body.data._id;
    const same = await ctx.admin(
      'PUT',
      `/admin/categories/${id}`,
      validCategory({ name: 'Photography', slug: 'photography', sortOrder: 3 }),
    );
    expect(same.status).toBe(200);
    expect(same.body.message).toBe('Category updated successfully!');
    expect(same.body.data.sortOrder).toBe(3);
    const taken = await ctx.admin(
      'PUT',
      `/admin/categories/${other}`,
      validCategory({ name: 'photography', slug: 'cooking' }),
    );
    expect(taken.status).toBe(409);
  });

  it.each(['short', 'x'.repeat(25), 'ZZZZZZZZZZZZZZZZZZZZZZZZ'])('answers 400 to the id %s', async (bad) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await ctx.admin(
        method,
        `/admin/categories/${bad}`,
        method === 'PUT' ? validCategory() : undefined,
      );
      expect({ method, status: res.status }).toEqual({ method, status: 400 });
      expect(res.body.message).toBe('Invalid category ID: expected 24 hexadecimal characters');
    }
  });

  it('answers 404 for a well-formed id that does not exist', async () => {
    const missing = 'abcdefabcdefabcdefabcdef';
    expect((await ctx.admin('GET', `/admin/categories/${missing}`)).status).toBe(404);
    expect(
      (
        await ctx.admin(
          'PUT',
          `/admin/categories/${missing}`,
          validCategory({ name: 'Ghost', slug: 'ghost' }),
        )
      ).status,
    ).toBe(404);
    expect((await ctx.admin('DELETE', `/admin/categories/${missing}`)).status).toBe(404);
  });

  it('gets one category by id with its product count', async () => {
    const res = await ctx.admin('GET', `/admin/categories/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: id, name: 'Photography', productCount: 0 });
  });
});

describe('admin categories: list, toggle and delete', () => {
  it('lists inactive categories too, and the public list follows the toggle at once', async () => {
    const created = (
      await ctx.admin(
        'POST',
        '/admin/categories',
        validCategory({ name: 'Music Theory', slug: 'music-theory' }),
      )
    ).body.data;
    const publicSlugs = async () =>
      (await ctx.call('anonymous', 'GET', '/categories?limit=100')).body.data.items.map(
        (c: Category) => c.slug,
      );
    expect(await publicSlugs()).toContain('music-theory');

    const off = await ctx.admin('PUT', `/admin/categories/${created._id}`, { ...created, isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect(await publicSlugs()).not.toContain('music-theory');
    const adminList = (await ctx.admin('GET', '/admin/categories')).body.data;
    expect(adminList.find((c: AdminCategory) => c._id === created._id)).toMatchObject({ isActive: false });

    await ctx.admin('PUT', `/admin/categories/${created._id}`, { ...created, isActive: true });
    expect(await publicSlugs()).toContain('music-theory');
  });

  it('refuses to delete a category that still holds products, and deletes it once empty', async () => {
    const category = (
      await ctx.admin('POST', '/admin/categories', validCategory({ name: 'Languages', slug: 'languages' }))
    ).body.data;
    const creator = (
      await ctx.admin('POST', '/admin/creators', validCreator({ name: 'Lin Guist', slug: 'lin-guist' }))
    ).body.data;
    const product = (
      await ctx.admin('POST', '/admin/products', {
        title: 'Spanish 101',
        description: 'Hola',
        category: category._id,
        creator: creator._id,
      })
    ).body.data;

    const refused = await ctx.admin('DELETE', `/admin/categories/${category._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This category still has 1 product. Move or delete it before deleting the category.',
    );
    expect((await ctx.admin('GET', `/admin/categories/${category._id}`)).body.data.productCount).toBe(1);

    expect((await ctx.admin('DELETE', `/admin/products/${product._id}`)).status).toBe(200);
    const deleted = await ctx.admin('DELETE', `/admin/categories/${category._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Category deleted successfully!');
    expect((await ctx.admin('GET', `/admin/categories/${category._id}`)).status).toBe(404);
  });
});
