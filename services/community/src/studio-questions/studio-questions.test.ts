import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  createTestCommunity,
  creatorAccount,
  ids,
  lesson,
  otherCreatorAccount,
  products,
  subscriber,
  type TestCommunity,
} from '../test-support';

let t: TestCommunity;
beforeAll(async () => {
  t = await createTestCommunity();
  // A product by another creator: its questions are not Maya's.
  t.catalog.set(others._id, { ...products[0]!, ...others });
});
afterAll(() => t.close());

const others = {
  _id: '11111111111111111111aa09',
  slug: 'other-course',
  title: 'Other Course',
  creatorId: otherCreatorAccount.creatorId!,
};

async function ask(productId: string, title: string, lessonId?: string) {
  const res = await t.call(subscriber, 'POST', '/community/threads', {
    productId,
    ...(lessonId ? { lessonId } : {}),
    title,
    body: 'Why?',
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string };
}

const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((q) => q.title);

describe("the studio's open questions", () => {
  it("lists a creator's unanswered questions on their items, newest first, with where they live", async () => {
    const answered = await ask(ids.course, 'Answered');
    await ask(ids.course, 'On the course');
    await ask(ids.course, 'In a lesson', lesson.preview);
    await ask(others._id, 'Not yours');
    const reply = await t.call(creatorAccount, 'POST', `/community/threads/${answered._id}/replies`, {
      body: 'Like this.',
    });
    expect((await t.call(subscriber, 'PUT', `/community/posts/${reply.body.data._id}/answer`)).status).toBe(
      200,
    );

    const mine = await t.call(creatorAccount, 'GET', '/studio/questions');
    expect(mine.status).toBe(200);
    expect(titles(mine)).toEqual(['In a lesson', 'On the course']);
    expect(mine.body.data[0]).toMatchObject({
      productId: ids.course,
      productTitle: 'React Course',
      lessonId: lesson.preview,
      author: { name: subscriber.name },
      replyCount: 0,
    });
    expect(mine.body.data[1].lessonId).toBeNull();

    expect(titles(await t.call(otherCreatorAccount, 'GET', '/studio/questions'))).toEqual(['Not yours']);
    const every = await t.call(admin, 'GET', '/studio/questions');
    expect(titles(every)).toEqual(['Not yours', 'In a lesson', 'On the course']);
    expect(every.body.data[0].productTitle).toBe('Other Course');
  });

  it('is closed to learners', async () => {
    const res = await t.call(subscriber, 'GET', '/studio/questions');
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });
});
