import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contentInternalRoutes,
  fillPath,
  type Identity,
  type MyReview,
  type ReportedReview,
  type Review,
  type ReviewPage,
} from '@catalyst/contracts';
import { identityHeaders, internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type TestContext } from '../test-support';
import { deleteReviewsOfAuthor } from './reviews.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  // SQL Window Functions is a course with one lesson.
  await ctx.db
    .insertInto('course_sections')
    .values({ id: '0000000000000000000f0001', product_id: fx.sql, title: 'Basics', position: 0 })
    .execute();
  await ctx.db
    .insertInto('course_lessons')
    .values({
      id: '0000000000000000000f0002',
      section_id: '0000000000000000000f0001',
      product_id: fx.sql,
      title: 'Ranking',
      kind: 'video',
      position: 0,
      duration_seconds: 60,
      video_url: null,
      media_asset_id: null,
      body: null,
    })
    .execute();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('reviews').execute();
  await ctx.db.updateTable('products').set({ rating_average: null, rating_count: 0 }).execute();
  ctx.peers.state.standings.clear();
  ctx.peers.state.down.clear();
});

/** A learner of its own (several review one product at once). */
const learnerNo = (n: number): Identity => ({
  id: `${'b'.repeat(20)}${String(n).padStart(4, '0')}`,
  role: 'user',
  email: `learner${n}@test.example`,
  name: `Learner ${n}`,
});
const lee = testUsers.learner as Identity;
const sam = testUsers.subscriber as Identity;
const admin = testUsers.admin as Identity;

async function call<T>(as: Identity | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = as ? identityHeaders(as) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await ctx.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: T; message?: string };
  return { status: res.status, ...json };
}

const watched = (who: Identity, productId: string, progress: number, completedLessons = 0) =>
  ctx.peers.state.standings.set(`${who.id}/${productId}`, { progress, completedLessons });
const reviews = (key: string) => `/content/products/${key}/reviews`;
const rate = (who: Identity, key: string, rating: number, body?: string) =>
  call<Review>(who, 'PUT', `${reviews(key)}/mine`, body === undefined ? { rating } : { rating, body });
const list = (key: string, query = '') => call<ReviewPage>(null, 'GET', `${reviews(key)}${query}`);
const productRating = async (key: string) => {
  const { data } = await call<{ ratingAverage: number | null; ratingCount: number }>(
    null,
    'GET',
    `/content/products/${key}`,
  );
  return { average: data.ratingAverage, count: data.ratingCount };
};

describe('who may review', () => {
  it('refuses a learner who watched less than 20%, saying how much is needed and how much they watched', async () => {
    watched(lee, fx.css, 5);
    const res = await rate(lee, 'modern-css-layouts', 4);
    expect(res.status).toBe(403);
    expect(res).toMatchObject({
      success: false,
      message: 'Watch at least 20% of this product to review it — you have watched 5%.',
    });
    const mine = await call<MyReview>(lee, 'GET', `${reviews(fx.css)}/mine`);
    expect(mine.data).toEqual({
      review: null,
      eligibility: {
        allowed: false,
        progress: 5,
        message: 'Watch at least 20% of this product to review it — you have watched 5%.',
      },
    });
  });

  it('names the lesson rule on a course and lets a learner who finished a lesson review it', async () => {
    watched(lee, fx.sql, 3);
    expect((await rate(lee, fx.sql, 5)).message).toBe(
      'Watch at least 20% of this course or finish one of its lessons to review it — you have watched 3%.',
    );
    watched(lee, fx.sql, 3, 1);
    expect((await rate(lee, fx.sql, 5)).status).toBe(200);
  });

  it('lets a learner at exactly 20% rate, and asks a visitor to sign in', async () => {
    watched(lee, fx.css, 20);
    const res = await rate(lee, fx.css, 4);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ rating: 4, body: '', author: { _id: lee.id, name: 'Lee Learner' } });
    expect((await call(null, 'PUT', `${reviews(fx.css)}/mine`, { rating: 4 })).status).toBe(401);
  });

  it('answers 503 with a message when progress cannot say, and 400 for a rating outside 1–5', async () => {
    ctx.peers.state.down.add('progress');
    const down = await rate(lee, fx.css, 4);
    expect(down.status).toBe(503);
    expect(down.message).toBe('Your progress could not be checked just now. Please try again shortly');
    ctx.peers.state.down.clear();
    watched(lee, fx.css, 50);
    for (const rating of [0, 6, 2.5, 'five']) {
      const bad = await call(lee, 'PUT', `${reviews(fx.css)}/mine`, { rating });
      expect(bad.status).toBe(400);
      expect(bad.message).toMatch(/Validation|rating/i);
    }
    expect((await call(lee, 'PUT', `${reviews('no-such-product')}/mine`, { rating: 3 })).status).toBe(404);
  });
});

describe('one review per learner', () => {
  it('edits the same review on a second save, and deletes it', async () => {
    watched(lee, fx.css, 40);
    const first = await rate(lee, fx.css, 2, 'Too fast');
    const second = await rate(lee, fx.css, 5, 'Better **the second** time');
    expect(second.data._id).toBe(first.data._id);
    expect(second.data).toMatchObject({
      rating: 5,
      bodyHtml: '<p>Better <strong>the second</strong> time</p>',
    });
    expect((await list(fx.css)).data.items.map((r) => r.rating)).toEqual([5]);
    expect(await productRating(fx.css)).toEqual({ average: 5, count: 1 });

    const gone = await call<{ _id: string }>(lee, 'DELETE', `${reviews(fx.css)}/mine`);
    expect(gone).toMatchObject({
      status: 200,
      data: { _id: first.data._id },
      message: 'Your review was deleted',
    });
    expect((await list(fx.css)).data.items).toEqual([]);
    expect(await productRating(fx.css)).toEqual({ average: null, count: 0 });
    const again = await call(lee, 'DELETE', `${reviews(fx.css)}/mine`);
    expect(again).toMatchObject({ status: 404, message: 'You have not reviewed this product' });
  });

  it('sanitises the Markdown as posts are: a <script> never comes back', async () => {
    watched(lee, fx.css, 40);
    const res = await rate(
      lee,
      fx.css,
      4,
      'Nice <script>alert(1)</script> [link](javascript:alert(2)) <img src=x onerror=alert(3)>',
    );
    const html = (await list(fx.css)).data.items[0]!.bodyHtml;
    expect(res.data.bodyHtml).toBe(html);
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('the rating on the product', () => {
  it('keeps average and count exact under concurrent reviews from several learners', async () => {
    const learners = Array.from({ length: 12 }, (_, i) => learnerNo(i + 1));
    for (const l of learners) watched(l, fx.react, 100);
    const stars = learners.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(learners.map((l, i) => rate(l, fx.react, stars[i]!)));
    expect(results.map((r) => r.status)).toEqual(learners.map(() => 200));
    const mean = Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 100) / 100;
    expect(await productRating(fx.react)).toEqual({ average: mean, count: 12 });

    // Half of them change their minds while the other half delete, all at once.
    await Promise.all(
      learners.map((l, i) => (i % 2 ? rate(l, fx.react, 1) : call(l, 'DELETE', `${reviews(fx.react)}/mine`))),
    );
    expect(await productRating(fx.react)).toEqual({ average: 1, count: 6 });
    expect((await list(fx.react)).data.rating).toEqual({ average: 1, count: 6 });
  });

  it('sorts product lists by rating, best first, unrated last', async () => {
    watched(lee, fx.css, 100);
    watched(lee, fx.react, 100);
    await rate(lee, fx.css, 5);
    await rate(lee, fx.react, 3);
    const { data } = await call<{ items: { slug: string; ratingAverage: number | null }[] }>(
      null,
      'GET',
      '/content/products?sort=rating',
    );
    expect(data.items.slice(0, 2).map((p) => [p.slug, p.ratingAverage])).toEqual([
      ['modern-css-layouts', 5],
      ['react-basics', 3],
    ]);
    expect(data.items.slice(2).every((p) => p.ratingAverage === null)).toBe(true);
  });

  it('filters product lists by a minimum rating, and refuses one outside 1–5', async () => {
    watched(lee, fx.css, 100);
    watched(lee, fx.react, 100);
    await rate(lee, fx.css, 5);
    await rate(lee, fx.react, 3);
    const slugsAtLeast = async (min: string) =>
      (
        await call<{ items: { slug: string }[] }>(
          null,
          'GET',
          `/content/products?minRating=${min}&sort=title`,
        )
      ).data.items.map((p) => p.slug);
    expect(await slugsAtLeast('4')).toEqual(['modern-css-layouts']);
    expect(await slugsAtLeast('3')).toEqual(['modern-css-layouts', 'react-basics']);
    const bad = await call(null, 'GET', '/content/products?minRating=6');
    expect(bad).toMatchObject({ status: 400, success: false });
    expect(JSON.stringify(bad)).toContain('Minimum rating must be a number from 1 to 5');
  });
});

describe('sorting and paging reviews', () => {
  async function threeReviews() {
    const [a, b, c] = [learnerNo(1), learnerNo(2), learnerNo(3)];
    for (const l of [a, b, c]) watched(l, fx.css, 100);
    const low = await rate(a, fx.css, 2, 'first');
    const high = await rate(b, fx.css, 5, 'second');
    const mid = await rate(c, fx.css, 4, 'third');
    await call(lee, 'POST', `${reviews(fx.css)}/${mid.data._id}/helpful`);
    await call(sam, 'POST', `${reviews(fx.css)}/${mid.data._id}/helpful`);
    await call(lee, 'POST', `${reviews(fx.css)}/${low.data._id}/helpful`);
    return { low, high, mid };
  }
  const bodies = (page: ReviewPage) => page.items.map((r) => r.body);

  it('orders by most helpful (the default), newest and highest rating', async () => {
    await threeReviews();
    expect(bodies((await list(fx.css)).data)).toEqual(['third', 'first', 'second']);
    expect(bodies((await list(fx.css, '?sort=newest')).data)).toEqual(['third', 'second', 'first']);
    expect(bodies((await list(fx.css, '?sort=rating')).data)).toEqual(['second', 'third', 'first']);
    const bad = await list(fx.css, '?sort=loudest');
    expect(bad.status).toBe(400);
  });

  it('pages by cursor in every order and refuses a made-up cursor', async () => {
    await threeReviews();
    for (const [sort, expected] of [
      ['helpful', ['third', 'first', 'second']],
      ['rating', ['second', 'third', 'first']],
      ['newest', ['third', 'second', 'first']],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await list(fx.css, `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        const page: ReviewPage = res.data;
        expect(page.total).toBe(3);
        seen.push(...bodies(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
    expect((await list(fx.css, '?cursor=abc')).status).toBe(400);
  });
});

describe('helpful votes', () => {
  it('counts one vote per person and never on your own review (409 in the one error shape)', async () => {
    watched(lee, fx.css, 100);
    const mine = await rate(lee, fx.css, 4);
    const path = `${reviews(fx.css)}/${mine.data._id}/helpful`;
    expect(await call(lee, 'POST', path)).toEqual({
      status: 409,
      success: false,
      message: 'You cannot mark your own review as helpful',
    });
    expect((await call(sam, 'POST', path)).data).toEqual({
      reviewId: mine.data._id,
      helpfulCount: 1,
      helpfulByMe: true,
    });
    expect(await call(sam, 'POST', path)).toEqual({
      status: 409,
      success: false,
      message: 'You have already marked this review as helpful',
    });
    expect((await list(fx.css)).data.items[0]!.helpfulCount).toBe(1);
  });
});

describe('reports and moderation', () => {
  it("puts a reported review in the moderators' queue, once per reporter; hiding it takes it out of the rating", async () => {
    watched(lee, fx.css, 100);
    watched(sam, fx.css, 100);
    const review = await rate(lee, fx.css, 1, 'Spam spam spam');
    await rate(sam, fx.css, 5);
    const path = `${reviews(fx.css)}/${review.data._id}/report`;
    expect(await call(sam, 'POST', path, { reason: 'spam', note: 'An advert' })).toMatchObject({
      status: 200,
      data: { reviewId: review.data._id, reported: true },
    });
    expect(await call(sam, 'POST', path, { reason: 'spam' })).toMatchObject({
      status: 409,
      message: 'You have already reported this review',
    });
    expect((await call(lee, 'POST', path, { reason: 'spam' })).status).toBe(409);
    expect((await call(sam, 'POST', path, { reason: 'because' })).status).toBe(400);

    const queue = await call<{ items: ReportedReview[]; total: number }>(
      admin,
      'GET',
      '/admin/reviews/reports',
    );
    expect(queue.data.total).toBe(1);
    expect(queue.data.items[0]).toMatchObject({
      review: { _id: review.data._id, body: 'Spam spam spam', status: 'visible' },
      product: { _id: fx.css, title: 'Modern CSS Layouts' },
      reportCount: 1,
      reports: [{ reason: 'spam', note: 'An advert', reporter: { _id: sam.id, name: 'Sam Subscriber' } }],
      status: 'open',
    });
    expect((await call(sam, 'GET', '/admin/reviews/reports')).status).toBe(403);

    expect(await productRating(fx.css)).toEqual({ average: 3, count: 2 });
    const hidden = await call(admin, 'POST', `/admin/reviews/${review.data._id}/hide`, {
      reason: 'Advertising',
    });
    expect(hidden.data).toMatchObject({ status: 'hidden' });
    expect((await list(fx.css)).data.items.map((r) => r.author.name)).toEqual(['Sam Subscriber']);
    expect(await productRating(fx.css)).toEqual({ average: 5, count: 1 });
    await call(admin, 'POST', `/admin/reviews/${review.data._id}/restore`, { reason: 'Second look' });
    expect(await productRating(fx.css)).toEqual({ average: 3, count: 2 });

    await call(admin, 'POST', `/admin/reviews/${review.data._id}/dismiss`, { reason: 'Not spam' });
    expect((await call<{ total: number }>(admin, 'GET', '/admin/reviews/reports')).data.total).toBe(0);
    const resolved = await call<{ items: ReportedReview[] }>(
      admin,
      'GET',
      '/admin/reviews/reports?status=resolved',
    );
    expect(resolved.data.items.map((i) => i.review._id)).toEqual([review.data._id]);
    const log = await ctx.db
      .selectFrom('review_moderation_log')
      .select(['action', 'reason'])
      .orderBy('created_at')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['hide', 'restore', 'dismiss-reports']);
  });
});

describe('replies', () => {
  it("shows an admin's reply under the review and refuses one from another learner", async () => {
    watched(lee, fx.css, 100);
    const review = await rate(lee, fx.css, 3, 'Good but short');
    const path = `${reviews(fx.css)}/${review.data._id}/reply`;
    expect(await call(sam, 'PUT', path, { body: 'Thanks!' })).toMatchObject({
      status: 403,
      message: "Only the product's creator or an admin can reply to its reviews",
    });
    const replied = await call<Review>(admin, 'PUT', path, {
      body: 'Thanks — part 2 is *coming*.<script>x</script>',
    });
    expect(replied.status).toBe(200);
    const shown = (await list(fx.css)).data.items[0]!.reply;
    expect(shown).toMatchObject({
      bodyHtml: '<p>Thanks — part 2 is <em>coming</em>.&lt;script&gt;x&lt;/script&gt;</p>',
      by: { name: 'Ada Admin', isCreator: false },
    });
  });

  it("lets the product's own account reply as its creator", async () => {
    await ctx.db.updateTable('products').set({ created_by_id: sam.id }).where('id', '=', fx.css).execute();
    watched(lee, fx.css, 100);
    const review = await rate(lee, fx.css, 5);
    const res = await call<Review>(sam, 'PUT', `${reviews(fx.css)}/${review.data._id}/reply`, {
      body: 'Glad it helped',
    });
    expect(res.data.reply).toMatchObject({
      body: 'Glad it helped',
      by: { name: 'Alice Doe', isCreator: true },
    });
  });

  it("lets an account linked to the product's creator in the studio reply as the creator", async () => {
    await ctx.db.updateTable('products').set({ created_by_id: null }).where('id', '=', fx.css).execute();
    const maya = { ...sam, id: 'f'.repeat(24), role: 'creator' as const, email: 'maya@test.example' };
    watched(lee, fx.css, 100);
    const review = await rate(lee, fx.css, 4);
    const path = `${reviews(fx.css)}/${review.data._id}/reply`;
    expect((await call(maya, 'PUT', path, { body: 'Thank you' })).status).toBe(403);
    const { creator_id } = await ctx.db
      .selectFrom('products')
      .select('creator_id')
      .where('id', '=', fx.css)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('creator_accounts')
      .values({ user_id: maya.id, creator_id, name: maya.name, email: maya.email })
      .execute();
    const res = await call<Review>(maya, 'PUT', path, { body: 'Thank you' });
    expect(res.data.reply).toMatchObject({ body: 'Thank you', by: { name: 'Alice Doe', isCreator: true } });
  });
});

describe("a deleted account's reviews", () => {
  it('go with it when auth asks, the ratings and helpful counts they touched recomputed', async () => {
    for (const key of [fx.css, fx.react]) {
      watched(lee, key, 100);
      watched(sam, key, 100);
    }
    await rate(lee, fx.css, 1);
    await rate(lee, fx.react, 2);
    const sams = await rate(sam, fx.css, 5);
    await call(lee, 'POST', `${reviews(fx.css)}/${sams.data._id}/helpful`);

    const res = await ctx.app.request(
      fillPath(contentInternalRoutes.deleteUserData.path, { userId: lee.id }),
      { method: 'DELETE', headers: internalHeaders() },
    );
    expect(await res.json()).toEqual({ success: true, data: { deleted: 2 } });
    expect(await productRating(fx.css)).toEqual({ average: 5, count: 1 });
    expect(await productRating(fx.react)).toEqual({ average: null, count: 0 });
    expect((await list(fx.css)).data.items.map((r) => [r.author.name, r.helpfulCount])).toEqual([
      ['Sam Subscriber', 0],
    ]);
    expect(await deleteReviewsOfAuthor(ctx.db, lee.id)).toBe(0);
  });
});
