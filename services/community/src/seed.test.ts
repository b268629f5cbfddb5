import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@catalyst/contracts';
import { demoEntityId, demoProductCode } from '@catalyst/service-kit';
import { DEMO_WEBINARS, demoLessonId } from '@catalyst/demo';
import { testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from './seed';
import { createTestCommunity, products, subscriber, type TestCommunity } from './test-support';

let t: TestCommunity;
const grid = demoEntityId('product', 'css-grid-layout-workshop');
const welcome = demoLessonId('css-grid-layout-workshop', 'welcome');

beforeAll(async () => {
  t = await createTestCommunity();
  t.catalog.set(grid, {
    ...products[0]!,
    _id: grid,
    slug: 'css-grid-layout-workshop',
    title: 'CSS Grid Layout Workshop',
  });
  t.courses.set(grid, [{ id: welcome, durationSeconds: 60, isFreePreview: true, kind: 'video' }]);
});
afterAll(() => t.close());

describe('demo discussions', () => {
  it('seeds the same discussions once, one of them answered, readable through the API by the free preview', async () => {
    await seedDemo(t.db, testLog);
    const first = await t.db.selectFrom('threads').select(['id', 'answer_post_id']).orderBy('id').execute();
    await seedDemo(t.db, testLog);
    expect(await t.db.selectFrom('threads').select(['id', 'answer_post_id']).orderBy('id').execute()).toEqual(
      first,
    );
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.filter((row) => row.answer_post_id !== null)).toHaveLength(1);

    const learner = {
      id: demoAccounts.learner.id,
      role: 'user' as const,
      email: demoAccounts.learner.email,
      name: demoAccounts.learner.name,
    };
    const list = await t.call(learner, 'GET', `/community/threads?productId=${grid}&lessonId=${welcome}`);
    expect(list.status).toBe(200);
    const [thread] = list.body.data.items;
    expect(thread).toMatchObject({
      title: 'Do I need to know Flexbox before starting Grid?',
      answered: true,
      replyCount: 2,
    });
    expect(thread.opening.author).toEqual({
      _id: demoAccounts.learner.id,
      name: demoAccounts.learner.name,
      isAdmin: false,
      isCreator: false,
    });
    const replies = await t.call(learner, 'GET', `/community/threads/${thread._id}/replies?sort=top`);
    expect(replies.body.data.items[0]).toMatchObject({
      isAnswer: true,
      upvotes: 2,
      upvotedByMe: true,
      author: { name: demoAccounts.member.name },
    });
    expect(replies.body.data.items[0].bodyHtml).toContain('<strong>two-dimensional</strong>');
    expect(JSON.stringify(replies.body)).not.toContain('@catalyst.example');
  });

  it("schedules every demo webinar's next live session a day after the seed, which a member sees as upcoming", async () => {
    const other = await createTestCommunity();
    try {
      const seededAt = Date.now();
      await seedDemo(other.db, testLog);
      const rows = await other.db.selectFrom('live_sessions').selectAll().execute();
      expect(rows.map((r) => r.product_id).sort()).toEqual(
        DEMO_WEBINARS.map((w) => demoEntityId('product', w.slug)).sort(),
      );
      const DAY = 86_400_000;
      for (const webinar of DEMO_WEBINARS) {
        const row = rows.find((r) => r.product_id === demoEntityId('product', webinar.slug))!;
        expect(row.title, webinar.slug).toBe(webinar.session);
        expect(row.product_key).toBe(demoProductCode(webinar.slug));
        // a day from the seed, on the quarter hour that follows
        expect(row.starts_at.getTime()).toBeGreaterThanOrEqual(seededAt + DAY);
        expect(row.starts_at.getTime()).toBeLessThanOrEqual(seededAt + DAY + 15 * 60_000 + 5_000);
        expect(row.starts_at.getUTCMinutes() % 15).toBe(0);
      }

      const webinar = DEMO_WEBINARS[0]!;
      const productId = demoEntityId('product', webinar.slug);
      other.catalog.set(productId, {
        ...products[0]!,
        _id: productId,
        slug: webinar.slug,
        title: webinar.slug,
        type: 'webinar',
      });
      const { status, body } = await other.call(subscriber, 'GET', `/community/live/${productId}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ title: webinar.session, status: 'scheduled', recording: null });
      expect(Date.parse(body.data.startsAt) - seededAt).toBeGreaterThanOrEqual(DAY);
    } finally {
      await other.close();
    }
  });
});
