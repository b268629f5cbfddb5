import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PREMIUM_REQUIRED_MESSAGE,
  type AdminProduct,
  type Creator,
  type Page,
  type PremiumProduct,
  type ProductDetail,
  type PublicProduct,
} from '@catalyst/contracts';
import {
  TEST_INTERNAL_SECRET,
  identityHeaders,
  internalHeaders,
  testUsers,
} from '@catalyst/service-kit/testing';
import {
  audiencesOf,
  signIdentity,
  verifyMediaGrant,
  verifyMediaUrl,
  type MediaViewer,
} from '@catalyst/service-kit';
import { createTestContext, fx, insertFixtures } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  ctx.billing.entitled.add(testUsers.subscriber.id);
});
afterAll(() => ctx.close());

type Caller = 'anonymous' | 'learner' | 'subscriber' | 'admin';
const headersOf = (caller: Caller) => (caller === 'anonymous' ? {} : identityHeaders(testUsers[caller]));
const get = async (path: string, caller: Caller = 'subscriber') => {
  const res = await ctx.app.request(path, { headers: headersOf(caller) });
  return { status: res.status, body: await res.json() };
};
const viewerOf = (caller: Caller, access: MediaViewer['access'] = 'plan'): MediaViewer => ({
  userId: testUsers[caller as Exclude<Caller, 'anonymous'>].id,
  access,
});
/**
 * A signed address for exactly `path` that the gateway would accept now beside `viewer`'s own grant (and not
 * with another secret, without a grant, or beside another account's).
 */
function expectSignedVideo(
  videoUrl: string,
  viewer: MediaViewer = viewerOf('subscriber'),
  path = '/media/videos/lesson-1.mp4',
) {
  const url = new URL(videoUrl, 'http://gateway.test');
  expect(url.pathname).toBe(path);
  const exp = url.searchParams.get('exp');
  const sig = url.searchParams.get('sig');
  expect(verifyMediaUrl(url.pathname, exp, sig, TEST_INTERNAL_SECRET, audiencesOf(viewer))).toBe(true);
  expect(
    verifyMediaUrl(url.pathname, exp, sig, 'not-the-internal-secret-0123456789abcdef', audiencesOf(viewer)),
  ).toBe(false);
  expect(verifyMediaUrl(url.pathname, exp, sig, TEST_INTERNAL_SECRET, audiencesOf(undefined))).toBe(false);
  const stranger: MediaViewer = { userId: 'fedcba9876543210fedcba98', access: 'plan' };
  expect(verifyMediaUrl(url.pathname, exp, sig, TEST_INTERNAL_SECRET, audiencesOf(stranger))).toBe(false);
  // valid for 20 to 30 minutes: the player renews it well before
  expect(Number(exp) * 1000 - Date.now()).toBeGreaterThanOrEqual(20 * 60_000 - 5_000);
  expect(Number(exp) * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000);
}
const slugs = (body: { data: PublicProduct[] | Page<PublicProduct> }) =>
  (Array.isArray(body.data) ? body.data : body.data.items).map((p) => p.slug);

const premiumRoutes = [
  '/content/premium/products',
  '/content/premium/products/modern-css-layouts',
  '/content/premium/categories/web-development',
  '/users/premium/categories/web-development/creators',
  '/users/premium/products/alice-doe',
  '/users/premium/products/alice-doe/category/web-development',
];

describe('premium access matrix', () => {
  for (const path of premiumRoutes) {
    it(`refuses ${path} to anonymous callers with a 401`, async () => {
      const { status, body } = await get(path, 'anonymous');
      expect(status).toBe(401);
      expect(body.success).toBe(false);
    });

    it(`refuses ${path} to a learner without a plan with a 403 and the exact message`, async () => {
      expect(await get(path, 'learner')).toEqual({
        status: 403,
        body: { success: false, message: PREMIUM_REQUIRED_MESSAGE },
      });
    });

    it(`serves ${path} to a subscriber`, async () => {
      const { status, body } = await get(path, 'subscriber');
      expect(status).toBe(200);
      expect(body.success).toBe(true);
    });

    it(`serves ${path} to an admin without asking billing`, async () => {
      const before = ctx.billing.calls.filter((id) => id === testUsers.admin.id).length;
      expect((await get(path, 'admin')).status).toBe(200);
      expect(ctx.billing.calls.filter((id) => id === testUsers.admin.id).length).toBe(before);
    });
  }

  it('treats a forged identity as anonymous', async () => {
    const forged = signIdentity(testUsers.admin, 'not-the-internal-secret-0123456789abcdef');
    const res = await ctx.app.request('/content/premium/products', {
      headers: { 'x-catalyst-identity': forged },
    });
    expect(res.status).toBe(401);
  });
});

describe('premium content', () => {
  it('lists products with their video address as stored (signed only by a product page, for its viewer), without HTML content', async () => {
    const { body } = await get('/content/premium/products?category=web-development');
    expect(body.data.total).toBe(2);
    for (const item of body.data.items) expect(item.videoUrl).toBe('/media/videos/lesson-1.mp4');
    expect(body.data.items[0]).not.toHaveProperty('content');
  });

  it('serves the product page by slug, productId or _id with content, video and up to 3 related, never naming the staff account', async () => {
    await ctx.db
      .updateTable('products')
      .set({ created_by_name: 'Ada Admin', created_by_email: 'admin@test.example' })
      .where('id', '=', fx.react)
      .execute();
    for (const key of ['react-basics', 'REACT001', fx.react]) {
      const { status, body } = await get(`/content/premium/products/${key}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        _id: fx.react,
        content: '<p>Secret lesson body</p>',
      });
      expect(body.data).not.toHaveProperty('createdBy');
      expect(JSON.stringify(body)).not.toContain('admin@test.example');
      expect(body.data.related.map((p: PublicProduct) => p.slug)).toEqual(['modern-css-layouts']);
      expectSignedVideo(body.data.videoUrl);
    }
  });

  it('hands the viewer a media grant bound to their own user with the product page, never with a refusal', async () => {
    const res = await ctx.app.request('/content/premium/products/react-basics', {
      headers: identityHeaders(testUsers.admin),
    });
    // one cookie per media path (the gateway's files and media's own routes), the same grant
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(
      /^catalyst_media=[^;]+; Path=\/media; Max-Age=600; HttpOnly; SameSite=Strict$/,
    );
    expect(cookies[1]).toBe(cookies[0]!.replace('Path=/media', 'Path=/api/v1/media'));
    expect(
      verifyMediaGrant(cookies[0]!.slice('catalyst_media='.length).split(';')[0], TEST_INTERNAL_SECRET),
    ).toEqual(viewerOf('admin'));
    const refused = await ctx.app.request('/content/premium/products/modern-css-layouts', {
      headers: identityHeaders(testUsers.learner),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it('keeps a premium list answer only while its rows are memoised: an admin edit shows at once', async () => {
    const memo = await createTestContext({ catalogCacheTtlMs: 60_000 });
    try {
      await insertFixtures(memo.db);
      memo.billing.entitled.add(testUsers.subscriber.id);
      const list = async () => {
        const res = await memo.app.request('/content/premium/products?category=web-development', {
          headers: identityHeaders(testUsers.subscriber),
        });
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        return { text: await res.clone().text(), body: await res.json() };
      };
      const first = await list();
      expect(first.body.data.items.map((p: PremiumProduct) => p.title)).toContain('React Basics');
      for (const item of first.body.data.items) expect(item.videoUrl).toBe('/media/videos/lesson-1.mp4');
      expect((await list()).text).toBe(first.text);
      const edit = await memo.app.request(`/admin/products/${fx.react}`, {
        method: 'PUT',
        headers: { ...identityHeaders(testUsers.admin), 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(
            (await (
              await memo.app.request(`/admin/products/${fx.react}`, {
                headers: identityHeaders(testUsers.admin),
              })
            ).json()) as { data: AdminProduct }
          ).data,
          title: 'React Basics, Revised',
        }),
      });
      expect(edit.status).toBe(200);
      expect((await list()).body.data.items.map((p: PremiumProduct) => p.title)).toContain(
        'React Basics, Revised',
      );
    } finally {
      await memo.close();
    }
  });

  it('signs the video address of a memoised product for each answer', async () => {
    const memo = await createTestContext({ catalogCacheTtlMs: 60_000 });
    try {
      await insertFixtures(memo.db);
      const first = await memo.app.request('/content/premium/products/react-basics', {
        headers: identityHeaders(testUsers.admin),
      });
      const firstUrl = ((await first.json()) as { data: PremiumProduct }).data.videoUrl as string;
      expectSignedVideo(firstUrl, viewerOf('admin'));
      await memo.db
        .updateTable('products')
        .set({ video_url: '/media/videos/changed.mp4' })
        .where('id', '=', fx.react)
        .execute();
      const again = (
        (await (
          await memo.app.request('/content/premium/products/react-basics', {
            headers: identityHeaders(testUsers.admin),
          })
        ).json()) as { data: PremiumProduct }
      ).data;
      // the memoised row (not the database) answered, and its address was signed for this answer
      expectSignedVideo(again.videoUrl!, viewerOf('admin'));
    } finally {
      await memo.close();
    }
  });

  it('gives an external video address as the admin entered it', async () => {
    await ctx.db
      .updateTable('products')
      .set({ video_url: 'https://cdn.example/react.mp4?token=abc' })
      .where('id', '=', fx.css)
      .execute();
    try {
      expect((await get('/content/premium/products/modern-css-layouts')).body.data.videoUrl).toBe(
        'https://cdn.example/react.mp4?token=abc',
      );
    } finally {
      await ctx.db
        .updateTable('products')
        .set({ video_url: '/media/videos/lesson-1.mp4' })
        .where('id', '=', fx.css)
        .execute();
    }
  });

  it('never stores the signed address: the admin API and the database keep the raw value', async () => {
    expectSignedVideo(
      (await get('/content/premium/products/react-basics', 'admin')).body.data.videoUrl,
      viewerOf('admin'),
    );
    expect((await get(`/admin/products/${fx.react}`, 'admin')).body.data.videoUrl).toBe(
      '/media/videos/lesson-1.mp4',
    );
    const row = await ctx.db
      .selectFrom('products')
      .select('video_url')
      .where('id', '=', fx.react)
      .executeTakeFirstOrThrow();
    expect(row.video_url).toBe('/media/videos/lesson-1.mp4');
  });

  it('shows drafts only to admins', async () => {
    expect((await get('/content/premium/products/unfinished-draft', 'subscriber')).status).toBe(404);
    const { status, body } = await get('/content/premium/products/unfinished-draft', 'admin');
    expect(status).toBe(200);
    expect(body.data.isPublished).toBe(false);
  });

  it('404s unknown products, categories and creators', async () => {
    expect((await get('/content/premium/products/nothing-here')).body).toEqual({
      success: false,
      message: 'Product not found',
    });
    expect((await get('/content/premium/categories/nothing-here')).status).toBe(404);
    expect((await get('/users/premium/categories/nothing-here/creators')).status).toBe(404);
    expect((await get('/users/premium/products/nobody')).body).toEqual({
      success: false,
      message: 'Creator not found',
    });
    expect((await get('/users/premium/products/ghost-writer')).status).toBe(404);
    expect((await get('/users/premium/products/alice-doe/category/nothing-here')).status).toBe(404);
  });

  it('gives a premium category by slug or id with its product count', async () => {
    expect((await get(`/content/premium/categories/${fx.data}`)).body.data).toMatchObject({
      slug: 'data-science',
      productCount: 2,
    });
  });
});

describe('free products (priced 0)', () => {
  it('opens a free product page to a learner without a plan, with its video signed for them and a media grant that opens nothing premium', async () => {
    const learner = { ...testUsers.learner, id: 'fffffffffffffffffffffff1' };
    ctx.billing.calls.length = 0;
    const res = await ctx.app.request('/content/premium/products/react-basics', {
      headers: identityHeaders(learner),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: ProductDetail };
    expect(body.data).toMatchObject({ _id: fx.react, price: 0, content: '<p>Secret lesson body</p>' });
    // signed for the learner, with a grant that opens only what needs no plan (billing said they have none)
    const viewer: MediaViewer = { userId: learner.id, access: 'free' };
    expectSignedVideo(body.data.videoUrl!, viewer);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(
      verifyMediaGrant(cookie.slice('catalyst_media='.length).split(';')[0], TEST_INTERNAL_SECRET),
    ).toEqual(viewer);
  });

  it('still refuses priced and unpriced products, the lists and the categories to a learner without a plan', async () => {
    for (const path of [
      '/content/premium/products/modern-css-layouts',
      '/content/premium/products/pandas-for-analysts',
      '/content/premium/products?category=web-development',
      '/content/premium/categories/web-development',
    ]) {
      expect(await get(path, 'learner'), path).toEqual({
        status: 403,
        body: { success: false, message: PREMIUM_REQUIRED_MESSAGE },
      });
    }
  });

  it('answers an unknown product with the refusal, so a learner learns nothing of what exists, and a subscriber with a 404', async () => {
    expect((await get('/content/premium/products/nothing-here', 'learner')).status).toBe(403);
    expect((await get('/content/premium/products/nothing-here', 'subscriber')).status).toBe(404);
  });

  it('keeps a free draft from everyone but admins (a learner gets the refusal, as for any product not there for them)', async () => {
    await ctx.db.updateTable('products').set({ price: '0' }).where('id', '=', fx.draft).execute();
    try {
      expect((await get('/content/premium/products/unfinished-draft', 'learner')).status).toBe(403);
      expect((await get('/content/premium/products/unfinished-draft', 'subscriber')).status).toBe(404);
      expect((await get('/content/premium/products/unfinished-draft', 'admin')).status).toBe(200);
    } finally {
      await ctx.db.updateTable('products').set({ price: null }).where('id', '=', fx.draft).execute();
    }
  });
});

describe('creators of a category', () => {
  it('lists active creators with visible products in the category and their counts', async () => {
    const { body } = await get('/users/premium/categories/web-development/creators');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ _id: fx.alice, id: fx.alice, name: 'Alice Doe', productCount: 2 });
    const data = (await get(`/users/premium/categories/${fx.data}/creators`)).body.data;
    expect(data.map((c: Creator) => [c.slug, c.productCount])).toEqual([
      ['bob-stone', 1],
      ['alice-doe', 1],
    ]);
  });

  it('searches and sorts creators by name and recency', async () => {
    expect(
      (await get('/users/premium/categories/data-science/creators?search=SQL')).body.data.map(
        (c: Creator) => c.slug,
      ),
    ).toEqual(['bob-stone']);
    expect(
      (await get('/users/premium/categories/data-science/creators?sort=name')).body.data.map(
        (c: Creator) => c.slug,
      ),
    ).toEqual(['alice-doe', 'bob-stone']);
    expect(
      (await get('/users/premium/categories/data-science/creators?sort=newest')).body.data.map(
        (c: Creator) => c.slug,
      ),
    ).toEqual(['bob-stone', 'alice-doe']);
  });
});

describe('creator library', () => {
  it("lists a creator's products across categories, and within one category, as plain lists", async () => {
    expect(slugs((await get('/users/premium/products/alice-doe')).body)).toEqual([
      'modern-css-layouts',
      'react-basics',
      'pandas-for-analysts',
    ]);
    const { body } = await get(`/users/premium/products/${fx.alice}/category/web-development`);
    expect(slugs(body)).toEqual(['modern-css-layouts', 'react-basics']);
    for (const item of body.data) expect(item.videoUrl).toBe('/media/videos/lesson-1.mp4');
    for (const item of (await get('/users/premium/products/alice-doe')).body.data)
      expect(item.videoUrl).not.toMatch(/[?&]sig=/);
  });

  it('filters and sorts the library', async () => {
    const base = '/users/premium/products/alice-doe/category/web-development';
    expect(slugs((await get(`${base}?type=course`)).body)).toEqual(['react-basics']);
    expect(slugs((await get(`${base}?difficulty=intermediate`)).body)).toEqual(['modern-css-layouts']);
    expect(slugs((await get(`${base}?search=hooks`)).body)).toEqual(['react-basics']);
    expect(slugs((await get(`${base}?sort=title`)).body)).toEqual(['modern-css-layouts', 'react-basics']);
    expect(slugs((await get(`${base}?sort=duration`)).body)).toEqual(['modern-css-layouts', 'react-basics']);
  });
});

describe('bad parameters on premium routes', () => {
  it('answers them with a 400 for an entitled caller', async () => {
    for (const path of [
      '/content/premium/products?sort=random',
      '/content/premium/products?page=-1',
      '/users/premium/categories/web-development/creators?sort=title',
      '/users/premium/products/alice-doe?difficulty=ninja',
      '/users/premium/products/alice%20doe',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.success).toBe(false);
    }
  });
});

describe('entitlement', () => {
  beforeEach(async () => {
    ctx.billing.setFailing(false);
    ctx.billing.entitled.delete(testUsers.learner.id);
    await ctx.cache.del(`entitlement:${testUsers.learner.id}`);
  });

  it('caches billing’s answer instead of asking on every request', async () => {
    ctx.billing.calls.length = 0;
    await get('/content/premium/products', 'learner');
    await get('/content/premium/products', 'learner');
    await get('/content/premium/products', 'learner');
    expect(ctx.billing.calls.filter((id) => id === testUsers.learner.id)).toHaveLength(1);
  });

  it('sees a new subscription on the next request after billing evicts the user', async () => {
    expect((await get('/content/premium/products', 'learner')).status).toBe(403);
    ctx.billing.entitled.add(testUsers.learner.id);
    expect((await get('/content/premium/products', 'learner')).status).toBe(403); // still cached
    const evict = await ctx.app.request('/internal/invalidations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...internalHeaders() },
      body: JSON.stringify({ topic: 'entitlement', key: testUsers.learner.id }),
    });
    expect(evict.status).toBe(200);
    expect((await get('/content/premium/products', 'learner')).status).toBe(200);
    // and a cancellation the same way
    ctx.billing.entitled.delete(testUsers.learner.id);
    await ctx.app.request('/internal/invalidations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...internalHeaders() },
      body: JSON.stringify({ topic: 'entitlement', key: testUsers.learner.id }),
    });
    expect((await get('/content/premium/products', 'learner')).status).toBe(403);
  });

  it('answers 503 (not a refusal) when billing cannot answer, and does not cache that', async () => {
    ctx.billing.setFailing(true);
    const { status, body } = await get('/content/premium/products', 'learner');
    expect(status).toBe(503);
    expect(body.success).toBe(false);
    ctx.billing.setFailing(false);
    ctx.billing.entitled.add(testUsers.learner.id);
    expect((await get('/content/premium/products', 'learner')).status).toBe(200);
  });

  it('refuses the invalidation route without the internal secret and rejects a bad body', async () => {
    const anonymous = await ctx.app.request('/internal/invalidations', {
      method: 'POST',
      body: JSON.stringify({ topic: 'entitlement', key: 'x' }),
    });
    expect(anonymous.status).toBe(404);
    const bad = await ctx.app.request('/internal/invalidations', {
      method: 'POST',
      headers: { 'x-catalyst-internal': TEST_INTERNAL_SECRET },
      body: '{"topic":',
    });
    expect(bad.status).toBe(400);
    const empty = await ctx.app.request('/internal/invalidations', {
      method: 'POST',
      headers: { 'x-catalyst-internal': TEST_INTERNAL_SECRET },
      body: '{}',
    });
    expect(empty.status).toBe(400);
  });
});
