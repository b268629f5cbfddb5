import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SAVED_FULL_MESSAGE,
  SAVED_MAX,
  contentInternalRoutes,
  fillPath,
  routeUrl,
  savedRoutes,
} from '@catalyst/contracts';
import { identityHeaders, internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type Caller, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('saved_products').execute();
});

// The service's own paths: routeUrl gives the gateway's, with the API prefix.
const path = (url: string) => url.replace(/^\/api\/v1/, '');
const listPath = (query: { cursor?: string; limit?: number } = {}) =>
  path(routeUrl(savedRoutes.list, { query }));
const itemPath = (productId: string) => path(routeUrl(savedRoutes.save, { params: { productId } }));
const save = (productId: string, caller: Caller = 'learner') => ctx.call(caller, 'PUT', itemPath(productId));
const unsave = (productId: string, caller: Caller = 'learner') =>
  ctx.call(caller, 'DELETE', itemPath(productId));
const titlesOf = (body: { data: { items: { product: { title: string } }[] } }) =>
  body.data.items.map((item) => item.product.title);

describe('the saved list', () => {
  it('saves a published product, and lists it with what a card shows', async () => {
    const saved = await save(fx.react);
    expect(saved).toEqual({
      status: 200,
      body: { success: true, data: { productId: fx.react, saved: true } },
    });

    const { status, body } = await ctx.call('learner', 'GET', listPath());
    expect(status).toBe(200);
    expect(body.data.total).toBe(1);
    expect(body.data.nextCursor).toBeNull();
    const [item] = body.data.items;
    expect(item.product).toMatchObject({
      _id: fx.react,
      title: 'React Basics',
      slug: 'react-basics',
      thumbnail: '/media/thumbnails/x.jpg',
      creator: { name: 'Alice Doe' },
      category: { name: 'Web Development' },
    });
    expect(item.product).not.toHaveProperty('videoUrl');
    expect(Date.parse(item.savedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('saving twice keeps one entry in its first place; unsaving twice answers the same', async () => {
    await save(fx.react);
    await save(fx.css);
    expect((await save(fx.react)).body.data).toEqual({ productId: fx.react, saved: true });
    expect(titlesOf((await ctx.call('learner', 'GET', listPath())).body)).toEqual([
      'Modern CSS Layouts',
      'React Basics',
    ]);

    expect(await unsave(fx.react)).toEqual({
      status: 200,
      body: { success: true, data: { productId: fx.react, saved: false } },
    });
    expect((await unsave(fx.react)).body.data).toEqual({ productId: fx.react, saved: false });
    expect(titlesOf((await ctx.call('learner', 'GET', listPath())).body)).toEqual(['Modern CSS Layouts']);
  });

  it('lists newest first, paged by cursor, and answers every id for the cards', async () => {
    for (const id of [fx.react, fx.css, fx.sql, fx.pandas]) await save(id);
    const first = (await ctx.call('learner', 'GET', listPath({ limit: 3 }))).body;
    expect(first.data.total).toBe(4);
    expect(first.data.items.map((item: { product: { _id: string } }) => item.product._id)).toEqual([
      fx.pandas,
      fx.sql,
      fx.css,
    ]);
    const second = (await ctx.call('learner', 'GET', listPath({ limit: 3, cursor: first.data.nextCursor })))
      .body;
    expect(second.data.items.map((item: { product: { _id: string } }) => item.product._id)).toEqual([
      fx.react,
    ]);
    expect(second.data.nextCursor).toBeNull();

    const ids = await ctx.call('learner', 'GET', path(routeUrl(savedRoutes.ids)));
    expect(ids.body.data).toEqual({ productIds: [fx.pandas, fx.sql, fx.css, fx.react] });
  });

  it('refuses a cursor that is not its own with a 400 naming the field', async () => {
    const { status, body } = await ctx.call('learner', 'GET', listPath({ cursor: 'not-a-cursor' }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message: 'Invalid cursor', errors: [{ field: 'cursor' }] });
  });

  it('answers 404 for an unknown or unpublished product, 400 for a malformed id, and saves nothing', async () => {
    for (const id of ['0000000000000000000e9999', fx.draft, fx.retired, fx.inHiddenCategory]) {
      const { status, body } = await save(id);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: 'Product not found' });
    }
    const malformed = await save('react-basics');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, errors: [{ field: 'productId' }] });
    expect((await ctx.call('learner', 'GET', listPath())).body.data.total).toBe(0);
  });

  it('leaves a product that stops being published off the list', async () => {
    await save(fx.react);
    await save(fx.css);
    await ctx.db.updateTable('products').set({ is_published: false }).where('id', '=', fx.react).execute();
    try {
      expect(titlesOf((await ctx.call('learner', 'GET', listPath())).body)).toEqual(['Modern CSS Layouts']);
    } finally {
      await ctx.db.updateTable('products').set({ is_published: true }).where('id', '=', fx.react).execute();
    }
  });

  it('refuses visitors with 401 on every saved route', async () => {
    for (const [method, url] of [
      ['GET', listPath()],
      ['GET', path(routeUrl(savedRoutes.ids))],
      ['PUT', itemPath(fx.react)],
      ['DELETE', itemPath(fx.react)],
    ] as const) {
      const { status, body } = await ctx.call('anonymous', method, url);
      expect(status, `${method} ${url}`).toBe(401);
      expect(body.success).toBe(false);
    }
  });

  it("keeps each member's list their own: another member neither sees nor removes it", async () => {
    await save(fx.react, 'learner');
    await save(fx.sql, 'subscriber');
    expect(titlesOf((await ctx.call('subscriber', 'GET', listPath())).body)).toEqual([
      'SQL Window Functions',
    ]);
    expect((await ctx.call('subscriber', 'GET', path(routeUrl(savedRoutes.ids)))).body.data).toEqual({
      productIds: [fx.sql],
    });
    await unsave(fx.react, 'subscriber');
    expect(titlesOf((await ctx.call('learner', 'GET', listPath())).body)).toEqual(['React Basics']);
  });

  it("forgets a deleted account's list when auth asks, and only that account's", async () => {
    await save(fx.react, 'learner');
    await save(fx.css, 'learner');
    await save(fx.sql, 'subscriber');
    const res = await ctx.app.request(
      fillPath(contentInternalRoutes.deleteUserData.path, { userId: testUsers.learner.id }),
      { method: 'DELETE', headers: internalHeaders() },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { deleted: 2 } });
    expect((await ctx.call('learner', 'GET', listPath())).body.data.total).toBe(0);
    expect(titlesOf((await ctx.call('subscriber', 'GET', listPath())).body)).toEqual([
      'SQL Window Functions',
    ]);
  });

  it(`refuses a save past ${SAVED_MAX} with a 409, yet a product already on the list still answers saved`, async () => {
    // a full list: SAVED_MAX - 1 filler drafts, then one real save
    const fillers = Array.from(
      { length: SAVED_MAX - 1 },
      (_, i) => `ffff${i.toString(16).padStart(20, '0')}`,
    );
    await ctx.db
      .insertInto('products')
      .values(
        fillers.map((id, i) => ({
          id,
          product_id: `FILL${i}`,
          slug: `filler-${i}`,
          title: `Filler ${i}`,
          description: 'Fills the list',
          category_id: fx.web,
          creator_id: fx.alice,
        })),
      )
      .execute();
    try {
      await ctx.db
        .insertInto('saved_products')
        .values(fillers.map((product_id) => ({ user_id: testUsers.learner.id, product_id })))
        .execute();
      expect((await save(fx.react)).status).toBe(200);

      const refused = await save(fx.css);
      expect(refused).toEqual({ status: 409, body: { success: false, message: SAVED_FULL_MESSAGE } });
      // in the language the page asks for
      const german = await ctx.app.request(itemPath(fx.css), {
        method: 'PUT',
        headers: { ...identityHeaders(testUsers.learner), 'accept-language': 'de' },
      });
      expect(await german.json()).toEqual({
        success: false,
        message: 'Du kannst bis zu 1.000 Kurse speichern: Entferne einen, um einen anderen zu speichern',
      });
      expect((await save(fx.react)).body.data).toEqual({ productId: fx.react, saved: true });
      // another member's list is not counted against this one
      expect((await save(fx.css, 'subscriber')).status).toBe(200);
    } finally {
      await ctx.db.deleteFrom('products').where('id', 'in', fillers).execute();
    }
  });
});
