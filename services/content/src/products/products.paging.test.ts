import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LISTING_WINDOW,
  listingWindowMessage,
  type Category,
  type Page,
  type PublicProduct,
} from '@catalyst/contracts';
import { identityHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  ctx.billing.entitled.add(testUsers.subscriber.id);
});
afterAll(() => ctx.close());

const get = async (path: string, caller?: 'subscriber' | 'admin') => {
  const res = await ctx.app.request(path, { headers: caller ? identityHeaders(testUsers[caller]) : {} });
  return { status: res.status, body: await res.json() };
};
const slugs = (body: { data: Page<PublicProduct> }) => body.data.items.map((p) => p.slug);

describe('catalogue paging', () => {
  it('gives the exact total whether the page is full, partial or past the end', async () => {
    expect((await get('/content/products?limit=2')).body.data).toMatchObject({
      total: 4,
      totalCapped: false,
      page: 1,
      limit: 2,
    });
    expect((await get('/content/products?limit=3&page=2')).body.data).toMatchObject({
      total: 4,
      totalCapped: false,
    });
    expect((await get('/content/products?limit=2&page=2')).body.data).toMatchObject({
      total: 4,
      totalCapped: false,
    });
    expect((await get('/content/products?limit=2&page=5')).body.data).toMatchObject({
      items: [],
      total: 4,
      totalCapped: false,
    });
    expect((await get('/content/products?search=react&limit=1')).body.data).toMatchObject({
      total: 1,
      totalCapped: false,
    });
    expect((await get('/categories?limit=1')).body.data).toMatchObject({ total: 2, totalCapped: false });
    expect((await get(`/categories/${fx.web}/products?limit=1`)).body.data).toMatchObject({
      total: 2,
      totalCapped: false,
    });
  });

  it('refuses a page that starts beyond the listing window with a 400 naming the page', async () => {
    const lastPage = LISTING_WINDOW / 20;
    expect((await get(`/content/products?page=${lastPage}`)).status).toBe(200);
    for (const [path, caller] of [
      [`/content/products?page=${lastPage + 1}`],
      [`/categories?page=${lastPage + 1}`],
      [`/categories/${fx.web}/products?page=${lastPage + 1}`],
      ['/content/products?limit=100&page=11'],
      [`/content/premium/products?page=${lastPage + 1}`, 'subscriber'],
      [`/admin/products?page=${lastPage + 1}`, 'admin'],
    ] as const) {
      const { status, body } = await get(path, caller);
      expect(status, path).toBe(400);
      const limit = path.includes('limit=100') ? 100 : 20;
      expect(body, path).toEqual({
        success: false,
        message: listingWindowMessage(limit),
        errors: [{ field: 'page', message: listingWindowMessage(limit) }],
      });
    }
  });

  it('keeps public lists in step when a category or creator is switched off and on, whoever writes', async () => {
    const visible = async () => slugs((await get('/content/products')).body);
    const all = ['sql-window-functions', 'modern-css-layouts', 'react-basics', 'pandas-for-analysts'];
    expect(await visible()).toEqual(all);

    await ctx.db.updateTable('categories').set({ is_active: false }).where('id', '=', fx.web).execute();
    expect(await visible()).toEqual(['sql-window-functions', 'pandas-for-analysts']);
    await ctx.db.updateTable('creators').set({ is_active: false }).where('id', '=', fx.alice).execute();
    expect(await visible()).toEqual(['sql-window-functions']);
    await ctx.db.updateTable('categories').set({ is_active: true }).where('id', '=', fx.web).execute();
    expect(await visible()).toEqual(['sql-window-functions']);
    await ctx.db.updateTable('creators').set({ is_active: true }).where('id', '=', fx.alice).execute();
    expect(await visible()).toEqual(all);

    // A product moved into an inactive category, or by an inactive creator, leaves the lists; moved back, returns.
    await ctx.db
      .updateTable('products')
      .set({ category_id: fx.hiddenCategory })
      .where('id', '=', fx.css)
      .execute();
    await ctx.db.updateTable('products').set({ creator_id: fx.ghost }).where('id', '=', fx.pandas).execute();
    expect(await visible()).toEqual(['sql-window-functions', 'react-basics']);
    expect((await get('/content/products/modern-css-layouts')).status).toBe(404);
    await ctx.db.updateTable('products').set({ category_id: fx.web }).where('id', '=', fx.css).execute();
    await ctx.db.updateTable('products').set({ creator_id: fx.alice }).where('id', '=', fx.pandas).execute();
    expect(await visible()).toEqual(all);

    // Publishing a draft of an active creator lists it; an inactive category's product stays out when published.
    await ctx.db
      .updateTable('products')
      .set({ is_published: true })
      .where('id', 'in', [fx.draft, fx.inHiddenCategory])
      .execute();
    expect(await visible()).toContain('unfinished-draft');
    expect(await visible()).not.toContain('hidden-category-react');
    await ctx.db.updateTable('products').set({ is_published: false }).where('id', '=', fx.draft).execute();
    expect(await visible()).toEqual(all);
  });

  it('counts the products of each category as a visitor sees them', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await get('/categories')).body.data.items.map((c: Category) => [c.slug, c.productCount]),
      );
    expect(await counts()).toEqual({ 'data-science': 2, 'web-development': 2 });
    await ctx.db.updateTable('creators').set({ is_active: false }).where('id', '=', fx.bob).execute();
    expect(await counts()).toEqual({ 'data-science': 1, 'web-development': 2 });
    await ctx.db.updateTable('creators').set({ is_active: true }).where('id', '=', fx.bob).execute();
  });

  it('counts up to the listing window and says when there are more', async () => {
    // LISTING_WINDOW + 5 more visible products of one creator, written straight into the table.
    await sql`
      insert into products (id, product_id, slug, title, description, category_id, creator_id, is_published, sort_order)
      select lpad(to_hex(1000000 + n), 24, '0'), 'BULK' || n, 'bulk-' || n, 'Bulk ' || n, 'Generated', ${fx.data}, ${fx.bob}, true, 100
      from generate_series(1, ${LISTING_WINDOW + 5}) n`.execute(ctx.db);
    const first = (await get('/content/products?creator=bob-stone')).body.data;
    expect(first).toMatchObject({ total: LISTING_WINDOW, totalCapped: true, page: 1, limit: 20 });
    expect(first.items).toHaveLength(20);
    // The last page inside the window is full and still says there are more.
    const last = (await get(`/content/products?creator=bob-stone&limit=100&page=${LISTING_WINDOW / 100}`))
      .body.data;
    expect(last).toMatchObject({ total: LISTING_WINDOW, totalCapped: true });
    expect(last.items).toHaveLength(100);
    // A deep page (ids chosen first) holds the same rows in the same order as a shallow read of them, in every order.
    for (const sort of ['sortOrder', 'title', 'newest', 'duration']) {
      const shallow = slugs(
        (await get(`/content/products?creator=bob-stone&sort=${sort}&limit=99&page=2`)).body,
      ).slice(1, 21);
      expect(
        slugs((await get(`/content/products?creator=bob-stone&sort=${sort}&limit=20&page=6`)).body),
        sort,
      ).toEqual(shallow);
    }
    // The premium and admin lists count the same way.
    expect((await get('/content/premium/products?creator=bob-stone', 'subscriber')).body.data).toMatchObject({
      total: LISTING_WINDOW,
      totalCapped: true,
    });
    expect((await get('/admin/products', 'admin')).body.data).toMatchObject({
      total: LISTING_WINDOW,
      totalCapped: true,
    });
    expect((await get('/content/premium/products?creator=alice-doe', 'subscriber')).body.data).toMatchObject({
      total: 3,
      totalCapped: false,
    });
    // Narrower filters count exactly again.
    expect((await get('/content/products?creator=bob-stone&search=bulk%20100')).body.data).toMatchObject({
      total: 7,
      totalCapped: false,
    });
    expect((await get('/content/products?category=web-development')).body.data).toMatchObject({
      total: 2,
      totalCapped: false,
    });
    expect(
      (await get('/categories')).body.data.items.find((c: Category) => c.slug === 'data-science')
        .productCount,
    ).toBe(LISTING_WINDOW + 7);
  });
});
