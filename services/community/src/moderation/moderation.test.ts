import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, type Identity } from '@catalyst/contracts';
import {
  admin,
  createTestCommunity,
  ids,
  learner,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';

let t: TestCommunity;
beforeAll(async () => {
  t = await createTestCommunity();
});
afterAll(() => t.close());

async function thread(as: Identity = subscriber) {
  const res = await t.call(as, 'POST', '/community/threads', {
    productId: ids.course,
    title: 'A question worth asking',
    body: 'The opening text',
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; opening: { _id: string } };
}

async function replyTo(
  threadId: string,
  as: Identity = otherSubscriber,
  body = 'Buy cheap pills at https://spam.example',
) {
  const res = await t.call(as, 'POST', `/community/threads/${threadId}/replies`, { body });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string };
}

const report = (postId: string, as: Identity, reason = 'spam') =>
  t.call(as, 'POST', `/community/posts/${postId}/report`, { reason, note: `${as.name} says so` });
const audit = async () => (await t.call(admin, 'GET', '/admin/community/audit?limit=100')).body.data;

describe('moderation is for admins', () => {
  it('refuses visitors and members', async () => {
    const asked = await thread();
    expect((await t.call(null, 'GET', '/admin/community/reports')).status).toBe(401);
    expect((await t.call(subscriber, 'GET', '/admin/community/reports')).status).toBe(403);
    expect(
      (
        await t.call(learner, 'POST', `/admin/community/posts/${asked.opening._id}/hide`, {
          reason: 'Because',
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call(subscriber, 'PUT', `/admin/community/threads/${asked._id}/lock`, { reason: 'Because' }))
        .status,
    ).toBe(403);
    expect((await t.call(subscriber, 'GET', '/admin/community/audit')).status).toBe(403);
  });

  it('asks for a reason and names unknown posts', async () => {
    const asked = await thread();
    expect(
      (await t.call(admin, 'POST', `/admin/community/posts/${asked.opening._id}/hide`, { reason: '' }))
        .status,
    ).toBe(400);
    expect(
      (await t.call(admin, 'POST', `/admin/community/posts/${ids.missing}/hide`, { reason: 'Because' })).body,
    ).toEqual({ success: false, message: COMMUNITY_MESSAGES.postNotFound });
    expect(
      (await t.call(admin, 'PUT', `/admin/community/threads/${ids.missing}/lock`, { reason: 'Because' }))
        .status,
    ).toBe(404);
  });
});

describe('the reports queue', () => {
  it('lists reported posts most reported first with their reports, and moves a dismissed one to resolved', async () => {
    const asked = await thread();
    const spam = await replyTo(asked._id);
    const rude = await replyTo(asked._id, otherSubscriber, 'You are all wrong');
    for (const who of [subscriber, admin]) expect((await report(spam._id, who)).status).toBe(201);
    expect((await report(rude._id, subscriber, 'abuse')).status).toBe(201);

    const open = (await t.call(admin, 'GET', '/admin/community/reports')).body.data;
    const ours = open.items.filter((item: { thread: { _id: string } }) => item.thread._id === asked._id);
    expect(ours.map((item: { post: { _id: string } }) => item.post._id)).toEqual([spam._id, rude._id]);
    expect(ours[0]).toMatchObject({
      reportCount: 2,
      status: 'open',
      thread: {
        _id: asked._id,
        title: 'A question worth asking',
        productId: ids.course,
        lessonId: null,
        locked: false,
      },
      post: { body: 'Buy cheap pills at https://spam.example', status: 'visible' },
    });
    expect(ours[0].reports).toEqual([
      expect.objectContaining({
        reason: 'spam',
        note: `${subscriber.name} says so`,
        reporter: { _id: subscriber.id, name: subscriber.name, isAdmin: false },
      }),
      expect.objectContaining({
        reason: 'spam',
        reporter: { _id: admin.id, name: admin.name, isAdmin: true },
      }),
    ]);

    const dismissed = await t.call(admin, 'POST', `/admin/community/posts/${rude._id}/dismiss`, {
      reason: 'Blunt, not abusive',
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.status).toBe('visible');
    const stillOpen = (
      await t.call(admin, 'GET', '/admin/community/reports?status=open&limit=100')
    ).body.data.items.map((i: { post: { _id: string } }) => i.post._id);
    expect(stillOpen).not.toContain(rude._id);
    const resolved = (await t.call(admin, 'GET', '/admin/community/reports?status=resolved&limit=100')).body
      .data.items;
    expect(resolved.find((i: { post: { _id: string } }) => i.post._id === rude._id)).toMatchObject({
      status: 'resolved',
      reportCount: 1,
    });
    expect((await audit()).items[0]).toMatchObject({
      action: 'dismiss-reports',
      postId: rude._id,
      reason: 'Blunt, not abusive',
      threadTitle: 'A question worth asking',
      productId: ids.course,
    });
  });
});

describe('hiding, restoring and deleting', () => {
  it('hides a post from readers (admins still read it), restores it, and logs each action', async () => {
    const asked = await thread();
    const spam = await replyTo(asked._id);
    await report(spam._id, subscriber);

    const hidden = await t.call(admin, 'POST', `/admin/community/posts/${spam._id}/hide`, {
      reason: 'Spam link',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({
      status: 'hidden',
      body: 'Buy cheap pills at https://spam.example',
    });
    const asReader = (await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`)).body.data
      .items[0];
    expect(asReader).toMatchObject({ _id: spam._id, status: 'hidden', body: '', bodyHtml: '' });
    // Acting on a post closes its reports.
    const open = (await t.call(admin, 'GET', '/admin/community/reports?limit=100')).body.data.items.map(
      (i: { post: { _id: string } }) => i.post._id,
    );
    expect(open).not.toContain(spam._id);
    // Hidden posts take no votes, and their author cannot edit them back.
    expect((await t.call(subscriber, 'PUT', `/community/posts/${spam._id}/vote`)).status).toBe(409);
    expect(
      (await t.call(otherSubscriber, 'PATCH', `/community/posts/${spam._id}`, { body: 'innocent now' }))
        .status,
    ).toBe(409);

    const restored = await t.call(admin, 'POST', `/admin/community/posts/${spam._id}/restore`, {
      reason: 'Reviewed again',
    });
    expect(restored.body.data.status).toBe('visible');
    expect(
      (await t.call(subscriber, 'GET', `/community/threads/${asked._id}/replies`)).body.data.items[0].body,
    ).toBe('Buy cheap pills at https://spam.example');

    const entries = (await audit()).items.filter((e: { postId: string }) => e.postId === spam._id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['restore', 'hide']);
    expect(entries[1]).toMatchObject({
      reason: 'Spam link',
      moderator: { _id: admin.id, name: admin.name, isAdmin: true },
    });
  });

  it("deletes anyone's post keeping its text, unmarks it as the answer, and will not restore it", async () => {
    const asked = await thread(subscriber);
    const answer = await replyTo(asked._id, otherSubscriber, 'The answer');
    await t.call(subscriber, 'PUT', `/community/posts/${answer._id}/answer`);
    const deleted = await t.call(admin, 'POST', `/admin/community/posts/${answer._id}/delete`, {
      reason: 'Plagiarised',
    });
    expect(deleted.body.data).toMatchObject({ status: 'deleted', body: 'The answer' });
    const seen = await t.call(subscriber, 'GET', `/community/threads/${asked._id}`);
    expect(seen.body.data).toMatchObject({ answered: false, answerPostId: null });
    expect(
      (
        await t.db
          .selectFrom('posts')
          .select('body_md')
          .where('id', '=', answer._id)
          .executeTakeFirstOrThrow()
      ).body_md,
    ).toBe('The answer');
    expect(
      (await t.call(admin, 'POST', `/admin/community/posts/${answer._id}/restore`, { reason: 'Oops' }))
        .status,
    ).toBe(409);
    // Repeating an action changes nothing and logs nothing more.
    expect(
      (await t.call(admin, 'POST', `/admin/community/posts/${answer._id}/delete`, { reason: 'Again' }))
        .status,
    ).toBe(200);
    const entries = (await audit()).items.filter((e: { postId: string }) => e.postId === answer._id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['delete']);
  });
});

describe('locking', () => {
  it('locks and unlocks a thread, logging both', async () => {
    const asked = await thread();
    const locked = await t.call(admin, 'PUT', `/admin/community/threads/${asked._id}/lock`, {
      reason: 'Going in circles',
    });
    expect(locked.body.data).toMatchObject({ _id: asked._id, locked: true });
    expect(
      (await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, { body: 'one more' }))
        .body.message,
    ).toBe(COMMUNITY_MESSAGES.locked);
    const unlocked = await t.call(admin, 'DELETE', `/admin/community/threads/${asked._id}/lock`);
    expect(unlocked.body.data.locked).toBe(false);
    expect(
      (await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, { body: 'one more' }))
        .status,
    ).toBe(201);
    const entries = (await audit()).items.filter((e: { threadId: string }) => e.threadId === asked._id);
    expect(entries.map((e: { action: string; postId: string | null }) => [e.action, e.postId])).toEqual([
      ['unlock', null],
      ['lock', null],
    ]);
  });

  it('pages the audit log newest first with its total', async () => {
    const page = (await t.call(admin, 'GET', '/admin/community/audit?page=1&limit=2')).body.data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page).toMatchObject({ page: 1, limit: 2 });
  });
});
