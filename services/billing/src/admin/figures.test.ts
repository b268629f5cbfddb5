// The admin dashboard's billing figures, from billing's own tables as the webhooks fill them: MRR, active
// subscribers by plan, churn, and revenue recovered after failed renewals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFiguresSchema } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { billingFigures } from './figures';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('c', 'Counted');

async function setCard(user: ReturnType<typeof newLearner>, cardNumber: string) {
  const portal = await world.call('POST', '/subscription/portal', { as: user });
  await fetch(`${portal.body.data.url}/card`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber }).toString(),
  });
}

describe('billing figures', () => {
  it('count MRR, subscribers by plan, churn and recovered revenue from the mirrors', async () => {
    const steady = newLearner();
    const recovered = newLearner();
    const leaving = newLearner();
    for (const user of [steady, recovered, leaving]) await world.checkout(user, '4242424242424242');
    await world.dispatcher.deliverDue();
    const start = await billingFigures(world.db);
    expect(start.mrr).toBe(44.97);
    expect(start.activeByPlan).toEqual([{ plan: 'Premium Monthly', count: 3 }]);

    // One renewal fails and is paid on the first retry with a new card; one plan ends.
    await setCard(recovered, '4000000000000341');
    await world.call('POST', '/subscription/cancel', { as: leaving });
    await world.advanceClock(31);
    await world.dispatcher.deliverDue();
    await setCard(recovered, '4242424242424242');
    await world.dispatcher.deliverDue();

    const now = new Date(
      ((await world.sandboxApi('GET', '/v1/test_helpers/clock')).body.now as number) * 1000,
    );
    const figures = billingFiguresSchema.parse(await billingFigures(world.db, now));
    expect(figures.mrr).toBe(29.98);
    expect(figures.activeByPlan).toEqual([{ plan: 'Premium Monthly', count: 2 }]);
    expect(figures.recovered).toEqual({ invoices: 1, amount: 14.99 });
    expect(figures.churn.ended).toBe(1);
    expect(figures.trials).toEqual({ active: 0, ended: 0, converted: 0 });

    // Read from billing's tables alone: the provider's answers do not matter any more.
    await world.sandboxDb.deleteFrom('invoices').execute();
    expect((await billingFigures(world.db, now)).recovered).toEqual({ invoices: 1, amount: 14.99 });
  });

  it('are for admins only', async () => {
    const res = await world.call('GET', '/admin/billing/figures', { as: testUsers.admin });
    expect(res.status).toBe(200);
    expect(billingFiguresSchema.parse(res.body.data).currency).toBe('usd');
    expect((await world.call('GET', '/admin/billing/figures', { as: newLearner() })).status).toBe(403);
  });
});
