import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, NOTIFICATION_INTERVAL_MINUTES } from '@catalyst/contracts';
import { TEST_INTERNAL_SECRET, testLog, until } from '@catalyst/service-kit/testing';
import {
  createTestCommunity,
  ids,
  lesson,
  otherSubscriber,
  subscriber,
  admin,
  type TestCommunity,
} from '../test-support';
import { startCommunityJobs } from './jobs';
import { sendsOf } from './notifications.repository';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const MINUTE = 60_000;

describe('unsubscribe tokens', () => {
  const user = subscriber.id;
  const thread = '99999999999999999999ab01';

  it('name the person and the scope, and verify only as they were signed', () => {
    const threadToken = signUnsubscribeToken(
      user,
      { kind: 'thread', threadId: thread },
      TEST_INTERNAL_SECRET,
    );
    expect(verifyUnsubscribeToken(threadToken, TEST_INTERNAL_SECRET)).toEqual({
      userId: user,
      scope: { kind: 'thread', threadId: thread },
    });
    const allToken = signUnsubscribeToken(user, { kind: 'all' }, TEST_INTERNAL_SECRET);
    expect(verifyUnsubscribeToken(allToken, TEST_INTERNAL_SECRET)).toEqual({
      userId: user,
      scope: { kind: 'all' },
    });
  });

  it('refuse a token whose person, scope or signature was changed, or signed with another secret', () => {
    const token = signUnsubscribeToken(user, { kind: 'thread', threadId: thread }, TEST_INTERNAL_SECRET);
    const [, , sig] = token.split('.');
    expect(
      verifyUnsubscribeToken(`${otherSubscriber.id}.${thread}.${sig}`, TEST_INTERNAL_SECRET),
    ).toBeUndefined();
    expect(verifyUnsubscribeToken(`${user}.all.${sig}`, TEST_INTERNAL_SECRET)).toBeUndefined();
    expect(verifyUnsubscribeToken(`${token.slice(0, -2)}AA`, TEST_INTERNAL_SECRET)).toBeUndefined();
    expect(verifyUnsubscribeToken(`${token}.x`, TEST_INTERNAL_SECRET)).toBeUndefined();
    expect(verifyUnsubscribeToken(token, `${TEST_INTERNAL_SECRET}-other`)).toBeUndefined();
  });
});

describe('reply notifications', () => {
  let t: TestCommunity;
  let clock = new Date('2026-12-01T10:00:00.000Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestCommunity({ now: () => clock });
  });
  afterAll(() => t.close());

  const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
  const startThread = async (
    title: string,
    target: { productId: string; lessonId?: string } = { productId: ids.course },
  ) => {
    const res = await t.call(subscriber, 'POST', '/community/threads', {
      ...target,
      title,
      body: 'How do hooks keep their state between renders?',
    });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const replyTo = async (
    threadId: string,
    as = otherSubscriber,
    body = 'They live in a list on the fiber, in call order.',
  ) => {
    const res = await t.call(as, 'POST', `/community/threads/${threadId}/replies`, { body });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };

  it("mails the thread's author about a reply at once, then holds the next replies until the interval is over and sends them in one e-mail", async () => {
    const threadId = await startThread('Hooks and their state');
    await replyTo(threadId);
    // The replier's own reply is not mailed to them.
    await t.deps.notifier.flushDue();
    const first = mailsTo(subscriber.email);
    expect(first).toHaveLength(1);
    expect(mailsTo(otherSubscriber.email)).toHaveLength(0);
    expect(first[0]!.subject).toBe(`${otherSubscriber.name} replied in “Hooks and their state”`);
    expect(first[0]!.text).toContain('They live in a list on the fiber, in call order.');
    expect(first[0]!.text).toContain(`https://learn.catalyst.test/browse/premium/product/${ids.course}`);

    advance(10 * MINUTE);
    await replyTo(threadId, otherSubscriber, 'Second answer: the order of calls matters.');
    advance(10 * MINUTE);
    await replyTo(threadId, admin, 'Third: never call hooks conditionally.');
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(1);

    advance((NOTIFICATION_INTERVAL_MINUTES - 20) * MINUTE);
    await t.deps.notifier.flushDue();
    const all = mailsTo(subscriber.email);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe('2 new replies in “Hooks and their state”');
    expect(all[1]!.text).toContain('Second answer: the order of calls matters.');
    expect(all[1]!.text).toContain('Third: never call hooks conditionally.');
    expect(all[1]!.text).toContain(`${admin.name} replied:`);
    // The first replier follows the thread since replying: the admin's reply reached them too.
    expect(
      mailsTo(otherSubscriber.email)
        .map((m) => m.text)
        .join('\n'),
    ).toContain('Third: never call hooks conditionally.');
    // Nothing is left to send, and each e-mail is recorded.
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(2);
    expect(await sendsOf(t.db, subscriber.id)).toHaveLength(2);
  });

  it('links a lesson thread to its lesson and carries the unsubscribe links and one-click headers', async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('Preview lesson question', {
      productId: ids.course,
      lessonId: lesson.preview,
    });
    await replyTo(threadId);
    await t.deps.notifier.flushDue();
    const mail = mailsTo(subscriber.email).at(-1)!;
    expect(mail.text).toContain(
      `https://learn.catalyst.test/browse/premium/product/${ids.course}/lesson/${lesson.preview}`,
    );
    expect(mail.text).toMatch(
      /Stop e-mails about this discussion: https:\/\/learn\.catalyst\.test\/unsubscribe\?token=[\w.-]+/,
    );
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/learn\.catalyst\.test\/api\/v1\/community\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it("unsubscribes from one thread by the e-mail's link, without signing in, and a changed token is refused", async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('A thread to leave');
    await replyTo(threadId);
    await t.deps.notifier.flushDue();
    const mail = mailsTo(subscriber.email).at(-1)!;
    const token = decodeURIComponent(
      /Stop e-mails about this discussion: \S+\?token=(\S+)/.exec(mail.text)![1]!,
    );

    const tampered = await t.call(
      null,
      'POST',
      `/community/unsubscribe?token=${encodeURIComponent(token.replace(subscriber.id, otherSubscriber.id))}`,
    );
    expect(tampered.status).toBe(400);
    expect(tampered.body).toEqual({ success: false, message: COMMUNITY_MESSAGES.unsubscribeInvalid });
    expect((await t.call(null, 'POST', '/community/unsubscribe?token=short')).status).toBe(400);

    // RFC 8058 one-click: a form body, no sign-in.
    const res = await t.call(
      null,
      'POST',
      `/community/unsubscribe?token=${encodeURIComponent(token)}`,
      'List-Unsubscribe=One-Click',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ scope: 'thread', threadTitle: 'A thread to leave' });
    const thread = await t.call(subscriber, 'GET', `/community/threads/${threadId}`);
    expect(thread.body.data.following).toBe(false);

    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const before = mailsTo(subscriber.email).length;
    await replyTo(threadId, otherSubscriber, 'Nobody should be mailed about this one.');
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(before);
  });

  it('stops every community e-mail with the "all" link, until the person follows a thread on purpose', async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('Everything off');
    await replyTo(threadId);
    await t.deps.notifier.flushDue();
    const mail = mailsTo(subscriber.email).at(-1)!;
    const oneClick = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const res = await t.call(
      null,
      'POST',
      new URL(oneClick).pathname.replace('/api/v1', '') + new URL(oneClick).search,
    );
    expect(res.body.data).toEqual({ scope: 'all', threadTitle: null });

    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const before = mailsTo(subscriber.email).length;
    await replyTo(threadId, otherSubscriber, 'Still no e-mail.');
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(before);

    const follow = await t.call(subscriber, 'PUT', `/community/threads/${threadId}/follow`);
    expect(follow.body.data).toEqual({ threadId, following: true });
    await replyTo(threadId, otherSubscriber, 'Now they hear about it again.');
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email).at(-1)!.text).toContain('Now they hear about it again.');
  });

  it('follows and unfollows idempotently, and refuses an unknown thread', async () => {
    const threadId = await startThread('Follow me twice');
    for (let i = 0; i < 2; i += 1)
      expect(
        (await t.call(otherSubscriber, 'PUT', `/community/threads/${threadId}/follow`)).body.data,
      ).toEqual({ threadId, following: true });
    for (let i = 0; i < 2; i += 1)
      expect(
        (await t.call(otherSubscriber, 'DELETE', `/community/threads/${threadId}/follow`)).body.data,
      ).toEqual({ threadId, following: false });
    const missing = await t.call(
      otherSubscriber,
      'PUT',
      '/community/threads/99999999999999999999ffff/follow',
    );
    expect(missing.status).toBe(404);
  });

  it('mails premium discussions only to those who may still open them (admins always may)', async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('Plans end');
    await replyTo(threadId, admin, 'The host answers.');
    await replyTo(threadId, otherSubscriber, 'A member adds a word.');
    const before = { subscriber: mailsTo(subscriber.email).length, admin: mailsTo(admin.email).length };
    t.entitled.delete(subscriber.id);
    await t.deps.entitlements.evict(subscriber.id);
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(before.subscriber);
    // The admin (no plan of their own) follows since replying and hears about the member's reply.
    expect(mailsTo(admin.email)).toHaveLength(before.admin + 1);
    expect(mailsTo(admin.email).at(-1)!.text).toContain('A member adds a word.');
    // The refused replies are dropped, not kept for when the plan comes back.
    t.entitled.add(subscriber.id);
    await t.deps.entitlements.evict(subscriber.id);
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(before.subscriber);
  });

  it('keeps replies waiting while auth cannot say where to send them, and sends them once it can', async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('Auth is down');
    await replyTo(threadId);
    const before = mailsTo(subscriber.email).length;
    t.peers.authDown = true;
    await expect(t.deps.notifier.flushDue()).rejects.toThrow();
    expect(mailsTo(subscriber.email)).toHaveLength(before);
    t.peers.authDown = false;
    await t.deps.notifier.flushDue();
    expect(mailsTo(subscriber.email)).toHaveLength(before + 1);
  });

  it('keeps a reply waiting when its e-mail cannot be sent, and sends it on the next round', async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('SMTP hiccup');
    await replyTo(threadId, otherSubscriber, 'Lost in transit? No.');
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP connection refused');
    };
    try {
      expect(await t.deps.notifier.flushDue()).toBe(0);
    } finally {
      t.mailer.send = send;
    }
    expect(await t.deps.notifier.flushDue()).toBeGreaterThanOrEqual(1);
    expect(mailsTo(subscriber.email).at(-1)!.text).toContain('Lost in transit? No.');
  });

  it('mails each person once when two replicas flush at the same moment', async () => {
    advance(2 * NOTIFICATION_INTERVAL_MINUTES * MINUTE);
    const threadId = await startThread('Two replicas');
    await replyTo(threadId);
    const before = mailsTo(subscriber.email).length;
    await Promise.all([t.deps.notifier.flushDue(), t.deps.notifier.flushDue(), t.deps.notifier.flushDue()]);
    expect(mailsTo(subscriber.email)).toHaveLength(before + 1);
  });
});

describe('the periodic flush', () => {
  let t: TestCommunity;
  beforeAll(async () => {
    t = await createTestCommunity();
  });
  afterAll(() => t.close());

  it('sends the first reply after a quiet interval within one flush period', async () => {
    const jobs = startCommunityJobs({
      notifier: t.deps.notifier,
      reminders: t.deps.reminders,
      creatorNews: async () => 0,
      log: testLog,
      everyMs: 100,
    });
    try {
      const thread = await t.call(subscriber, 'POST', '/community/threads', {
        productId: ids.course,
        title: 'Quick answers',
        body: 'Anyone?',
      });
      const sentAt = Date.now();
      expect(
        (
          await t.call(otherSubscriber, 'POST', `/community/threads/${thread.body.data._id}/replies`, {
            body: 'Here!',
          })
        ).status,
      ).toBe(201);
      await until(() => t.mailer.sent.some((m) => m.to === subscriber.email), 3_000);
      expect(t.mailer.sent.filter((m) => m.to === subscriber.email)).toHaveLength(1);
      expect(Date.now() - sentAt).toBeLessThan(2_000);
    } finally {
      await jobs.stop();
    }
  });
});
