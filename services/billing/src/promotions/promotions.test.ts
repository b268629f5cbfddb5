// Promotion codes through billing's API and the sandbox: an admin makes, lists and deactivates them; a
// learner sees the discount before checkout and pays it; each rule refuses with its own message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionMessages, type Identity } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('b', 'Bargain');
const admin = testUsers.admin;
let serial = 0;
const letters = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;

async function makeCode(body: Record<string, unknown>) {
  const res = await world.call('POST', '/admin/promotions', {
    as: admin,
    body: { kind: 'percent', percentOff: 20, duration: 'once', audience: 'anyone', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; code: string };
}

async function checkout(as: Identity, body: Record<string, unknown>) {
  const created = await world.call('POST', '/subscription/create-checkout-session', {
    as,
    body: { plan: 'premium', ...body },
  });
  if (created.status !== 200) return { created, html: '' };
  const { url, sessionId } = created.body.data;
  const html = await (await fetch(url)).text();
  await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
  });
  await world.call('GET', `/subscription/status?session_id=${sessionId}`, { as });
  await world.dispatcher.deliverDue();
  return { created, html };
}

const offerError = async (as: Identity, code: string) => {
  const res = await world.call('GET', `/subscription/offer?code=${encodeURIComponent(code)}`, { as });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([{ field: 'code', message: res.body.message }]);
  return res.body.message as string;
};

describe('admin promotion codes', () => {
  it('are for admins only', async () => {
    const res = await world.call('GET', '/admin/promotions', { as: newLearner() });
    expect(res.status).toBe(403);
  });

  it('refuses a code that is not 4–32 letters or digits, and a second active one with the same letters', async () => {
    const bad = await world.call('POST', '/admin/promotions', {
      as: admin,
      body: { code: 'NO-WAY', kind: 'percent', percentOff: 10, duration: 'once', audience: 'anyone' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'code', message: 'A code is 4 to 32 letters or digits' }]);
    const code = letters('TWIN');
    await makeCode({ code });
    const twin = await world.call('POST', '/admin/promotions', {
      as: admin,
      body: {
        code: code.toLowerCase(),
        kind: 'percent',
        percentOff: 10,
        duration: 'once',
        audience: 'anyone',
      },
    });
    expect(twin.status).toBe(409);
  });

  it('shows the discount before checkout, charges it, and counts the redemption and its revenue', async () => {
    const code = letters('SPRING');
    const made = await makeCode({ code, percentOff: 20, interval: 'year' });
    const user = newLearner();
    const offer = await world.call('GET', `/subscription/offer?code=${code.toLowerCase()}`, { as: user });
    expect(offer.status).toBe(200);
    expect(offer.body.data.discount).toMatchObject({
      code,
      percentOff: 20,
      interval: 'year',
      prices: [
        {
          interval: 'year',
          price: 149.99,
          discountedPrice: 119.99,
          summary: '$119.99 for the first year, then $149.99/year',
        },
      ],
    });
    const { html } = await checkout(user, { interval: 'year', code: code.toLowerCase() });
    expect(html).toContain('Due today: $119.99');
    const list = await world.call('GET', '/admin/promotions', { as: admin });
    expect(list.body.data.find((p: { id: string }) => p.id === made.id)).toMatchObject({
      code,
      redemptions: 1,
      revenue: 119.99,
      active: true,
    });
    const redemptions = await world.call('GET', `/admin/promotions/${made.id}/redemptions`, { as: admin });
    expect(redemptions.body.data).toEqual([
      expect.objectContaining({ userId: user.id, interval: 'year', amountPaid: 119.99 }),
    ]);
  });

  it('describes amounts off for N months', async () => {
    const code = letters('THREE');
    await makeCode({ code, kind: 'amount', amountOff: 5, duration: 'repeating', durationInMonths: 3 });
    const offer = await world.call('GET', `/subscription/offer?code=${code}`, { as: newLearner() });
    expect(offer.body.data.discount.prices.map((p: { summary: string }) => p.summary)).toEqual([
      '$9.99/month for 3 months, then $14.99/month',
      '$144.99 for the first year, then $149.99/year',
    ]);
  });
});

describe('refusals, each saying which, with nothing changed', () => {
  it('an unknown code', async () => {
    expect(await offerError(newLearner(), 'NOSUCHCODE')).toBe(promotionMessages.invalid);
    expect(await offerError(newLearner(), 'x!')).toBe(promotionMessages.invalid);
  });

  it('an expired code', async () => {
    const code = letters('OLD');
    const made = await makeCode({ code });
    await world.db
      .updateTable('promotion_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.id)
      .execute();
    expect(await offerError(newLearner(), code)).toBe(promotionMessages.expired);
  });

  it('a used-up code', async () => {
    const code = letters('ONCE');
    await makeCode({ code, maxRedemptions: 1 });
    await checkout(newLearner(), { code });
    expect(await offerError(newLearner(), code)).toBe(promotionMessages.usedUp);
  });

  it('a first-time code for someone who had Premium', async () => {
    const code = letters('NEWBIE');
    await makeCode({ code, audience: 'first-time' });
    const user = newLearner();
    await checkout(user, {});
    expect(await offerError(user, code)).toBe(promotionMessages.firstTimeOnly);
  });

  it('an annual-only code at a monthly checkout, refused before any checkout opens', async () => {
    const code = letters('YEARLY');
    await makeCode({ code, interval: 'year' });
    const user = newLearner();
    const { created } = await checkout(user, { interval: 'month', code });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ success: false, message: promotionMessages.annualOnly });
    expect((await world.call('GET', '/subscription/status', { as: user })).body.data.status).toBe('free');
  });

  it('a code applied twice by one person: the older checkout is expired, and once paid it is used', async () => {
    const code = letters('TWOTABS');
    await makeCode({ code });
    const user = newLearner();
    const open = () =>
      world.call('POST', '/subscription/create-checkout-session', {
        as: user,
        body: { plan: 'premium', code },
      });
    const first = await open();
    const second = await open();
    expect([first.status, second.status]).toEqual([200, 200]);
    const older = await world.sandboxApi('GET', `/v1/checkout/sessions/${first.body.data.sessionId}`);
    expect(older.body.status).toBe('expired');
    // Paying the newer one uses the code: another checkout with it is refused before any opens, even before
    // the payment's webhook has arrived.
    await fetch(second.body.data.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    const third = await open();
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ success: false, message: promotionMessages.alreadyUsed });
    await world.call('GET', `/subscription/status?session_id=${second.body.data.sessionId}`, { as: user });
    const other = newLearner();
    await world.call('POST', '/subscription/cancel', { as: user });
    expect(await offerError(user, code)).toBe(promotionMessages.alreadyUsed);
    expect((await world.call('GET', `/subscription/offer?code=${code}`, { as: other })).status).toBe(200);
  });

  it('a deactivated code', async () => {
    const code = letters('STOP');
    const made = await makeCode({ code });
    const off = await world.call('POST', `/admin/promotions/${made.id}/deactivate`, { as: admin });
    expect(off.body.data.active).toBe(false);
    expect(await offerError(newLearner(), code)).toBe(promotionMessages.invalid);
  });
});
