import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DEVICES_MAX, PUSH_MESSAGES, type Identity } from '@catalyst/contracts';
import {
  createTestCommunity,
  ids,
  learner,
  otherSubscriber,
  subscriber,
  type TestCommunity,
} from '../test-support';
import { PUSH_FIRST_RETRY_MS } from './push-sender';
import { startTestPushService, type TestPushService } from './test-push-service';
import { newVapidPrivateKey } from './vapid';

const PUSH = '/community/notifications/push';

let t: TestCommunity;
let pushService: TestPushService;
let clock = new Date('2026-12-01T10:00:00.000Z');
beforeAll(async () => {
  pushService = await startTestPushService();
  t = await createTestCommunity({
    now: () => clock,
    config: { VAPID_PRIVATE_KEY: newVapidPrivateKey(), PUSH_ALLOW_LOOPBACK: 'true' },
  });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

/** This browser subscribes, as the settings page does: the server's key, then the browser's subscription stored. */
async function subscribeBrowser(as: Identity = subscriber) {
  const key = await t.call(as, 'GET', `${PUSH}/key`);
  expect(key.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  const subscription = pushService.subscribe(key.body.data.publicKey);
  const res = await t.call(as, 'PUT', `${PUSH}/subscriptions`, subscription);
  expect(res.status).toBe(200);
  return subscription.endpoint;
}
const endpointsOf = async (as: Identity = subscriber) =>
  ((await t.call(as, 'GET', `${PUSH}/subscriptions`)).body.data.subscriptions as { endpoint: string }[]).map(
    (s) => s.endpoint,
  );
/** A thread by `subscriber` and a reply to it by `otherSubscriber`: a reply notification for `subscriber`. */
async function replyArrives(title: string) {
  const thread = await t.call(subscriber, 'POST', '/community/threads', {
    productId: ids.course,
    title,
    body: 'How do hooks keep their state between renders?',
  });
  expect(thread.status).toBe(201);
  const reply = await t.call(otherSubscriber, 'POST', `/community/threads/${thread.body.data._id}/replies`, {
    body: 'They live in a list on the fiber, in call order.',
  });
  expect(reply.status).toBe(201);
}
const receivedAt = (endpoint: string) => pushService.received.filter((p) => p.endpoint === endpoint);
const queued = () => t.db.selectFrom('push_sends').selectAll().execute();
const forget = async () => {
  await t.db.deleteFrom('push_subscriptions').execute();
  await t.db.deleteFrom('notification_preferences').execute();
};

describe('web push', () => {
  it("pushes a reply to the follower's browser, encrypted and signed: its title, words and link", async () => {
    await forget();
    const endpoint = await subscribeBrowser();
    expect(await endpointsOf()).toEqual([endpoint]);
    // another person's list never shows it
    expect(await endpointsOf(learner)).toEqual([]);
    const before = pushService.received.length;
    await replyArrives('Hooks on my phone');
    await expect.poll(() => receivedAt(endpoint).length).toBe(1);
    // the replier has no browser subscribed: this one push is all that went
    expect(pushService.received.length).toBe(before + 1);
    expect(receivedAt(endpoint)[0]).toMatchObject({
      ttl: 86_400,
      message: {
        title: 'Olga Other replied in “Hooks on my phone”',
        body: 'They live in a list on the fiber, in call order.',
        url: `/browse/premium/product/${ids.course}`,
      },
    });
    // the device is marked as reached
    await expect
      .poll(async () => (await t.call(subscriber, 'GET', `${PUSH}/subscriptions`)).body.data.subscriptions[0])
      .toMatchObject({ endpoint, lastSuccessAt: clock.toISOString() });
    // an account read in German is pushed in German
    t.locales.set(subscriber.id, 'de');
    try {
      await replyArrives('Hooks auf Deutsch');
      await expect.poll(() => receivedAt(endpoint).length).toBe(2);
      expect(receivedAt(endpoint)[1]!.message).toMatchObject({
        title: 'Olga Other hat in „Hooks auf Deutsch“ geantwortet',
      });
    } finally {
      t.locales.delete(subscriber.id);
    }
  });

  it('pushes nothing of a type switched off, and only the interrupting types by default', async () => {
    await forget();
    const endpoint = await subscribeBrowser();
    const prefs = await t.call(subscriber, 'GET', '/community/notifications/preferences');
    expect(
      (prefs.body.data.preferences as { type: string; push: boolean }[]).map((p) => [p.type, p.push]),
    ).toEqual([
      ['reply', true],
      ['answer', false],
      ['live-starting', true],
      ['creator-news', false],
      ['assignment-due', true],
      ['certificate', false],
      ['payment-failed', true],
    ]);
    const saved = await t.call(subscriber, 'PUT', '/community/notifications/preferences', {
      preferences: [{ type: 'reply', inApp: true, email: true, push: false }],
    });
    expect(saved.body.data.preferences[0]).toEqual({ type: 'reply', inApp: true, email: true, push: false });
    await replyArrives('Hooks, quietly');
    // the notification is in the app, and no push was queued for it
    const list = await t.call(subscriber, 'GET', '/community/notifications');
    expect(list.body.data.items[0].title).toBe('Olga Other replied in “Hooks, quietly”');
    expect(await queued()).toEqual([]);
    await t.deps.push.sendDue();
    expect(receivedAt(endpoint)).toEqual([]);
    // a save that leaves push out keeps it off
    await t.call(subscriber, 'PUT', '/community/notifications/preferences', {
      preferences: [{ type: 'reply', inApp: true, email: false }],
    });
    const after = await t.call(subscriber, 'GET', '/community/notifications/preferences');
    expect(after.body.data.preferences[0]).toEqual({ type: 'reply', inApp: true, email: false, push: false });
  });

  it('drops the subscription when the push service says the browser is gone (410)', async () => {
    await forget();
    const endpoint = await subscribeBrowser();
    pushService.gone.add(endpoint);
    await replyArrives('Hooks, unsubscribed');
    await expect.poll(() => endpointsOf()).toEqual([]);
    expect(pushService.answers.filter((a) => a.endpoint === endpoint).map((a) => a.status)).toEqual([410]);
    expect(await queued()).toEqual([]);
  });

  it('tries a failing push service again after the back-off, then delivers', async () => {
    await forget();
    const endpoint = await subscribeBrowser();
    pushService.failing.set(endpoint, 1);
    await replyArrives('Hooks, retried');
    await expect.poll(async () => (await queued())[0]?.attempts).toBe(1);
    const [waiting] = await queued();
    expect(waiting!.next_attempt_at.getTime()).toBe(clock.getTime() + PUSH_FIRST_RETRY_MS);
    expect(waiting!.last_error).toBe('The push service answered 503');
    // not due yet: nothing is sent
    expect(await t.deps.push.sendDue()).toBe(0);
    clock = new Date(clock.getTime() + PUSH_FIRST_RETRY_MS);
    expect(await t.deps.push.sendDue()).toBe(1);
    expect(receivedAt(endpoint).map((p) => (p.message as { title: string }).title)).toEqual([
      'Olga Other replied in “Hooks, retried”',
    ]);
    expect(await queued()).toEqual([]);
  });

  it('refuses an endpoint that is not a push service on the internet, in the one error shape', async () => {
    const keys = pushService.subscribe('unused').keys;
    for (const [endpoint, message] of [
      ['http://push.example.com/send/1', PUSH_MESSAGES.notHttps],
      ['ftp://push.example.com/send/1', PUSH_MESSAGES.notHttps],
      ['https://10.0.0.7/send/1', PUSH_MESSAGES.private],
      ['https://192.168.1.20/send/1', PUSH_MESSAGES.private],
      ['https://169.254.169.254/latest/meta-data', PUSH_MESSAGES.private],
    ] as const) {
      const res = await t.call(subscriber, 'PUT', `${PUSH}/subscriptions`, { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toEqual({ success: false, message, errors: [{ field: 'endpoint', message }] });
    }
    const badKeys = await t.call(subscriber, 'PUT', `${PUSH}/subscriptions`, {
      endpoint: 'https://push.example.com/send/1',
      keys: { p256dh: 'short', auth: keys.auth },
    });
    expect(badKeys.status).toBe(400);
    expect(badKeys.body.errors).toEqual([{ field: 'keys.p256dh', message: 'keys.p256dh must be 65 bytes' }]);
    expect(
      (await t.call(null, 'PUT', `${PUSH}/subscriptions`, { endpoint: 'https://a.example', keys })).status,
    ).toBe(401);
  });

  it('keeps the newest browsers of a person, past the most, dropping the oldest', async () => {
    await forget();
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_DEVICES_MAX; i++) endpoints.push(await subscribeBrowser());
    expect(await endpointsOf()).toEqual(endpoints.slice(1));
  });

  it('unsubscribes only the caller’s own browser', async () => {
    await forget();
    const endpoint = await subscribeBrowser();
    const foreign = await t.call(learner, 'POST', `${PUSH}/unsubscribe`, { endpoint });
    expect(foreign.body.data).toEqual({ subscriptions: [] });
    expect(await endpointsOf()).toEqual([endpoint]);
    const mine = await t.call(subscriber, 'POST', `${PUSH}/unsubscribe`, { endpoint });
    expect(mine.body.data).toEqual({ subscriptions: [] });
    expect(await endpointsOf()).toEqual([]);
  });
});
