import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLog } from '@catalyst/service-kit/testing';
import { startBillingWorld, type BillingWorld } from '../test-support';
import { seedDemoRoyaltyRevenue } from './demo-revenue';
import { netRevenue } from './revenue';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

describe('the demo subscription revenue', () => {
  it('gives last month and this month so far net revenue, once however often it runs', async () => {
    const now = new Date('2030-03-06T12:00:00.000Z');
    await seedDemoRoyaltyRevenue(world.db, testLog, now);
    // 162 invoices at $14.99 and 18 with 20% off at $11.99; the tax some carry is not revenue.
    expect(await netRevenue(world.db, '2030-02')).toBe(162 * 1_499 + 18 * 1_199);
    const soFar = await netRevenue(world.db, '2030-03');
    expect(soFar).toBeGreaterThan(0);
    expect(soFar).toBeLessThan(264_420 / 4);

    await seedDemoRoyaltyRevenue(world.db, testLog, now);
    expect(await netRevenue(world.db, '2030-03')).toBe(soFar);
    // A later start adds the days paid since.
    await seedDemoRoyaltyRevenue(world.db, testLog, new Date('2030-03-20T12:00:00.000Z'));
    expect(await netRevenue(world.db, '2030-03')).toBeGreaterThan(soFar);
  });
});
