import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroadcast, type Broadcast } from '@catalyst/service-kit';
import {
  freePort,
  identityHeaders,
  startTestRedis,
  testLog,
  until,
  untilSubscribed,
  type TestRedis,
} from '@catalyst/service-kit/testing';
import { EVENTS_CHANNEL } from '../streams/event-hub';
import { createStreamHolders } from '../streams/stream-response';
import { createApp } from '../app';
import { createDeps } from '../deps';
import {
  admin,
  createTestCommunity,
  ids,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';
import { listen, openEvents, webinar } from './live-test-support';

const path = `/community/live/${webinar._id}`;

describe('live boards and discussions across replicas (Redis pub/sub)', () => {
  let redis: TestRedis;
  let t: TestCommunity;
  const broadcasts: Broadcast[] = [];
  let replicaA: Awaited<ReturnType<typeof listen>>;
  let replicaB: Awaited<ReturnType<typeof listen>>;
  let deps2: ReturnType<typeof createDeps>;

  beforeAll(async () => {
    redis = await startTestRedis(await freePort());
    broadcasts.push(
      createBroadcast({ redisUrl: redis.url, log: testLog }),
      createBroadcast({ redisUrl: redis.url, log: testLog }),
    );
    t = await createTestCommunity({ base: { broadcast: broadcasts[0] } });
    t.catalog.set(webinar._id, webinar);
    // A second replica: the same database and peers, its own process pieces (hub, Redis connections).
    // Its thousand streams are one reader's here (the cap of six per person is lifted for the load case).
    deps2 = {
      ...createDeps({
        config: t.deps.config,
        db: t.db,
        cache: t.cache,
        log: testLog,
        mailer: t.mailer,
        broadcast: broadcasts[1],
      }),
      streamHolders: createStreamHolders({ recheckMs: t.deps.config.STREAM_RECHECK_MS, perUser: 2_000 }),
    };
    replicaA = await listen(t.app.fetch);
    replicaB = await listen(createApp(deps2).fetch);
    const startsAt = new Date(Date.now() - 60_000);
    expect(
      (
        await t.call(admin, 'PUT', `/admin/community/live/${webinar._id}`, {
          startsAt: startsAt.toISOString(),
          durationMinutes: 60,
          joinUrl: 'https://meet.example.com/q',
        })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await Promise.all([replicaA?.close(), replicaB?.close()]);
    t.deps.live.close();
    deps2?.live.close();
    await t?.close();
    await Promise.all(broadcasts.map((b) => b.close()));
    await redis?.kill();
  });

  it('delivers a question asked on one replica to the boards open on the other', async () => {
    const onA = await openEvents(`${replicaA.url}${path}/events`, subscriber);
    const onB = await openEvents(`${replicaB.url}${path}/events`, otherSubscriber);
    await until(() => onA.events('session').length > 0 && onB.events('session').length > 0);
    // Both replicas' subscriptions are up before anything is asked.
    await untilSubscribed(redis.url, EVENTS_CHANNEL, 2);

    const asked = await t.call(subscriber, 'POST', `${path}/questions`, { body: 'Seen on both replicas?' });
    expect(asked.status).toBe(201);
    await until(() => onA.events('question').length > 0 && onB.events('question').length > 0, 10_000);
    expect(onA.events('question')).toHaveLength(1);
    expect(onB.events('question')).toHaveLength(1);
    expect(onB.events('question')[0].question).toMatchObject({
      _id: asked.body.data._id,
      body: 'Seen on both replicas?',
    });

    // A vote on replica B reaches replica A, once.
    const voteRes = await fetch(`${replicaB.url}/community/live/questions/${asked.body.data._id}/vote`, {
      method: 'PUT',
      headers: identityHeaders(otherSubscriber),
    });
    expect(voteRes.status).toBe(200);
    await until(() => onA.events('question').length > 1, 10_000);
    expect(onA.events('question').map((e) => e.question.upvotes)).toEqual([0, 1]);
    // A question asked on each replica after the vote: Redis keeps the channel's order, so a second copy of
    // the vote would reach each board before the question asked on the other replica.
    expect(
      (await t.call(subscriber, 'POST', `${path}/questions`, { body: 'Asked on A after the vote' })).status,
    ).toBe(201);
    const askedOnB = await fetch(`${replicaB.url}${path}/questions`, {
      method: 'POST',
      headers: { ...identityHeaders(otherSubscriber), 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Asked on B after the vote' }),
    });
    expect(askedOnB.status).toBe(201);
    const hasQuestion = (board: typeof onA, body: string) =>
      board.events('question').some((e) => e.question.body === body);
    await expect.poll(() => hasQuestion(onA, 'Asked on B after the vote'), { timeout: 2_000 }).toBe(true);
    await expect.poll(() => hasQuestion(onB, 'Asked on A after the vote'), { timeout: 2_000 }).toBe(true);
    const firstQuestion = (board: typeof onA) =>
      board
        .events('question')
        .filter((e) => e.question._id === asked.body.data._id)
        .map((e) => e.question.upvotes);
    expect(firstQuestion(onA)).toEqual([0, 1]);
    expect(firstQuestion(onB)).toEqual([0, 1]);

    await onA.close();
    await onB.close();
  });

  it("delivers a reply posted on one replica to a discussion open on the other (the hub's one channel)", async () => {
    const asked = await t.call(subscriber, 'POST', '/community/threads', {
      productId: ids.course,
      title: 'Seen on both replicas?',
      body: 'Asked on A.',
    });
    expect(asked.status).toBe(201);
    const onB = await openEvents(
      `${replicaB.url}/community/threads/${asked.body.data._id}/events`,
      subscriber,
    );
    await until(() => onB.frames.some((f) => f.retry !== undefined));
    expect(deps2.threadStreams.connections()).toBe(1);
    const replied = await t.call(
      otherSubscriber,
      'POST',
      `/community/threads/${asked.body.data._id}/replies`,
      { body: 'Answered on A.' },
    );
    expect(replied.status).toBe(201);
    await until(() => onB.events('reply').length > 0, 10_000);
    expect(onB.events('reply')).toEqual([
      { type: 'reply', threadId: asked.body.data._id, postId: replied.body.data._id, replyCount: 1 },
    ]);
    // a live board of the same process hears nothing of it
    expect(onB.events('question')).toEqual([]);
    await onB.close();
  });

  // How fast the question arrives is measured in bench/community.ts (timings do not belong in unit tests).
  it('holds 1,000 open streams on one replica and gets one question to every one of them', async () => {
    const boards = await Promise.all(
      Array.from({ length: 1_000 }, () => openEvents(`${replicaB.url}${path}/events`, otherSubscriber)),
    );
    await until(() => boards.every((b) => b.events('session').length > 0), 20_000);
    expect(deps2.live.connections()).toBe(1_000);
    const asked = await t.call(subscriber, 'POST', `${path}/questions`, { body: 'One for a thousand' });
    expect(asked.status).toBe(201);
    await until(
      () => boards.every((b) => b.events('question').some((e) => e.question._id === asked.body.data._id)),
      15_000,
    );
    expect(
      boards.every((b) => b.events('question').some((e) => e.question._id === asked.body.data._id)),
    ).toBe(true);
    await Promise.all(boards.map((b) => b.close()));
    await until(() => deps2.live.connections() === 0, 5_000);
    expect(deps2.live.connections()).toBe(0);
  }, 60_000);

  it('asks its streams to reconnect when the Redis subscription comes back, and the reconnect brings what was missed', async () => {
    const onB = await openEvents(`${replicaB.url}${path}/events`, otherSubscriber);
    await until(() => onB.events('session').length > 0);
    const seen = await t.call(subscriber, 'POST', `${path}/questions`, { body: 'Asked before the outage' });
    await until(() => onB.events('question').some((e) => e.question._id === seen.body.data._id), 10_000);
    const lastSeen = onB.frames.filter((f) => f.event === 'question').at(-1)!.id!;
    const port = Number(new URL(redis.url).port);
    await redis.kill();
    // Asked on replica A while Redis is down: replica B's board cannot hear of it.
    const missed = await t.call(subscriber, 'POST', `${path}/questions`, { body: 'Asked during the outage' });
    expect(missed.status).toBe(201);
    redis = await startTestRedis(port);
    await Promise.race([onB.ended, new Promise((r) => setTimeout(r, 8_000))]);
    expect(deps2.live.connections()).toBe(0);
    const again = await openEvents(`${replicaB.url}${path}/events`, otherSubscriber, {
      'last-event-id': lastSeen,
    });
    await until(() => again.events('question').some((e) => e.question._id === missed.body.data._id), 10_000);
    expect(again.events('question').map((e) => e.question._id)).toEqual([missed.body.data._id]);
    await again.close();
  }, 30_000);
});
