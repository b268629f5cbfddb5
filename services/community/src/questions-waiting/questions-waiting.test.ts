import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalHeaders } from '@catalyst/service-kit/testing';
import {
  admin,
  createTestCommunity,
  ids,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';

let t: TestCommunity;
beforeAll(async () => {
  t = await createTestCommunity();
});
afterAll(() => t.close());

async function ask(title: string) {
  const res = await t.call(subscriber, 'POST', '/community/threads', {
    productId: ids.course,
    title,
    body: 'Why?',
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string };
}

async function waiting(productIds: string[]) {
  const res = await t.app.request('/internal/community/questions-waiting', {
    method: 'POST',
    headers: { ...internalHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ productIds }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

describe("a product's questions waiting (the creator studio)", () => {
  it('counts open discussions without an answer; an answered or locked one no longer waits', async () => {
    const answered = await ask('Answered soon');
    const locked = await ask('Locked soon');
    await ask('Still waiting');
    const reply = await t.call(otherSubscriber, 'POST', `/community/threads/${answered._id}/replies`, {
      body: 'Because.',
    });
    expect(reply.status).toBe(201);
    expect(await waiting([ids.course, ids.free])).toEqual([
      { productId: ids.course, waiting: 3 },
      { productId: ids.free, waiting: 0 },
    ]);
    expect((await t.call(subscriber, 'PUT', `/community/posts/${reply.body.data._id}/answer`)).status).toBe(
      200,
    );
    expect(
      (await t.call(admin, 'PUT', `/admin/community/threads/${locked._id}/lock`, { reason: 'Off topic' }))
        .status,
    ).toBe(200);
    expect(await waiting([ids.course])).toEqual([{ productId: ids.course, waiting: 1 }]);
  });
});
