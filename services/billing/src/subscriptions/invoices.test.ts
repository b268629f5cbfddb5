import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceListSchema } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('i', 'Payer');

describe('GET /subscription/invoices', () => {
  it('refuses anonymous callers in the one error shape', async () => {
    const res = await world.call('GET', '/subscription/invoices');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('is an empty list for a learner who never subscribed, and for an admin', async () => {
    expect((await world.call('GET', '/subscription/invoices', { as: newLearner() })).body).toEqual({
      success: true,
      data: [],
    });
    expect((await world.call('GET', '/subscription/invoices', { as: testUsers.admin })).body).toEqual({
      success: true,
      data: [],
    });
  });

  it("lists the subscriber's paid invoice after checkout with a hosted receipt that opens, and only their own", async () => {
    const payer = newLearner();
    const other = newLearner();
    const paid = await world.checkout(payer, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const declined = await world.checkout(other, '4000 0000 0000 0002');
    expect(declined.location).toContain('error=card_declined');

    const res = await world.call('GET', '/subscription/invoices', { as: payer });
    expect(res.status).toBe(200);
    const invoices = invoiceListSchema.parse(res.body.data);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice).toMatchObject({ amount: 14.99, currency: 'usd', status: 'paid' });
    expect(Math.abs(Date.parse(invoice!.date) - Date.now())).toBeLessThan(5 * 60_000);
    expect(invoice!.receiptUrl).toMatch(new RegExp(`^${world.sandbox.url}/receipts/in_`));

    const receipt = await fetch(invoice!.receiptUrl!);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await receipt.text();
    expect(html).toContain('$14.99');
    expect(html).toContain('Paid');
    expect(html).toContain('Catalyst Premium');
    expect(html).toContain('Card ending in 4242');

    // a receipt link opens only with its own signature
    const forged = new URL(invoice!.receiptUrl!);
    forged.searchParams.set('sig', 'x'.repeat(43));
    expect((await fetch(forged)).status).toBe(404);

    // the declined learner has no invoice to see
    expect((await world.call('GET', '/subscription/invoices', { as: other })).body.data).toEqual([]);
  });

  it('adds each renewal newest first', async () => {
    const payer = newLearner();
    await world.checkout(payer, '4242424242424242');
    await world.advanceClock(32);
    const invoices = invoiceListSchema.parse(
      (await world.call('GET', '/subscription/invoices', { as: payer })).body.data,
    );
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices.map((i) => i.status)).toEqual(invoices.map(() => 'paid'));
    const dates = invoices.map((i) => Date.parse(i.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('answers 503, not 500, when the provider is unreachable', async () => {
    const offline = await startBillingWorld({ stripeApiUrl: 'http://127.0.0.1:9' });
    try {
      const payer = newLearner();
      // a billing account on file, so the provider is asked
      await offline.db
        .insertInto('customers')
        .values({ user_id: payer.id, stripe_customer_id: 'cus_missing', email: payer.email })
        .execute();
      const res = await offline.call('GET', '/subscription/invoices', { as: payer });
      expect(res.status).toBe(503);
      expect(res.body.success).toBe(false);
    } finally {
      await offline.close();
    }
  }, 60_000);
});

describe('the sandbox invoice API', () => {
  it('lists by customer with paging, and 404s an unknown invoice the way the provider does', async () => {
    const payer = newLearner();
    await world.checkout(payer, '4242424242424242');
    const customer = await world.db
      .selectFrom('customers')
      .select('stripe_customer_id')
      .where('user_id', '=', payer.id)
      .executeTakeFirstOrThrow();
    const list = await world.sandboxApi(
      'GET',
      `/v1/invoices?customer=${customer.stripe_customer_id}&limit=1`,
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', has_more: false });
    expect(list.body.data[0]).toMatchObject({
      object: 'invoice',
      customer: customer.stripe_customer_id,
      status: 'paid',
      amount_paid: 1499,
    });
    const one = await world.sandboxApi('GET', `/v1/invoices/${list.body.data[0].id}`);
    expect(one.body.hosted_invoice_url).toBe(list.body.data[0].hosted_invoice_url);
    const missing = await world.sandboxApi('GET', '/v1/invoices/in_nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'resource_missing' });
  });
});
