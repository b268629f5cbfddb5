import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatusValue } from '@catalyst/contracts';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { makeTeam } from '../team-test-support';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(() => world?.close());

const person = learnerFactory('p', 'Payer');
const day = 86_400_000;

/** A subscription row as the provider's mirror (or a redeemed gift) leaves it. */
async function subscribe(
  userId: string,
  status: SubscriptionStatusValue,
  { source = 'provider' as 'provider' | 'gift', endsIn = 30 * day, graceEndsIn = null as number | null } = {},
) {
  await world.db
    .insertInto('subscriptions')
    .values({
      stripe_subscription_id: `sub_${userId}_${status}_${source}`,
      user_id: userId,
      stripe_customer_id: source === 'gift' ? '' : `cus_${userId}`,
      plan: 'premium',
      status,
      current_period_end: new Date(Date.now() + endsIn),
      cancel_at_period_end: source === 'gift',
      canceled_at: null,
      ended_at: null,
      grace_ends_at: graceEndsIn === null ? null : new Date(Date.now() + graceEndsIn),
      past_due_since: status === 'past_due' ? new Date() : null,
      source,
    })
    .execute();
}

const paying = async (userIds: string[]) => {
  const answer = await world.call('POST', '/internal/billing/paying', {
    body: { userIds },
    headers: internalHeaders(),
  });
  expect(answer.status).toBe(200);
  return answer.body.data.userIds as string[];
};

describe('who pays now (the paid minutes of the royalty pool)', () => {
  it('counts an active or past-due personal plan, an active team seat and a running gift; never a trial', async () => {
    const [active, pastDue, graceOver, trial, canceled, gift, giftOver, seat, endedSeat, nobody] = Array.from(
      { length: 10 },
      person,
    );
    await subscribe(active!.id, 'active');
    await subscribe(pastDue!.id, 'past_due', { graceEndsIn: 3 * day });
    await subscribe(graceOver!.id, 'past_due', { graceEndsIn: -day });
    await subscribe(trial!.id, 'trialing');
    await subscribe(canceled!.id, 'canceled', { endsIn: -day });
    await subscribe(gift!.id, 'active', { source: 'gift', endsIn: 60 * day });
    await subscribe(giftOver!.id, 'active', { source: 'gift', endsIn: -day });
    await makeTeam(world, seat!);
    const ended = await makeTeam(world, endedSeat!);
    await world.db.updateTable('teams').set({ status: 'canceled' }).where('id', '=', ended.id).execute();
    const everyone = [active, pastDue, graceOver, trial, canceled, gift, giftOver, seat, endedSeat, nobody];
    expect(await paying(everyone.map((p) => p!.id))).toEqual([active, pastDue, gift, seat].map((p) => p!.id));
  });

  it('answers each id once, and nothing for nobody', async () => {
    const payer = person();
    await subscribe(payer.id, 'active');
    expect(await paying([payer.id, payer.id])).toEqual([payer.id]);
    expect(await paying([])).toEqual([]);
  });

  it('is not reachable without the shared secret', async () => {
    const answer = await world.call('POST', '/internal/billing/paying', { body: { userIds: ['x'] } });
    expect(answer.status).toBe(404); // the internal guard hides its routes from anyone without the secret
    expect(answer.body.success).toBe(false);
  });
});
