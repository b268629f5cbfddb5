import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@catalyst/contracts';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('e', 'Leaver');

const endCustomer = async (userId: string, headers: Record<string, string> = internalHeaders()) => {
  const response = await fetch(`${world.billing.url}/internal/customers/${userId}`, {
    method: 'DELETE',
    headers,
  });
  return { status: response.status, body: await response.json() };
};

async function subscribe(user: Identity) {
  const result = await world.checkout(user, '4242424242424242');
  await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: result.sessionId } });
  const row = await world.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('active');
  return row.stripe_subscription_id;
}

describe('DELETE /internal/customers/:userId', () => {
  it('cancels the subscription at the provider at once, ends the mirror and evicts entitlement', async () => {
    const user = newLearner();
    const subscriptionId = await subscribe(user);
    await world.dispatcher.deliverDue();
    const eventsBefore = await world.db.selectFrom('events').select('id').execute();
    world.evictions.length = 0;

    const res = await endCustomer(user.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ canceled: [subscriptionId] });

    const atProvider = await world.sandboxApi('GET', `/v1/subscriptions/${subscriptionId}`);
    expect(atProvider.body.status).toBe('canceled');
    expect(atProvider.body.cancel_at_period_end).toBe(false);
    const mirror = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('stripe_subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(mirror.status).toBe('canceled');
    expect(mirror.ended_at).not.toBeNull();
    expect(world.evictions).toContain(user.id);
    expect((await world.internal(`/internal/entitlements/${user.id}`)).body.data).toEqual({
      entitled: false,
      plan: null,
      status: 'canceled',
    });
    // The ledger of applied events is kept.
    const eventsAfter = await world.db.selectFrom('events').select('id').execute();
    expect(eventsAfter.map((e) => e.id)).toEqual(expect.arrayContaining(eventsBefore.map((e) => e.id)));

    // The provider's later "deleted" webhook changes nothing, and a repeat is a no-op.
    await world.dispatcher.deliverDue();
    expect((await endCustomer(user.id)).body.data).toEqual({ canceled: [] });
    expect(
      (
        await world.db
          .selectFrom('subscriptions')
          .select('status')
          .where('stripe_subscription_id', '=', subscriptionId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('canceled');
  });

  it('answers 200 for a user billing has never met', async () => {
    const res = await endCustomer(newLearner().id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ canceled: [] });
  });

  it('refuses callers without the internal secret and a malformed id', async () => {
    const user = newLearner();
    const subscriptionId = await subscribe(user);
    expect((await endCustomer(user.id, {})).status).toBe(404);
    expect((await world.sandboxApi('GET', `/v1/subscriptions/${subscriptionId}`)).body.status).toBe('active');
    expect((await endCustomer('not-an-id')).status).toBe(400);
  });
});
