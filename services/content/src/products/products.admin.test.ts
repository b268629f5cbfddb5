import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, PublicProduct } from '@catalyst/contracts';
import {
  createAdminTestContext,
  createCategoryAndCreator,
  type AdminTestContext,
} from '../admin-test-support';

let ctx: AdminTestContext;
let categoryId: string;
let creatorId: string;

beforeAll(async () => {
  ctx = await createAdminTestContext();
  ({ categoryId, creatorId } = await createCategoryAndCreator(ctx));
});
afterAll(() => ctx.close());

const product = (overrides: Record<string, unknown> = {}) => ({
  title: 'React Basics',
  description: 'Components and hooks',
  category: categoryId,
  creator: creatorId,
  ...overrides,
});
const publicSlugs = async () =>
  (await ctx.call('anonymous', 'GET', '/content/products?limit=100')).body.data.items.map(
    (p: PublicProduct) => p.slug,
  );

describe('admin products: the form rules on the server', () => {
  it.each([
    [{ title: '  ' }, 'title', 'Title is required'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ category: '' }, 'category', 'Category is required'],
    [{ category: undefined }, 'category', 'Category is required'],
    [{ category: 'not-an-id' }, 'category', 'Category is invalid'],
    [{ category: 'abcdefabcdefabcdefabcdef' }, 'category', 'Category does not exist'],
    [{ creator: undefined }, 'creator', 'Creator is required'],
    [{ duration: 'ninety' }, 'duration', 'Duration must be a number'],
    [{ duration: 0 }, 'duration', 'Duration must be at least 1 minute'],
    [{ type: 'podcast' }, 'type', 'Type must be one of: course, tutorial, video, document, webinar'],
    [{ difficulty: 'expert' }, 'difficulty', 'Difficulty must be one of: beginner, intermediate, advanced'],
    [
      { thumbnail: 'javascript:alert(1)' },
      'thumbnail',
      'Thumbnail must be a URL (http:// or https://) or a path starting with /',
    ],
    [
      { videoUrl: 'not a url' },
      'videoUrl',
      'Video URL must be a URL (http:// or https://) or a path starting with /',
    ],
    [{ sortOrder: -2 }, 'sortOrder', 'Sort order cannot be negative'],
    [{ price: 'free' }, 'price', 'Price must be a number'],
  ])('refuses %j with 400 and the message for %s', async (overrides, field, message) => {
    const res = await ctx.admin('POST', '/admin/products', product(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('applies the form defaults: course, beginner, active, not featured, sortOrder 0, a draft', async () => {
    const res = await ctx.admin(
      'POST',
      '/admin/products',
      product({ title: '  Defaults Demo  ', description: ' Plain ' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Product created successfully!');
    expect(res.body.data).toMatchObject({
      title: 'Defaults Demo',
      description: 'Plain',
      slug: 'defaults-demo',
      type: 'course',
      difficulty: 'beginner',
      isActive: true,
      isFeatured: false,
      isPublished: false,
      sortOrder: 0,
      tags: [],
      duration: null,
      price: null,
      categoryId,
      creatorId,
      createdBy: { name: 'Ada Admin', email: 'admin@test.example' },
    });
    expect(res.body.data.productId).toMatch(/^[A-Za-z0-9]{6,16}$/);
  });

  it('splits comma-separated tags, trims them and drops empty entries; parses numbers from text', async () => {
    const res = await ctx.admin(
      'POST',
      '/admin/products',
      product({
        title: 'Tagged',
        tags: ' react, , hooks ,jsx,',
        duration: '90',
        price: '9.999',
        sortOrder: '4',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      tags: ['react', 'hooks', 'jsx'],
      duration: 90,
      price: 10,
      sortOrder: 4,
    });
  });

  it('gives a title that is already taken a slug of its own, and refuses an explicit slug that is taken', async () => {
    const first = await ctx.admin('POST', '/admin/products', product({ title: 'Same Title' }));
    const second = await ctx.admin('POST', '/admin/products', product({ title: 'Same Title' }));
    expect(first.body.data.slug).toBe('same-title');
    expect(second.body.data.slug).toMatch(/^same-title-[0-9a-f]{6}$/);
    const taken = await ctx.admin('POST', '/admin/products', product({ title: 'Other', slug: 'Same Title' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A product with this slug already exists');
  });
});

describe('admin products: sanitising the HTML content', () => {
  it('keeps the formatting and never gives back a script, an event handler or a javascript: link', async () => {
    const content =
      '<h2>Intro</h2><p onclick="steal()">Hello <strong>world</strong></p>' +
      '<script>alert("x")</script><img src="https://example.com/a.png" onerror="alert(1)" alt="a">' +
      '<a href="javascript:alert(2)">bad</a><a href="https://example.com" target="_blank">good</a>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
    const created = await ctx.admin('POST', '/admin/products', product({ title: 'Sanitised', content }));
    expect(created.status).toBe(201);
    for (const res of [created, await ctx.admin('GET', `/admin/products/${created.body.data._id}`)]) {
      const saved: string = res.body.data.content;
      expect(saved).not.toMatch(/<script|alert\("x"\)|onerror|onclick|javascript:|<iframe|<style/i);
      expect(saved).toContain('<h2>Intro</h2>');
      expect(saved).toContain('<p>Hello <strong>world</strong></p>');
      expect(saved).toContain('<img src="https://example.com/a.png" alt="a" />');
      expect(saved).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
      );
    }
  });

  it('sanitises on update too, and stores nothing when nothing readable is left', async () => {
    const created = (await ctx.admin('POST', '/admin/products', product({ title: 'Update Me' }))).body.data;
    const res = await ctx.admin('PUT', `/admin/products/${created._id}`, {
      ...created,
      content: '<p>ok</p><svg onload="x()"></svg>',
    });
    expect(res.body.data.content).toBe('<p>ok</p>');
    const empty = await ctx.admin('PUT', `/admin/products/${created._id}`, {
      ...created,
      content: '<script>only()</script>',
    });
    expect(empty.body.data.content).toBeNull();
  });
});

describe('admin products: eye and star toggles, list, ids', () => {
  it('publishes and unpublishes with the whole product sent back, and the catalogue follows at once', async () => {
    const created = (await ctx.admin('POST', '/admin/products', product({ title: 'Toggle Me', tags: 'a,b' })))
      .body.data;
    expect(await publicSlugs()).not.toContain('toggle-me');

    const published = await ctx.admin('PUT', `/admin/products/${created._id}`, {
      ...created,
      isPublished: true,
    });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({
      isPublished: true,
      tags: ['a', 'b'],
      slug: 'toggle-me',
      productId: created.productId,
    });
    expect(await publicSlugs()).toContain('toggle-me');
    expect((await ctx.call('anonymous', 'GET', `/content/products/${created.slug}`)).status).toBe(200);

    const featured = await ctx.admin('PUT', `/admin/products/${created._id}`, {
      ...published.body.data,
      isFeatured: true,
    });
    expect(featured.body.data).toMatchObject({ isPublished: true, isFeatured: true });
    expect(
      (await ctx.call('anonymous', 'GET', '/content/products/top')).body.data.map(
        (p: PublicProduct) => p.slug,
      ),
    ).toContain('toggle-me');

    const unpublished = await ctx.admin('PUT', `/admin/products/${created._id}`, {
      ...featured.body.data,
      isPublished: false,
    });
    expect(unpublished.body.data).toMatchObject({ isPublished: false, isFeatured: true });
    expect(await publicSlugs()).not.toContain('toggle-me');
    expect((await ctx.call('anonymous', 'GET', `/content/products/${created.slug}`)).status).toBe(404);
  });

  it('lists drafts for the admin with their content, filtered by the public filters', async () => {
    const res = await ctx.admin('GET', '/admin/products?search=toggle&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((p: AdminProduct) => p.slug)).toEqual(['toggle-me']);
    expect(res.body.data.items[0]).toHaveProperty('content');
    expect(res.body.data.items[0]).toHaveProperty('videoUrl');
    expect((await ctx.admin('GET', '/admin/products?limit=1000')).status).toBe(400);
  });

  it('answers 400 to a malformed id and 404 to a missing one', async () => {
    expect((await ctx.admin('GET', '/admin/products/123')).status).toBe(400);
    expect((await ctx.admin('PUT', '/admin/products/react-basics', product())).status).toBe(400);
    expect((await ctx.admin('DELETE', '/admin/products/123')).status).toBe(400);
    const missing = 'abcdefabcdefabcdefabcdef';
    expect((await ctx.admin('GET', `/admin/products/${missing}`)).status).toBe(404);
    expect((await ctx.admin('PUT', `/admin/products/${missing}`, product())).status).toBe(404);
    expect((await ctx.admin('DELETE', `/admin/products/${missing}`)).status).toBe(404);
  });
});

describe('admin products: delete', () => {
  it('removes the product and asks progress to remove its rows', async () => {
    const created = (
      await ctx.admin('POST', '/admin/products', product({ title: 'Delete Me', isPublished: true }))
    ).body.data;
    const res = await ctx.admin('DELETE', `/admin/products/${created._id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product deleted successfully!');
    expect(ctx.peers.state.calls).toContain(`DELETE /internal/progress/products/${created._id}`);
    expect((await ctx.admin('GET', `/admin/products/${created._id}`)).status).toBe(404);
    expect(await publicSlugs()).not.toContain('delete-me');
  });

  it('keeps the product when progress cannot be reached, so nothing is left half-deleted', async () => {
    const created = (await ctx.admin('POST', '/admin/products', product({ title: 'Keep Me' }))).body.data;
    ctx.peers.state.down.add('progress');
    try {
      const res = await ctx.admin('DELETE', `/admin/products/${created._id}`);
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/could not be deleted/);
    } finally {
      ctx.peers.state.down.delete('progress');
    }
    expect((await ctx.admin('GET', `/admin/products/${created._id}`)).status).toBe(200);
  });
});
