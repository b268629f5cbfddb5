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

  it('count trials that converted, and an annual plan at a twelfth of its price', async () => {
    const w = await startBillingWorld();
    try {
      /** A checkout with these terms, paid on the hosted page with the success card. */
      const subscribe = async (
        user: ReturnType<typeof newLearner>,
        body: Record<string, unknown>,
        cardNumber = '4242424242424242',
      ) => {
        const created = await w.call('POST', '/subscription/create-checkout-session', {
          as: user,
          body: { plan: 'premium', ...body },
        });
        expect(created.status).toBe(200);
        const paid = await fetch(created.body.data.url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }),
        });
        expect(paid.status).toBe(303);
      };
      const converts = newLearner();
      const leaves = newLearner();
      const annual = newLearner();
      await subscribe(converts, { trial: true });
      // Another card: a trial is once per card as well as per person.
      await subscribe(leaves, { trial: true }, '5555555555554444');
      await subscribe(annual, { interval: 'year' });
      await w.dispatcher.deliverDue();
      await w.call('POST', '/subscription/cancel', { as: leaves });
      const during = await billingFigures(w.db);
      expect(during.trials).toEqual({ active: 2, ended: 0, converted: 0 });
      expect(during.mrr).toBe(12.5);

      await w.advanceClock(8);
      await w.dispatcher.deliverDue();
      const now = new Date(((await w.sandboxApi('GET', '/v1/test_helpers/clock')).body.now as number) * 1000);
      const after = await billingFigures(w.db, now);
      expect(after.trials).toEqual({ active: 0, ended: 2, converted: 1 });
      expect(after.activeByPlan).toEqual([
        { plan: 'Premium Annual', count: 1 },
        { plan: 'Premium Monthly', count: 1 },
      ]);
      expect(after.mrr).toBe(27.49);
    } finally {
      await w.close();
    }
  }, 60_000);

  it('are for admins only', async () => {
    const res = await world.call('GET', '/admin/billing/figures', { as: testUsers.admin });
    expect(res.status).toBe(200);
    expect(billingFiguresSchema.parse(res.body.data).currency).toBe('usd');
    expect((await world.call('GET', '/admin/billing/figures', { as: newLearner() })).status).toBe(403);
  });
});
