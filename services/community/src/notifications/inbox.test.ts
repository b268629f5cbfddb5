import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressEventRoutes, type DomainEvent, type Identity } from '@catalyst/contracts';
import { createPeer } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createPeerStandIn,
  identityHeaders,
  internalHeaders,
} from '@catalyst/service-kit/testing';
import { sendCreatorNews } from '../creator-follows/creator-news';
import { listen, openEvents } from '../streams/stream-test-support';
import {
  createTestCommunity,
  creator,
  ids,
  learner,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';
import { noticeLiveSessions, pruneOldNotifications } from './centre-jobs';
import { consumeFeed, notificationsOf } from './domain-feed';

const MINUTE = 60_000;
const DAY = 86_400_000;
const LIST = '/community/notifications';

let t: TestCommunity;
let clock = new Date('2026-12-01T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
beforeAll(async () => {
  t = await createTestCommunity({ now: () => clock });
});
afterAll(() => t.close());

const listOf = async (as: Identity = subscriber) => {
  const res = await t.call(as, 'GET', LIST);
  expect(res.body.message).toBeUndefined();
  return res.body.data as {
    items: { id: string; type: string; title: string; link: string; read: boolean }[];
    unread: number;
    nextCursor: string | null;
  };
};
const ofType = async (type: string, as: Identity = subscriber) =>
  (await listOf(as)).items.filter((n) => n.type === type);
const startThread = async (title: string, as: Identity = subscriber) => {
  const res = await t.call(as, 'POST', '/community/threads', {
    productId: ids.course,
    title,
    body: 'How do hooks keep their state between renders?',
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
};
const replyTo = async (threadId: string, as: Identity = otherSubscriber) => {
  const res = await t.call(as, 'POST', `/community/threads/${threadId}/replies`, {
    body: 'They live in a list on the fiber, in call order.',
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
};
const clearAll = () => t.db.deleteFrom('notifications').execute();
const savePreferences = (as: Identity, preferences: unknown[]) =>
  t.call(as, 'PUT', `${LIST}/preferences`, { preferences });

describe('the notification centre', () => {
  it("tells a question's author of a reply once, in the app, never the replier, and no one else can see it", async () => {
    await clearAll();
    const threadId = await startThread('Hooks and their state');
    await replyTo(threadId);
    const [reply, ...more] = await ofType('reply');
    expect(more).toEqual([]);
    expect(reply).toMatchObject({
      title: 'Olga Other replied in “Hooks and their state”',
      link: `/browse/premium/product/${ids.course}`,
      read: false,
    });
    expect((await listOf()).unread).toBe(1);
    expect(await ofType('reply', otherSubscriber)).toEqual([]);
    // another person can neither read nor mark it
    expect((await listOf(learner)).items).toEqual([]);
    const foreign = await t.call(learner, 'POST', `${LIST}/${reply!.id}/read`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: 'Notification not found' });
    expect((await listOf()).unread).toBe(1);
    expect((await t.call(null, 'GET', LIST)).status).toBe(401);
  });

  it('tells no follower whose plan has ended of a reply in a premium discussion', async () => {
    await clearAll();
    const threadId = await startThread('Premium hooks');
    await t.call(otherSubscriber, 'PUT', `/community/threads/${threadId}/follow`);
    t.entitled.delete(otherSubscriber.id);
    await t.deps.entitlements.evict(otherSubscriber.id);
    try {
      await replyTo(threadId, subscriber);
      expect(await ofType('reply', otherSubscriber)).toEqual([]);
    } finally {
      t.entitled.add(otherSubscriber.id);
      await t.deps.entitlements.evict(otherSubscriber.id);
    }
  });

  it('marks one read, then all read, and keeps the counts', async () => {
    await clearAll();
    const threadId = await startThread('Effects and cleanup');
    await replyTo(threadId);
    await replyTo(threadId);
    await replyTo(threadId);
    const before = await listOf();
    expect(before.unread).toBe(3);
    expect(before.items.map((n) => n.read)).toEqual([false, false, false]);
    const one = await t.call(subscriber, 'POST', `${LIST}/${before.items[1]!.id}/read`);
    expect(one.body.data).toEqual({ unread: 2 });
    // marking it again changes nothing
    expect((await t.call(subscriber, 'POST', `${LIST}/${before.items[1]!.id}/read`)).body.data).toEqual({
      unread: 2,
    });
    expect((await listOf()).items.map((n) => n.read)).toEqual([false, true, false]);
    expect((await t.call(subscriber, 'POST', `${LIST}/read-all`)).body.data).toEqual({ unread: 0 });
    const after = await listOf();
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read)).toBe(true);
  });

  it('pages newest first by cursor', async () => {
    await clearAll();
    const threadId = await startThread('Paging the bell');
    for (let i = 0; i < 3; i += 1) await replyTo(threadId);
    const first = await t.call(subscriber, 'GET', `${LIST}?limit=2`);
    expect(first.body.data.items).toHaveLength(2);
    const second = await t.call(subscriber, 'GET', `${LIST}?limit=2&cursor=${first.body.data.nextCursor}`);
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.nextCursor).toBeNull();
    expect(Number(second.body.data.items[0].id)).toBeLessThan(Number(first.body.data.items[1].id));
    expect((await t.call(subscriber, 'GET', `${LIST}?cursor=abc`)).status).toBe(400);
    // past what an id can be: the caller's mistake, never the database's error
    expect((await t.call(subscriber, 'GET', `${LIST}?cursor=${'9'.repeat(19)}`)).status).toBe(400);
    expect((await t.call(subscriber, 'POST', `${LIST}/${'9'.repeat(19)}/read`)).status).toBe(400);
  });

  it("tells the asker and the answer's writer once when an answer is marked, never the one who marked it", async () => {
    await clearAll();
    const threadId = await startThread('Which hook for timers?');
    const postId = await replyTo(threadId);
    expect((await t.call(subscriber, 'PUT', `/community/posts/${postId}/answer`)).status).toBe(200);
    // unmarked and marked again: still one notification
    await t.call(subscriber, 'DELETE', `/community/posts/${postId}/answer`);
    await t.call(subscriber, 'PUT', `/community/posts/${postId}/answer`);
    const [answer, ...more] = await ofType('answer', otherSubscriber);
    expect(more).toEqual([]);
    expect(answer!.title).toBe('Your reply was marked as the answer to “Which hook for timers?”');
    expect(await ofType('answer')).toEqual([]);
  });

  it('tells each registered member once that their live session starts within 10 minutes', async () => {
    await clearAll();
    const startsAt = new Date(clock.getTime() + 25 * MINUTE);
    await t.db
      .insertInto('live_sessions')
      .values({
        product_id: ids.free,
        product_key: 'free-video',
        title: 'Ask me anything',
        starts_at: startsAt,
        duration_minutes: 45,
        join_url: 'https://meet.example/abc',
        recording_asset_id: null,
        created_at: clock,
        updated_at: clock,
      })
      .execute();
    await t.db
      .insertInto('live_registrations')
      .values([
        { product_id: ids.free, user_id: subscriber.id, created_at: clock },
        { product_id: ids.free, user_id: learner.id, created_at: clock },
      ])
      .execute();
    const notice = () => noticeLiveSessions(t.deps);
    expect(await notice()).toBe(0);
    advance(16 * MINUTE);
    expect(await notice()).toBe(2);
    expect(await notice()).toBe(0);
    const [live, ...more] = await ofType('live-starting');
    expect(more).toEqual([]);
    expect(live).toMatchObject({
      title: 'Starting in 9 minutes: Ask me anything',
      link: '/browse/premium/product/free-video',
    });
    expect(await ofType('live-starting', learner)).toHaveLength(1);
    expect(await ofType('live-starting', otherSubscriber)).toEqual([]);
  });

  it('tells a follower once of a new course by a creator they follow', async () => {
    await clearAll();
    await t.call(subscriber, 'PUT', `/community/creators/${creator.id}/follow`);
    const res = await t.app.request('/internal/community/creator-news', {
      method: 'POST',
      headers: { ...internalHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: ids.course, creatorId: creator.id }] }),
    });
    expect(res.status).toBe(200);
    const send = () =>
      sendCreatorNews({
        ...t.deps,
        site: { publicUrl: 'https://learn.catalyst.test', siteName: 'Catalyst', secret: 'x'.repeat(32) },
      });
    await send();
    await send();
    const [news, ...more] = await ofType('creator-news');
    expect(more).toEqual([]);
    expect(news).toMatchObject({
      title: 'New from Maya Chen: “React Course”',
      link: '/browse/premium/product/react-course',
    });
  });

  it("tells of a certificate issued, an assignment coming due and a payment failing once, from the owners' event feeds", async () => {
    await clearAll();
    const at = clock.toISOString();
    const feed: DomainEvent[] = [
      {
        seq: '1',
        id: '0a5f9c1e-4d7b-4c1a-9a43-8f0c3c9b2d11',
        type: 'certificate.issued',
        userId: subscriber.id,
        occurredAt: at,
        data: { certificateId: 'CERT-1234', code: 'CERT-1234', productId: ids.course, pathId: null },
      },
      {
        seq: '2',
        id: '0a5f9c1e-4d7b-4c1a-9a43-8f0c3c9b2d12',
        type: 'lesson.completed',
        userId: subscriber.id,
        occurredAt: at,
        data: { productId: ids.course, lessonId: '44444444444444444444dd01' },
      },
      ...[3, 4].map((seq) => ({
        seq: String(seq),
        id: `0a5f9c1e-4d7b-4c1a-9a43-8f0c3c9b2d1${seq}`,
        type: 'subscription.updated' as const,
        userId: subscriber.id,
        occurredAt: at,
        data: { subscriptionId: 'sub_1', status: 'past_due' as const, plan: 'monthly' },
      })),
      {
        seq: '5',
        id: '0a5f9c1e-4d7b-4c1a-9a43-8f0c3c9b2d15',
        type: 'assignment.due-soon',
        userId: subscriber.id,
        occurredAt: at,
        data: {
          teamId: '7d1f0c2e-9a4b-4e3c-8f21-5b6a7c8d9e01',
          assignmentId: '7d1f0c2e-9a4b-4e3c-8f21-5b6a7c8d9e02',
          targetKind: 'product',
          targetId: ids.course,
          key: 'react101',
          title: 'React Course',
          dueAt: '2030-06-11T23:59:59.999Z',
        },
      },
    ];
    // progress's feed route, as the owner answers it (events after the cursor)
    const progress = (await createPeerStandIn()).answer(progressEventRoutes.events, ({ query }) => ({
      events: feed.filter((e) => Number(e.seq) > Number(query.after)).slice(0, Number(query.limit)),
    }));
    try {
      const peer = createPeer({ baseUrl: progress.baseUrl, secret: TEST_INTERNAL_SECRET });
      const consume = () =>
        consumeFeed({
          ...t.deps,
          name: 'notifications:test',
          read: async (after, limit) =>
            (await peer.call(progressEventRoutes.events, { query: { after, limit } })).events,
        });
      expect(await consume()).toBe(5);
      expect(await consume()).toBe(0);
      const items = (await listOf()).items;
      expect(items.map((n) => [n.type, n.title, n.link])).toEqual([
        ['assignment-due', '“React Course” is due June 11', '/browse/premium/product/react101'],
        ['payment-failed', 'Your payment failed', '/subscription'],
        ['certificate', 'Your certificate for “React Course” is ready', '/certificates/CERT-1234'],
      ]);
      expect((await listOf(otherSubscriber)).items).toEqual([]);
    } finally {
      await progress.close();
    }
  });

  it("writes each notification in its reader's language when read; one stored before keeps its English", async () => {
    await clearAll();
    const dueSoon: DomainEvent = {
      seq: '1',
      id: '0a5f9c1e-4d7b-4c1a-9a43-8f0c3c9b2d21',
      type: 'assignment.due-soon',
      userId: subscriber.id,
      occurredAt: clock.toISOString(),
      data: {
        teamId: '7d1f0c2e-9a4b-4e3c-8f21-5b6a7c8d9e01',
        assignmentId: '7d1f0c2e-9a4b-4e3c-8f21-5b6a7c8d9e03',
        targetKind: 'product',
        targetId: ids.course,
        key: 'react101',
        title: 'React Course',
        dueAt: '2030-01-05T12:00:00.000Z',
      },
    };
    await t.deps.inbox.notify(await notificationsOf(dueSoon, t.deps.catalog));
    // a row stored before notifications kept their sentence: its English title is all there is
    await t.db
      .insertInto('notifications')
      .values({
        user_id: subscriber.id,
        type: 'payment-failed',
        dedupe_key: 'payment-failed:old',
        title: 'Your payment failed',
        body: 'Update your payment method to keep your Premium plan.',
        link: '/subscription',
        created_at: clock,
      })
      .execute();
    const seen = async (acceptLanguage?: string) => {
      const res = await t.app.request(LIST, {
        headers: {
          ...identityHeaders(subscriber),
          ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
        },
      });
      const { items } = ((await res.json()) as { data: { items: { title: string; body: string }[] } }).data;
      return items.map((n) => [n.title, n.body]);
    };
    expect(await seen()).toEqual([
      ['Your payment failed', 'Update your payment method to keep your Premium plan.'],
      ['“React Course” is due January 5', 'Your team assigned it to you. Finish it before the due date.'],
    ]);
    expect(await seen('de-DE,de;q=0.9,en;q=0.8')).toEqual([
      ['Your payment failed', 'Update your payment method to keep your Premium plan.'],
      [
        '„React Course“ ist am 5. Januar fällig',
        'Dein Team hat es dir zugewiesen. Schließe es vor dem Fälligkeitsdatum ab.',
      ],
    ]);
  });

  it('keeps notifications 90 days', async () => {
    await clearAll();
    const threadId = await startThread('Old news');
    await replyTo(threadId);
    advance(89 * DAY);
    await replyTo(threadId);
    expect(await pruneOldNotifications(t.db, () => clock)).toBe(0);
    advance(2 * DAY);
    expect(await pruneOldNotifications(t.db, () => clock)).toBe(1);
    expect((await listOf()).items).toHaveLength(1);
  });
});

describe('notification preferences', () => {
  it('lists every type on, e-mail only for the types community mails', async () => {
    const res = await t.call(learner, 'GET', `${LIST}/preferences`);
    expect(res.body.data.emailStopped).toBe(false);
    expect(res.body.data.preferences).toContainEqual({ type: 'reply', inApp: true, email: true, push: true });
    expect(res.body.data.preferences).toContainEqual({
      type: 'certificate',
      inApp: true,
      email: null,
      push: false,
    });
  });

  it('skips the app when in-app is off and the e-mail when e-mail is off, each on its own', async () => {
    await clearAll();
    const before = t.mailer.sent.length;
    const saved = await savePreferences(otherSubscriber, [{ type: 'reply', inApp: false, email: true }]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.preferences).toContainEqual({
      type: 'reply',
      inApp: false,
      email: true,
      push: true,
    });
    const threadId = await startThread('Preferences in the app', otherSubscriber);
    await replyTo(threadId, subscriber);
    expect(await ofType('reply', otherSubscriber)).toEqual([]);
    await t.deps.notifier.flushDue();
    expect(t.mailer.sent.slice(before).filter((m) => m.to === otherSubscriber.email)).toHaveLength(1);

    await savePreferences(otherSubscriber, [{ type: 'reply', inApp: true, email: false }]);
    advance(2 * 60 * MINUTE);
    await replyTo(threadId, subscriber);
    expect(await ofType('reply', otherSubscriber)).toHaveLength(1);
    await t.deps.notifier.flushDue();
    expect(t.mailer.sent.slice(before).filter((m) => m.to === otherSubscriber.email)).toHaveLength(1);
  });

  it("mails live reminders with one-click unsubscribe headers that turn off that type's e-mails", async () => {
    const startsAt = new Date(clock.getTime() + 30 * MINUTE);
    await t.db
      .insertInto('live_sessions')
      .values({
        product_id: ids.course,
        product_key: 'react-course',
        title: 'Hooks office hours',
        starts_at: startsAt,
        duration_minutes: 30,
        join_url: 'https://meet.example/hooks',
        recording_asset_id: null,
        created_at: clock,
        updated_at: clock,
      })
      .execute();
    await t.db
      .insertInto('live_registrations')
      .values([
        { product_id: ids.course, user_id: subscriber.id, created_at: clock },
        { product_id: ids.course, user_id: otherSubscriber.id, created_at: clock },
      ])
      .execute();
    await savePreferences(otherSubscriber, [{ type: 'live-starting', inApp: true, email: false }]);
    const before = t.mailer.sent.length;
    await t.deps.reminders.sendDue();
    const sent = t.mailer.sent.slice(before).filter((m) => m.subject.includes('Hooks office hours'));
    expect(sent.map((m) => m.to)).toEqual([subscriber.email]);
    const headers = sent[0]!.headers!;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/[^>]+)>$/.exec(headers['List-Unsubscribe']!)![1]!;
    const oneClick = new URL(url);
    expect(oneClick.pathname).toBe('/api/v1/community/unsubscribe');
    // the mail client's one-click POST, without signing in
    const res = await t.app.request(`/community/unsubscribe${oneClick.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({
      scope: 'type',
      threadTitle: null,
      notificationType: 'live-starting',
    });
    const prefs = await t.call(subscriber, 'GET', `${LIST}/preferences`);
    expect(prefs.body.data.preferences).toContainEqual({
      type: 'live-starting',
      inApp: true,
      email: false,
      push: true,
    });
  });

  it('refuses a type that does not exist', async () => {
    const res = await savePreferences(subscriber, [{ type: 'gossip', inApp: true }]);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe('the notification stream', () => {
  it('carries a new notification and the unread count as they change, only to their owner', async () => {
    await clearAll();
    const server = await listen(t.app.fetch);
    const mine = await openEvents(`${server.url}${LIST}/events`, subscriber);
    const theirs = await openEvents(`${server.url}${LIST}/events`, learner);
    try {
      expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
      const waitFor = async (check: () => boolean) => {
        for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
        expect(check()).toBe(true);
      };
      await waitFor(() => mine.events('unread').length === 1);
      expect(mine.events('unread')[0]).toEqual({ type: 'unread', unread: 0 });
      const threadId = await startThread('Live bell');
      await replyTo(threadId);
      await waitFor(() => mine.events('notification').length === 1);
      const [event] = mine.events('notification');
      expect(event.unread).toBe(1);
      expect(event.notification.title).toBe('Olga Other replied in “Live bell”');
      await t.call(subscriber, 'POST', `${LIST}/${event.notification.id}/read`);
      await waitFor(() => mine.events('unread').length === 2);
      expect(mine.events('unread')[1]).toEqual({ type: 'unread', unread: 0 });
      expect(theirs.events('notification')).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
      await server.close();
    }
  });
});
