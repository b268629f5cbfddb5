import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_MESSAGES,
  discussionEventSchema,
  PREMIUM_REQUIRED_MESSAGE,
  STREAMS_PER_USER,
  type DiscussionEvent,
  type Identity,
} from '@catalyst/contracts';
import { identityHeaders, until } from '@catalyst/service-kit/testing';
import { listen, openEvents } from '../streams/stream-test-support';
import {
  admin,
  createTestCommunity,
  ids,
  learner,
  lesson,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';

let t: TestCommunity;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await createTestCommunity({ config: { LIVE_HEARTBEAT_MS: '150', STREAM_RECHECK_MS: '150' } });
  server = await listen(t.app.fetch);
});
afterAll(async () => {
  await server?.close();
  t.deps.streams.close();
  await t?.close();
});

async function ask(
  as: Identity = subscriber,
  target: { productId: string; lessonId?: string } = { productId: ids.course, lessonId: lesson.premium },
) {
  const res = await t.call(as, 'POST', '/community/threads', {
    ...target,
    title: 'Why does my effect run twice?',
    body: 'In development only.',
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; opening: { _id: string } };
}

const open = (threadId: string, as: Identity = subscriber) =>
  openEvents(`${server.url}/community/threads/${threadId}/events`, as);

/** Every event of a stream, checked against the contract. */
const eventsOf = (stream: Awaited<ReturnType<typeof open>>) =>
  stream.frames
    .filter((f) => f.event && f.data)
    .map((f) => {
      const event = discussionEventSchema.parse(JSON.parse(f.data!));
      expect(f.event).toBe(event.type);
      return event;
    });
const ofType = <T extends DiscussionEvent['type']>(stream: Awaited<ReturnType<typeof open>>, type: T) =>
  eventsOf(stream).filter((e): e is Extract<DiscussionEvent, { type: T }> => e.type === type);

/** The stream is attached once its retry hint has come (the hub holds events from then on). */
const opened = async (stream: Awaited<ReturnType<typeof open>>) =>
  until(() => stream.frames.some((f) => f.retry !== undefined));

describe("a discussion's event stream", () => {
  it('tells two readers of a thread about a reply, once each, with its id and the new count', async () => {
    const asked = await ask();
    const asker = await open(asked._id, subscriber);
    const other = await open(asked._id, admin);
    expect(asker.res.status).toBe(200);
    expect(asker.res.headers.get('content-type')).toContain('text/event-stream');
    await Promise.all([opened(asker), opened(other)]);

    const replied = await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, {
      body: 'React runs it twice in StrictMode.',
    });
    expect(replied.status).toBe(201);
    await until(() => ofType(asker, 'reply').length > 0 && ofType(other, 'reply').length > 0, 10_000);
    const expected = { type: 'reply', threadId: asked._id, postId: replied.body.data._id, replyCount: 1 };
    expect(ofType(asker, 'reply')).toEqual([expected]);
    expect(ofType(other, 'reply')).toEqual([expected]);
    expect(t.deps.threadStreams.connections()).toBe(2);

    await asker.close();
    await other.close();
    await until(() => t.deps.threadStreams.connections() === 0);
    expect(t.deps.streams.connections()).toBe(0);
  });

  it("carries only its own thread's events, and heartbeats", async () => {
    const mine = await ask();
    const elsewhere = await ask();
    const stream = await open(mine._id);
    await opened(stream);
    expect(
      (
        await t.call(otherSubscriber, 'POST', `/community/threads/${elsewhere._id}/replies`, {
          body: 'Elsewhere.',
        })
      ).status,
    ).toBe(201);
    await until(() => stream.frames.some((f) => f.comment === 'heartbeat'), 10_000);
    expect(eventsOf(stream)).toEqual([]);
    await stream.close();
  });

  it('tells readers of edits, votes, the answer, removals and the lock, a removed post without its text', async () => {
    const asked = await ask();
    const replied = await t.call(otherSubscriber, 'POST', `/community/threads/${asked._id}/replies`, {
      body: 'Try **this**.',
    });
    const replyId = replied.body.data._id as string;
    const stream = await open(asked._id);
    await opened(stream);
    const changedPost =
      (predicate: (post: Extract<DiscussionEvent, { type: 'post-changed' }>['post']) => boolean) => () =>
        ofType(stream, 'post-changed').some((e) => predicate(e.post));
    const threadState = (predicate: (e: Extract<DiscussionEvent, { type: 'thread' }>) => boolean) => () =>
      ofType(stream, 'thread').some(predicate);

    expect(
      (await t.call(otherSubscriber, 'PATCH', `/community/posts/${replyId}`, { body: 'Try _that_.' })).status,
    ).toBe(200);
    await until(
      changedPost(
        (p) =>
          p._id === replyId &&
          p.body === 'Try _that_.' &&
          p.bodyHtml.includes('<em>that</em>') &&
          p.editedAt !== null,
      ),
      2_000,
    );

    expect((await t.call(subscriber, 'PUT', `/community/posts/${replyId}/vote`)).status).toBe(200);
    await until(
      changedPost((p) => p._id === replyId && p.upvotes === 1),
      2_000,
    );

    expect((await t.call(subscriber, 'PUT', `/community/posts/${replyId}/answer`)).status).toBe(200);
    await until(
      threadState((e) => e.answered && e.answerPostId === replyId && e.replyCount === 1),
      2_000,
    );

    expect(
      (await t.call(admin, 'POST', `/admin/community/posts/${replyId}/hide`, { reason: 'Off topic' })).status,
    ).toBe(200);
    await until(
      changedPost((p) => p._id === replyId && p.status === 'hidden'),
      2_000,
    );
    const hidden = ofType(stream, 'post-changed').find((e) => e.post.status === 'hidden')!;
    expect(hidden.post).toMatchObject({ body: '', bodyHtml: '' });

    expect(
      (
        await t.call(admin, 'POST', `/admin/community/posts/${replyId}/restore`, {
          reason: 'On topic after all',
        })
      ).status,
    ).toBe(200);
    await until(
      changedPost((p) => p._id === replyId && p.status === 'visible' && p.body === 'Try _that_.'),
      2_000,
    );

    expect(
      (await t.call(admin, 'PUT', `/admin/community/threads/${asked._id}/lock`, { reason: 'Settled' }))
        .status,
    ).toBe(200);
    await until(
      threadState((e) => e.locked),
      2_000,
    );

    // No event carries what only one reader knows.
    for (const frame of stream.frames)
      expect(frame.data ?? '').not.toMatch(/upvotedByMe|"mine"|editableUntil/);
    await stream.close();
  });

  it('opens only to readers of the discussion: 401, 403 with the premium message, 404 for no thread', async () => {
    const premium = await ask();
    expect((await t.call(null, 'GET', `/community/threads/${premium._id}/events`)).status).toBe(401);
    const refused = await t.call(learner, 'GET', `/community/threads/${premium._id}/events`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: PREMIUM_REQUIRED_MESSAGE });
    expect((await t.call(subscriber, 'GET', `/community/threads/${ids.missing}/events`)).status).toBe(404);
    expect((await t.call(subscriber, 'GET', '/community/threads/not-an-id/events')).status).toBe(400);

    // A free-preview lesson's discussion streams to a learner without the plan.
    const preview = await ask(learner, { productId: ids.course, lessonId: lesson.preview });
    const stream = await open(preview._id, learner);
    expect(stream.res.status).toBe(200);
    await stream.close();
  });
});

// Issue 53 (5): one person's streams are few, and each lasts only while its reader may read its thread.
describe("a person's event streams", () => {
  it(`are at most ${STREAMS_PER_USER} at once: the next is a 429 in the one error shape until one closes`, async () => {
    const asked = await ask();
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(await open(asked._id, otherSubscriber));
    expect(streams.map((s) => s.res.status)).toEqual(Array(STREAMS_PER_USER).fill(200));
    await Promise.all(streams.map(opened));

    const refused = await fetch(`${server.url}/community/threads/${asked._id}/events`, {
      headers: { ...identityHeaders(otherSubscriber), accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(await refused.json()).toEqual({ success: false, message: COMMUNITY_MESSAGES.tooManyStreams });
    // Someone else's streams are theirs.
    const others = await open(asked._id, subscriber);
    expect(others.res.status).toBe(200);
    await others.close();

    await streams.pop()!.close();
    await until(() => t.deps.streamHolders.heldBy(otherSubscriber.id) === STREAMS_PER_USER - 1);
    const again = await open(asked._id, otherSubscriber);
    expect(again.res.status).toBe(200);
    await Promise.all([again, ...streams].map((s) => s.close()));
    await until(() => t.deps.streamHolders.heldBy(otherSubscriber.id) === 0);
  });

  it('end when the plan that opened them ends, and never for a free preview', async () => {
    const premium = await ask(otherSubscriber);
    const preview = await ask(otherSubscriber, { productId: ids.course, lessonId: lesson.preview });
    const onPremium = await open(premium._id, otherSubscriber);
    const onPreview = await open(preview._id, otherSubscriber);
    await Promise.all([opened(onPremium), opened(onPreview)]);

    t.entitled.delete(otherSubscriber.id);
    try {
      await t.deps.entitlements.evict(otherSubscriber.id);
      await onPremium.ended;
      expect(onPreview.frames.length).toBeGreaterThan(0);
      await until(() => t.deps.streamHolders.heldBy(otherSubscriber.id) === 1, 10_000);
      // Reopened, it is refused as any premium request is.
      const reopened = await open(premium._id, otherSubscriber);
      expect(reopened.res.status).toBe(403);
      await reopened.close();
    } finally {
      t.entitled.add(otherSubscriber.id);
      await onPreview.close();
    }
  });
});
