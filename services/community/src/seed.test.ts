import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@catalyst/contracts';
import { demoEntityId, demoLessonId } from '@catalyst/service-kit';
import { testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from './seed';
import { createTestCommunity, products, type TestCommunity } from './test-support';

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
});
