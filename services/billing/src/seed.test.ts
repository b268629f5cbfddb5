import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoBilling, demoBillingPeriod, type Identity } from '@catalyst/contracts';
import { testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from './seed';
import { startBillingWorld, type BillingWorld } from './test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({ seed: true });
});
afterAll(async () => world?.close());

const member: Identity = {
  id: demoAccounts.member.id,
  role: 'user',
  email: demoAccounts.member.email,
  name: demoAccounts.member.name,
};

describe('demo seed', () => {
  it('gives the demo member an active Premium subscription the provider also knows', async () => {
    const status = (await world.call('GET', '/subscription/status', { as: member })).body.data;
    expect(status).toEqual({
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      currentPeriodEnd: demoBillingPeriod().end.toISOString(),
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      interval: 'month',
      trialEnd: null,
      scheduledInterval: null,
      // Offline copies play for this member until the licence's end: the period's end, at most 72 h away.
      offlineLicence: { userId: member.id, expiresAt: expect.any(String) },
    });
    const provider = await world.sandboxApi('GET', `/v1/subscriptions/${demoBilling.subscriptionId}`);
    expect(provider.body).toMatchObject({
      id: demoBilling.subscriptionId,
      customer: demoBilling.customerId,
      status: 'active',
    });
    expect(provider.body.items.data[0].current_period_end * 1000).toBe(demoBillingPeriod().end.getTime());

    // The seeded ids are live at the provider: cancel goes through it and back.
    const canceled = await world.call('POST', '/subscription/cancel', { as: member });
    expect(canceled.body.data).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: demoBillingPeriod().end.toISOString(),
    });
    await world.call('POST', '/subscription/reactivate', { as: member });
  });

  it('changes nothing when it runs again', async () => {
    await seedDemo(world.db, testLog);
    const rows = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cancel_at_period_end).toBe(false);
  });
});
