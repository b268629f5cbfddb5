import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const learner = (n: number) => ({
  ...testUsers.learner,
  id: `${'b'.repeat(22)}${String(n).padStart(2, '0')}`,
  email: `learner${n}@test.example`,
});

async function providerEvents<T extends Stripe.Event.Type>(type: T) {
  const { body } = await world.sandboxApi('GET', `/v1/events?type=${type}&limit=100`);
  return body.data as Array<Extract<Stripe.Event, { type: T }>>;
}

async function rawEvent(id: string): Promise<string> {
  const row = await world.sandboxDb
    .selectFrom('events')
    .select('payload')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.payload;
}

describe('POST /webhooks/stripe', () => {
  it('refuses an event with a bad or missing signature and applies nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_x' } },
    });
    const forged = await world.postEvent(payload, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ success: false, message: 'Invalid webhook signature' });

    const unsigned = await fetch(`${world.billing.url}/webhooks/stripe`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as ApiError).message).toBe('Missing Stripe-Signature header');

    const ledger = await world.db.selectFrom('events').select('id').where('id', '=', 'evt_forged').execute();
    expect(ledger).toHaveLength(0);
  });

  it('activates a subscription from the delivered webhooks alone', async () => {
    const user = learner(1);
    const result = await world.checkout(user, '4242 4242 4242 4242');
    expect(result.status).toBe(303);
    expect((await world.call('GET', '/subscription/status', { as: user })).body.data.status).toBe('free');

    expect(await world.dispatcher.deliverDue()).toBeGreaterThanOrEqual(3);
    const status = (await world.call('GET', '/subscription/status', { as: user })).body.data;
    expect(status).toMatchObject({
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(world.evictions).toContain(user.id);
  });

  it('applies a duplicated event once', async () => {
    const user = learner(2);
    await world.checkout(user, '4242424242424242');
    await world.dispatcher.deliverDue();
    const created = (await providerEvents('customer.subscription.created')).find(
      (e) => e.data.object.metadata.userId === user.id,
    )!;
    const payload = await rawEvent(created.id);

    // The provider's state moves on; a replay of the old event must not touch the mirror at all.
    const row = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await world.db
      .updateTable('subscriptions')
      .set({ status: 'incomplete' })
      .where('stripe_subscription_id', '=', row.stripe_subscription_id)
      .execute();
    const evictionsBefore = world.evictions.length;

    const replay = await world.postEvent(payload);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ received: true, duplicate: true });
    const after = await world.db
      .selectFrom('subscriptions')
      .select('status')
      .where('stripe_subscription_id', '=', row.stripe_subscription_id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('incomplete');
    expect(world.evictions.length).toBe(evictionsBefore);
    const ledger = await world.db.selectFrom('events').select('id').where('id', '=', created.id).execute();
    expect(ledger).toHaveLength(1);
  });

  it('keeps the latest state when events arrive out of order', async () => {
    const user = learner(3);
    await world.checkout(user, '4242424242424242');
    const [sub] = (await world.sandboxApi('GET', `/v1/subscriptions?limit=100`)).body.data.filter(
      (s: Stripe.Subscription) => s.metadata.userId === user.id,
    );
    await world.sandboxApi('DELETE', `/v1/subscriptions/${sub.id}`);

    const forSub = (events: Array<{ id: string; data: { object: Stripe.Subscription } }>) =>
      events.filter((e) => e.data.object.id === sub.id);
    const [deleted] = forSub(await providerEvents('customer.subscription.deleted'));
    const [created] = forSub(await providerEvents('customer.subscription.created'));
    // Deliver the newest first, then the stale creation event.
    expect((await world.postEvent(await rawEvent(deleted!.id))).status).toBe(200);
    expect((await world.postEvent(await rawEvent(created!.id))).status).toBe(200);

    const status = (await world.call('GET', '/subscription/status', { as: user })).body.data;
    expect(status).toMatchObject({ hasSubscription: false, plan: null, status: 'canceled' });
    expect((await world.internal(`/internal/entitlements/${user.id}`)).body.data).toEqual({
      entitled: false,
      plan: null,
      status: 'canceled',
    });
  });

  it('marks a failed renewal past due, keeps access, then ends it when the provider does', async () => {
    const user = learner(4);
    await world.checkout(user, '4242424242424242');
    await world.dispatcher.deliverDue();

    // The card on file becomes one that fails (portal), then the month runs out.
    const portal = await world.call('POST', '/subscription/portal', { as: user });
    expect(portal.status).toBe(200);
    const changed = await fetch(`${portal.body.data.url}/card`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4000000000000119',
    });
    expect(changed.status).toBe(303);
    await world.advanceClock(32);
    await world.dispatcher.deliverDue();

    const pastDue = (await world.call('GET', '/subscription/status', { as: user })).body.data;
    expect(pastDue).toMatchObject({ hasSubscription: true, plan: 'premium', status: 'past_due' });
    expect((await world.internal(`/internal/entitlements/${user.id}`)).body.data).toEqual({
      entitled: true,
      plan: 'premium',
      status: 'past_due',
    });
    expect(
      (await providerEvents('invoice.payment_failed')).some(
        (e) => e.data.object.parent!.subscription_details!.metadata!.userId === user.id,
      ),
    ).toBe(true);

    await world.advanceClock(8);
    await world.dispatcher.deliverDue();
    const ended = (await world.call('GET', '/subscription/status', { as: user })).body.data;
    expect(ended).toMatchObject({ hasSubscription: false, plan: null, status: 'canceled' });
    expect((await world.internal(`/internal/entitlements/${user.id}`)).body.data.entitled).toBe(false);
  });

  it('keeps undelivered events in the outbox and retries them with backoff', async () => {
    const { createWebhookDispatcher } = await import('../../../payments-sandbox/src/webhooks/dispatcher');
    const { testLog } = await import('@catalyst/service-kit/testing');
    const user = learner(5);
    await world.checkout(user, '4242424242424242');
    // Billing is "down": the first delivery attempts go nowhere.
    const down = createWebhookDispatcher({
      db: world.sandboxDb,
      log: testLog,
      webhookUrl: 'http://127.0.0.1:9/webhooks/stripe',
      webhookSecret: 'whsec_test_billing_secret',
    });
    await down.deliverDue();
    const pending = await world.sandboxDb
      .selectFrom('events')
      .selectAll()
      .where('delivered_at', 'is', null)
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(3);
    for (const event of pending) {
      expect(event.attempts).toBe(1);
      expect(event.last_error).toBe('fetch failed');
      expect(event.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    }
    expect((await world.call('GET', '/subscription/status', { as: user })).body.data.status).toBe('free');

    // Billing is back and the backoff has elapsed.
    await world.sandboxDb
      .updateTable('events')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('delivered_at', 'is', null)
      .execute();
    await world.dispatcher.deliverDue();
    expect(
      await world.sandboxDb.selectFrom('events').select('id').where('delivered_at', 'is', null).execute(),
    ).toHaveLength(0);
    expect((await world.call('GET', '/subscription/status', { as: user })).body.data.status).toBe('active');
  });
});
