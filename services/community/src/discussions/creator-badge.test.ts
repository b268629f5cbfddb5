import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestCommunity,
  creatorAccount,
  ids,
  otherCreatorAccount,
  subscriber,
  type TestCommunity,
} from '../test-support';

let t: TestCommunity;
beforeAll(async () => {
  t = await createTestCommunity();
});
afterAll(() => t.close());

async function ask(productId: string) {
  const res = await t.call(subscriber, 'POST', '/community/threads', {
    productId,
    title: 'How does this work?',
    body: 'Why?',
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string };
}

describe("the item's own creator in discussions", () => {
  it("marks a creator's reply and thread on their own item, and says so when the thread is read again", async () => {
    const thread = await ask(ids.course);
    const answer = await t.call(creatorAccount, 'POST', `/community/threads/${thread._id}/replies`, {
      body: 'It works like this.',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.author).toEqual({
      _id: creatorAccount.id,
      name: 'Maya Chen',
      isAdmin: false,
      isCreator: true,
    });
    const own = await t.call(creatorAccount, 'POST', '/community/threads', {
      productId: ids.course,
      title: 'Start here',
      body: 'Ask me anything.',
    });
    expect(own.status).toBe(201);
    expect(own.body.data.opening.author.isCreator).toBe(true);

    const replies = await t.call(subscriber, 'GET', `/community/threads/${thread._id}/replies`);
    expect(
      replies.body.data.items.map((p: { author: { isCreator: boolean } }) => p.author.isCreator),
    ).toEqual([true]);
  });

  it("does not mark another creator's reply, nor a learner's", async () => {
    const thread = await ask(ids.course);
    const other = await t.call(otherCreatorAccount, 'POST', `/community/threads/${thread._id}/replies`, {
      body: 'I teach something else.',
    });
    expect(other.status).toBe(201);
    expect(other.body.data.author.isCreator).toBe(false);
    const learner = await t.call(subscriber, 'POST', `/community/threads/${thread._id}/replies`, {
      body: 'Me too.',
    });
    expect(learner.body.data.author.isCreator).toBe(false);
    const read = await t.call(subscriber, 'GET', `/community/threads/${thread._id}`);
    expect(read.body.data.opening.author.isCreator).toBe(false);
  });
});
