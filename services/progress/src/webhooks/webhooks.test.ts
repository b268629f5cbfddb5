import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_MESSAGES,
  billingEventRoutes,
  type DomainEvent,
  type WebhookDelivery,
} from '@catalyst/contracts';
import { consumeEvents, createPeer, isPrivateAddress } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createMemoryMailer,
  createPeerStandIn,
  identityHeaders,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createTestContext, ids, quizLesson } from '../test-support';
import { DISABLE_AFTER_MS, RETRY_WINDOW_MS, nextAttemptAfter, sendDueDeliveries } from './delivery';
import { webhookConsumers, webhookSenderOf } from './webhooks-job';
import { pruneDeliveries } from './webhooks.repository';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let billingFeed: Awaited<ReturnType<typeof createPeerStandIn>>;
/** What billing's feed answers (the stand-in serves the events after the cursor). */
const billingEvents: DomainEvent[] = [];

/** A receiver on loopback: keeps every request, answers `status`. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
let status = 204;

const mailer = createMemoryMailer();
/** How far the senders' clock is ahead of the real one (an advanced clock: no waiting). */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
const admin = testUsers.admin;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE = true;
  billingFeed = (await createPeerStandIn()).answer(billingEventRoutes.events, ({ query }) => ({
    events: billingEvents.filter((e) => Number(e.seq) > Number(query.after ?? 0)),
  }));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => receiver.close(done));
  await billingFeed.close();
  await ctx.close();
});

const sender = () => ({ ...webhookSenderOf(ctx.deps, now), mailer });
/** Queues both feeds' new events as deliveries (the feed may be held back a moment by another file's transaction). */
async function pump(expected: number) {
  const billing = createPeer({ baseUrl: billingFeed.baseUrl, secret: TEST_INTERNAL_SECRET });
  const consumers = webhookConsumers({ db: ctx.db, billing }, now);
  let queued = 0;
  await expect
    .poll(
      async () =>
        (queued += (await Promise.all(consumers.map((c) => consumeEvents(c)))).reduce((a, b) => a + b)),
      {
        timeout: 3_000,
        interval: 20,
      },
    )
    .toBeGreaterThanOrEqual(expected);
}
const createEndpoint = (body: Record<string, unknown>) => ctx.call(admin, 'POST', '/admin/webhooks', body);
const deliveriesOf = async (id: string): Promise<WebhookDelivery[]> =>
  (await ctx.call(admin, 'GET', `/admin/webhooks/${id}/deliveries`)).body.data.deliveries;
const save = (productId: string, progress: number, clientTime: number) =>
  ctx.call(testUsers.subscriber, 'PATCH', `/content/progress/product/${productId}`, {
    progress,
    lastPosition: progress,
    completed: progress === 100,
    clientTime,
  });

describe('signed outgoing webhooks', () => {
  it('delivers the subscribed events of both feeds, signed so that the library’s own verifier accepts them', async () => {
    const created = await createEndpoint({
      url: `${receiverUrl}/hooks`,
      eventTypes: ['course.completed', 'subscription.created'],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(WEBHOOK_MESSAGES.created);
    const { id, secret } = created.body.data as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await ctx.call(admin, 'GET', '/admin/webhooks')).body.data[0]).not.toHaveProperty('secret');

    await save(ids.video, 100, 1); // enrollment.started, progress.reached ×3, course.completed
    billingEvents.push({
      seq: '1',
      id: '0b9f7c1e-4d5a-4c3b-9e2f-1a2b3c4d5e6f',
      type: 'subscription.created',
      userId: testUsers.subscriber.id,
      occurredAt: new Date().toISOString(),
      data: { subscriptionId: 'sub_1', status: 'active', plan: 'premium' },
    });
    await pump(6);
    expect(await sendDueDeliveries(sender())).toBe(2);

    const bodies = received.map(({ headers, body }) => {
      const verified = new Webhook(secret).verify(body, headers as Record<string, string>) as {
        id: string;
        type: string;
      };
      expect(headers['webhook-id']).toBe(verified.id);
      return verified;
    });
    expect(bodies.map((b) => b.type).sort()).toEqual(['course.completed', 'subscription.created']);
    expect(bodies.find((b) => b.type === 'course.completed')).toMatchObject({
      userId: testUsers.subscriber.id,
      data: { productId: ids.video },
    });
    const tampered = { ...received[0]!, body: received[0]!.body.replace('}', ',"x":1}') };
    expect(() =>
      new Webhook(secret).verify(tampered.body, tampered.headers as Record<string, string>),
    ).toThrow();

    const log = await deliveriesOf(id);
    expect(log).toHaveLength(2);
    expect(log.every((d) => d.status === 'delivered' && d.attempts[0]!.statusCode === 204)).toBe(true);
    expect(log[0]!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);

    // Replay from the admin page: the same webhook-id again, and a second line in the log.
    const replayed = await ctx.call(admin, 'POST', `/admin/webhooks/deliveries/${log[0]!.id}/replay`);
    expect(replayed.body).toMatchObject({ message: WEBHOOK_MESSAGES.replayed, data: { status: 'pending' } });
    expect(await sendDueDeliveries(sender())).toBe(1);
    expect(received.at(-1)!.headers['webhook-id']).toBe(log[0]!.eventId);
    expect((await deliveriesOf(id))[0]!.attempts).toHaveLength(2);

    // A new secret signs from now on; the old one no longer verifies.
    const rotated = await ctx.call(admin, 'POST', `/admin/webhooks/${id}/secret`);
    const fresh = rotated.body.data.secret as string;
    // said in the admin page's language
    const again = await ctx.app.request(`/admin/webhooks/deliveries/${log[0]!.id}/replay`, {
      method: 'POST',
      headers: { ...identityHeaders(admin), 'accept-language': 'de' },
    });
    expect(((await again.json()) as { message: string }).message).toBe('Zustellung erneut eingereiht');
    await sendDueDeliveries(sender());
    const last = received.at(-1)!;
    expect(() => new Webhook(fresh).verify(last.body, last.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).toThrow();
    await ctx.call(admin, 'DELETE', `/admin/webhooks/${id}`);
  });

  it('retries with exponential back-off, then turns the endpoint off after a day of failures and tells its admin', async () => {
    status = 503;
    received.length = 0;
    const { id } = (await createEndpoint({ url: `${receiverUrl}/down`, eventTypes: ['course.completed'] }))
      .body.data;
    await save(ids.free, 100, 1);
    await pump(1);
    const sentAt: number[] = [];
    expect(await sendDueDeliveries(sender())).toBe(1);
    for (let round = 0; round < 20; round += 1) {
      const [delivery] = await deliveriesOf(id);
      sentAt.push(new Date(delivery!.attempts[0]!.at).getTime());
      // Just before it is due nothing is sent; at its time it is, until the endpoint is turned off.
      ahead = new Date(delivery!.nextAttemptAt!).getTime() - Date.now() - 500;
      expect(await sendDueDeliveries(sender())).toBe(0);
      ahead += 500;
      if ((await sendDueDeliveries(sender())) === 0) break;
    }
    const gaps = sentAt.slice(1).map((at, i) => Math.round((at - sentAt[i]!) / 1_000));
    expect(gaps.slice(0, 5)).toEqual([30, 60, 120, 240, 480]);
    expect(Math.max(...gaps)).toBe(12 * 3_600);
    expect(sentAt.at(-1)! - sentAt[0]!).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
    expect(received).toHaveLength(sentAt.length);

    const [endpoint] = (await ctx.call(admin, 'GET', '/admin/webhooks')).body.data;
    expect(endpoint).toMatchObject({ id, enabled: false, consecutiveFailures: sentAt.length });
    expect(endpoint.disabledReason).toMatch(/^Every delivery failed for 29 hours \(13 attempts in a row\)$/);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: admin.email,
      subject: 'Catalyst: webhook endpoint turned off',
    });
    expect(mailer.sent[0]!.text).toContain(
      `The webhook endpoint ${receiverUrl}/down was turned off: every delivery failed for 29 hours (13 attempts in a row).\n\nNo further events are sent to it.`,
    );
    expect((await deliveriesOf(id))[0]!.attempts[0]).toMatchObject({
      statusCode: 503,
      error: 'Answered 503',
    });

    // Turned on again, a working receiver gets the delivery and the failure record starts over.
    status = 204;
    const on = await ctx.call(admin, 'PATCH', `/admin/webhooks/${id}`, { enabled: true });
    expect(on.body.data).toMatchObject({
      enabled: true,
      disabledAt: null,
      failingSince: null,
      consecutiveFailures: 0,
    });
    expect(await sendDueDeliveries(sender())).toBe(1);
    expect((await deliveriesOf(id))[0]!.status).toBe('delivered');
    // The log keeps finished deliveries 30 days.
    expect(await pruneDeliveries(ctx.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await pruneDeliveries(ctx.db, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect(await deliveriesOf(id)).toEqual([]);
    await ctx.call(admin, 'DELETE', `/admin/webhooks/${id}`);
  });

  it('gives up on a delivery once its 3 days of retries are over', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    let at = from;
    let attempts = 0;
    for (let next = nextAttemptAfter(1, from, at); next; next = nextAttemptAfter(attempts + 1, from, at)) {
      attempts += 1;
      at = next;
    }
    expect(at.getTime() - from.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(at.getTime() - from.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 12 * 3_600_000);
    expect(attempts + 1).toBe(16);
  });

  it('refuses loopback, private and link-local addresses, and names resolving to them, unless private ones are allowed', async () => {
    ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://10.1.2.3/x',
        'http://192.168.0.10/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/x',
        'http://localhost:9/x',
      ]) {
        const refused = await createEndpoint({ url, eventTypes: ['course.completed'] });
        expect(refused.status, url).toBe(400);
        expect(refused.body).toMatchObject({
          success: false,
          message: WEBHOOK_MESSAGES.privateAddress,
          errors: [{ field: 'url', message: WEBHOOK_MESSAGES.privateAddress }],
        });
      }
      const ftp = await createEndpoint({ url: 'ftp://example.com/x', eventTypes: ['course.completed'] });
      expect(ftp.status).toBe(400);
      expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
      expect(isPrivateAddress('100.64.0.1')).toBe(true);
      expect(isPrivateAddress('93.184.215.14')).toBe(false);
      expect(isPrivateAddress('2606:4700::1111')).toBe(false);

      // Made while allowed, then sent while not: the attempt is refused and the receiver hears nothing.
      ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE = true;
      const { id } = (
        await createEndpoint({ url: `${receiverUrl}/pinned`, eventTypes: ['lesson.completed'] })
      ).body.data;
      ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE = false;
      received.length = 0;
      await ctx.call(
        testUsers.subscriber,
        'PATCH',
        `/content/progress/product/${ids.quizCourse}/lessons/${quizLesson.video}/complete`,
        {},
      );
      await pump(1);
      expect(await sendDueDeliveries(sender())).toBe(1);
      expect(received).toHaveLength(0);
      expect((await deliveriesOf(id))[0]!.attempts[0]).toMatchObject({
        statusCode: null,
        error: 'Refused: the address is on a private or loopback network',
      });

      // A secret that cannot be opened (sealed under another INTERNAL_SECRET) is a failed attempt, not a stuck one.
      ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE = true;
      await ctx.db.updateTable('webhook_endpoints').set({ secret_sealed: 'v1.AAAA.AAAA.AAAA' }).execute();
      const [stuck] = await deliveriesOf(id);
      await ctx.call(admin, 'POST', `/admin/webhooks/deliveries/${stuck!.id}/replay`);
      expect(await sendDueDeliveries(sender())).toBe(1);
      const [failed] = await deliveriesOf(id);
      expect(failed).toMatchObject({
        status: 'pending',
        attempts: [{ statusCode: null }, { statusCode: null }],
      });
      expect(failed!.attempts[0]!.error).not.toBeNull();
      expect(received).toHaveLength(0);
    } finally {
      ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE = true;
    }
  });
});
