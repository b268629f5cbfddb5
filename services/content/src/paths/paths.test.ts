import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
});
afterAll(() => ctx.close());

const validPath = (overrides: Record<string, unknown> = {}) => ({
  title: 'Front-end foundations',
  description: 'From layouts to components.',
  level: 'beginner',
  estimatedHours: 6,
  isPublished: true,
  items: [fx.css, fx.react],
  ...overrides,
});

describe('learning paths (admin)', () => {
  it.each([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ estimatedHours: 0 }, 'estimatedHours', 'Estimated hours must be a number from 0.5 to 1000'],
    [{ estimatedHours: 'lots' }, 'estimatedHours', 'Estimated hours must be a number from 0.5 to 1000'],
    [{ level: 'expert' }, 'level', 'Difficulty must be one of: beginner, intermediate, advanced'],
    [{ items: [] }, 'items', 'Add at least one product or course to the path'],
    [{ items: [fx.css, fx.css] }, 'items', 'A product can be in a path only once'],
    [{ slug: '%%%' }, 'slug', 'Slug can only contain lowercase letters, numbers, and hyphens'],
  ])('refuses %j with 400 naming %s', async (overrides, field, message) => {
    const res = await ctx.admin('POST', '/admin/paths', validPath(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('refuses an unknown product with 400, never a 500', async () => {
    const res = await ctx.admin(
      'POST',
      '/admin/paths',
      validPath({ items: [fx.css, 'abcdefabcdefabcdefabcdef'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A product in the path does not exist');
    expect(res.body.errors[0].field).toBe('items');
  });

  it('creates, reads, reorders, unpublishes and deletes a path; a taken slug is a 409', async () => {
    const created = await ctx.admin('POST', '/admin/paths', validPath({ slug: 'Front End!' }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slug: 'front-end',
      title: 'Front-end foundations',
      level: 'beginner',
      estimatedHours: 6,
      isPublished: true,
      itemCount: 2,
    });
    expect(created.body.data.items.map((i: { slug: string }) => i.slug)).toEqual([
      'modern-css-layouts',
      'react-basics',
    ]);
    const id = created.body.data._id;

    const clash = await ctx.admin('POST', '/admin/paths', validPath({ title: 'Other', slug: 'front-end' }));
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toContainEqual({
      field: 'slug',
      message: 'A path with this slug already exists',
    });

    const replaced = await ctx.admin(
      'PUT',
      `/admin/paths/${id}`,
      validPath({ slug: 'front-end', items: [fx.react, fx.draft, fx.css], estimatedHours: '7.25' }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.estimatedHours).toBe(7.3);
    expect(replaced.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([
      fx.react,
      fx.draft,
      fx.css,
    ]);

    // The public sees the published path, without the draft item.
    const page = await ctx.call('anonymous', 'GET', '/content/paths/front-end');
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([fx.react, fx.css]);
    expect(page.body.data.itemCount).toBe(2);
    const list = await ctx.call('learner', 'GET', '/content/paths');
    expect(list.body.data.map((p: { slug: string }) => p.slug)).toContain('front-end');

    await ctx.admin('PUT', `/admin/paths/${id}`, validPath({ slug: 'front-end', isPublished: false }));
    expect((await ctx.call('anonymous', 'GET', '/content/paths/front-end')).status).toBe(404);
    expect((await ctx.call('anonymous', 'GET', '/content/paths')).body.data).toEqual([]);
    expect((await ctx.admin('GET', '/admin/paths')).body.data.map((p: { slug: string }) => p.slug)).toEqual([
      'front-end',
    ]);

    // Progress reads a followed path, drafts too, with its listed items.
    const internal = await ctx.app.request(`/internal/paths/${id}`, { headers: internalHeaders() });
    expect(internal.status).toBe(200);
    const internalPath = (await internal.json()).data;
    expect(internalPath).toMatchObject({ isPublished: false, itemCount: 2 });

    const removed = await ctx.admin('DELETE', `/admin/paths/${id}`);
    expect(removed.status).toBe(200);
    expect((await ctx.admin('GET', `/admin/paths/${id}`)).status).toBe(404);
    expect((await ctx.admin('DELETE', `/admin/paths/${id}`)).status).toBe(404);
  });

  it('makes the slug from the title when none is typed; a malformed id is a 400', async () => {
    const created = await ctx.admin(
      'POST',
      '/admin/paths',
      validPath({ title: 'Data, start to finish', slug: '' }),
    );
    expect(created.body.data.slug).toBe('data-start-to-finish');
    expect((await ctx.admin('GET', '/admin/paths/nope')).status).toBe(400);
  });

  it.each(['anonymous', 'learner', 'subscriber'] as const)(
    'refuses the admin routes to %s',
    async (caller) => {
      const expected = caller === 'anonymous' ? 401 : 403;
      expect((await ctx.call(caller, 'GET', '/admin/paths')).status).toBe(expected);
      expect((await ctx.call(caller, 'POST', '/admin/paths', validPath({ slug: 'nope' }))).status).toBe(
        expected,
      );
    },
  );
});
