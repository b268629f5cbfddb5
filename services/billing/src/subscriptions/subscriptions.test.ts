import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_STATUS, FREE_STATUS } from '@catalyst/contracts';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { PUBLIC_URL, learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { withOfflineLicence } from './subscriptions.handlers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('c', 'Buyer');

describe('GET /subscription/status', () => {
  it('refuses anonymous callers', async () => {
    const res = await world.call('GET', '/subscription/status');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('is free for a learner without a subscription', async () => {
    const res = await world.call('GET', '/subscription/status', { as: newLearner() });
    expect(res.body).toEqual({ success: true, data: FREE_STATUS });
  });

  it('treats admins as subscribed without asking the provider', async () => {
    const offline = await startBillingWorld({ stripeApiUrl: 'http://127.0.0.1:9' });
    try {
      const res = await offline.call('GET', '/subscription/status', { as: testUsers.admin });
      const { offlineLicence, ...status } = res.body.data;
      expect(status).toEqual(ADMIN_STATUS);
      expect(status).toEqual({
        hasSubscription: true,
        plan: 'admin',
        status: 'active',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      });
      // Saved premium lessons play for three days at most before the server is asked again.
      expect(offlineLicence.userId).toBe(testUsers.admin.id);
      expect(Date.parse(offlineLicence.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
      expect(Date.parse(offlineLicence.expiresAt) - Date.now()).toBeLessThanOrEqual(72 * 3_600_000);
    } finally {
      await offline.close();
    }
  });
});

describe('the offline licence', () => {
  const now = Date.parse('2026-12-05T12:00:00.000Z');
  const member = { ...testUsers.subscriber };
  const active = (currentPeriodEnd: string | null) => ({
    hasSubscription: true,
    plan: 'premium' as const,
    status: 'active' as const,
    currentPeriodEnd,
    cancelAtPeriodEnd: true,
  });

  it("ends with the plan's paid period when that comes first, else three days from now", () => {
    expect(withOfflineLicence(active('2026-12-06T00:00:00.000Z'), member, now).offlineLicence).toEqual({
      userId: member.id,
      expiresAt: '2026-12-06T00:00:00.000Z',
    });
    expect(withOfflineLicence(active('2027-01-05T12:00:00.000Z'), member, now).offlineLicence).toEqual({
      userId: member.id,
      expiresAt: '2026-12-08T12:00:00.000Z',
    });
  });

  it('is none without a plan', () => {
    expect(withOfflineLicence(FREE_STATUS, member, now)).toEqual(FREE_STATUS);
  });
});

describe('POST /subscription/create-checkout-session', () => {
  it('refuses an unknown plan with a 400', async () => {
    const res = await world.call('POST', '/subscription/create-checkout-session', {
      as: newLearner(),
      body: { plan: 'gold' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Unknown plan: choose premium',
      errors: [{ field: 'plan' }],
    });
  });

  it('answers 503, not 500, when the provider is unreachable', async () => {
    const offline = await startBillingWorld({ stripeApiUrl: 'http://127.0.0.1:9' });
    try {
      const res = await offline.call('POST', '/subscription/create-checkout-session', {
        as: newLearner(),
        body: { plan: 'premium' },
      });
      expect(res.status).toBe(503);
      expect(res.body.success).toBe(false);
    } finally {
      await offline.close();
    }
  }, 60_000);

  it('subscribes through the hosted checkout and is active at once on the success page', async () => {
    const user = newLearner();
    const created = await world.call('POST', '/subscription/create-checkout-session', {
      as: user,
      body: { plan: 'premium' },
    });
    expect(created.status).toBe(200);
    const { url, sessionId } = created.body.data;
    expect(url).toBe(`${world.sandbox.url}/checkout/${sessionId}`);

    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('Catalyst Premium');
    expect(html).toContain('$14.99');
    expect(html).toContain('Card number');

    const result = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242+4242+4242+4242&expiry=12%2F34&cvc=123&cardName=Buyer',
    });
    expect(result.status).toBe(303);
    expect(result.headers.get('location')).toBe(
      `${PUBLIC_URL}/subscription/success?session_id=${sessionId}&plan=premium`,
    );

    // No webhook has been delivered yet: the success page's session id is enough.
    const status = await world.call('GET', `/subscription/status?session_id=${sessionId}`, { as: user });
    expect(status.body.data).toMatchObject({
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const periodEnd = new Date(status.body.data.currentPeriodEnd).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 86400_000);
    expect(world.evictions).toContain(user.id);
    expect((await world.internal(`/internal/entitlements/${user.id}`)).body.data).toEqual({
      entitled: true,
      plan: 'premium',
      status: 'active',
    });

    // The webhooks arriving later change nothing.
    await world.dispatcher.deliverDue();
    // The plain status adds the offline licence: the member's, until the paid period ends (three days away at most).
    const { offlineLicence, ...plain } = (await world.call('GET', '/subscription/status', { as: user })).body
      .data;
    expect(plain).toEqual(status.body.data);
    expect(offlineLicence.userId).toBe(user.id);
    const licenceLeft = Date.parse(offlineLicence.expiresAt) - Date.now();
    expect(licenceLeft).toBeGreaterThan(71 * 3_600_000);
    expect(licenceLeft).toBeLessThanOrEqual(72 * 3_600_000);

    // One subscription per learner.
    const again = await world.call('POST', '/subscription/create-checkout-session', {
      as: user,
      body: { plan: 'premium' },
    });
    expect(again.status).toBe(409);
  });

  it('keeps one provider customer per user across checkouts', async () => {
    const user = newLearner();
    const first = await world.checkout(user, '4000000000000002');
    const second = await world.checkout(user, '4000000000000002');
    const customers = await world.db
      .selectFrom('customers')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(customers).toHaveLength(1);
    const a = (await world.sandboxApi('GET', `/v1/checkout/sessions/${first.sessionId}`)).body.customer;
    const b = (await world.sandboxApi('GET', `/v1/checkout/sessions/${second.sessionId}`)).body.customer;
    expect(a).toBe(customers[0]!.stripe_customer_id);
    expect(b).toBe(a);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4000 0000 0000 0119', 'payment_failed'],
  ])('sends card %s back to the failure page with error=%s', async (card, code) => {
    const user = newLearner();
    const result = await world.checkout(user, card);
    expect(result.status).toBe(303);
    const location = new URL(result.location);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/subscription/cancel`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      session_id: result.sessionId,
      plan: 'premium',
      error: code,
    });
    expect(
      (await world.call('GET', `/subscription/status?session_id=${result.sessionId}`, { as: user })).body
        .data,
    ).toEqual(FREE_STATUS);
  });

  it('shows a mistyped card number on the form instead of charging it', async () => {
    const created = await world.call('POST', '/subscription/create-checkout-session', {
      as: newLearner(),
      body: { plan: 'premium' },
    });
    const res = await fetch(created.body.data.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424241&expiry=12%2F34&cvc=123',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Your card number is incorrect.');
  });

  it('sends an expired checkout session back with error=session_expired', async () => {
    const user = newLearner();
    const created = await world.call('POST', '/subscription/create-checkout-session', {
      as: user,
      body: { plan: 'premium' },
    });
    await world.advanceClock(2);
    const res = await fetch(created.body.data.url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('session_expired');
    const session = await world.sandboxApi('GET', `/v1/checkout/sessions/${created.body.data.sessionId}`);
    expect(session.body.status).toBe('expired');
  });
});

describe('POST /subscription/confirm', () => {
  it("does not confirm somebody else's session", async () => {
    const owner = newLearner();
    const result = await world.checkout(owner, '4242424242424242');
    const thief = newLearner();
    const res = await world.call('POST', '/subscription/confirm', {
      as: thief,
      body: { sessionId: result.sessionId },
    });
    expect(res.status).toBe(404);
    expect((await world.call('GET', '/subscription/status', { as: thief })).body.data).toEqual(FREE_STATUS);

    const mine = await world.call('POST', '/subscription/confirm', {
      as: owner,
      body: { sessionId: result.sessionId },
    });
    expect(mine.body.data).toMatchObject({ hasSubscription: true, status: 'active' });
  });

  it('answers 404 for an unknown session and 400 without one', async () => {
    const user = newLearner();
    expect(
      (await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: 'cs_test_nope' } }))
        .status,
    ).toBe(404);
    const missing = await world.call('POST', '/subscription/confirm', { as: user, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('sessionId is required');
  });
});

describe('cancel, reactivate and the billing portal', () => {
  it('cancels at period end, then reactivates, and the provider agrees each time', async () => {
    const user = newLearner();
    const result = await world.checkout(user, '4242424242424242');
    await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: result.sessionId } });
    const subscriptionId = (await world.sandboxApi('GET', `/v1/checkout/sessions/${result.sessionId}`)).body
      .subscription;

    const canceled = await world.call('POST', '/subscription/cancel', { as: user });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({
      hasSubscription: true,
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    const provider = (await world.sandboxApi('GET', `/v1/subscriptions/${subscriptionId}`)).body;
    expect(provider.cancel_at_period_end).toBe(true);
    // Access lasts until the end of the period the provider bills.
    expect(canceled.body.data.currentPeriodEnd).toBe(
      new Date(provider.items.data[0].current_period_end * 1000).toISOString(),
    );

    const reactivated = await world.call('POST', '/subscription/reactivate', { as: user });
    expect(reactivated.body.data).toMatchObject({
      hasSubscription: true,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(
      (await world.sandboxApi('GET', `/v1/subscriptions/${subscriptionId}`)).body.cancel_at_period_end,
    ).toBe(false);
  });

  it('ends a cancelled subscription when its period ends', async () => {
    const user = newLearner();
    const result = await world.checkout(user, '4242424242424242');
    await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: result.sessionId } });
    await world.call('POST', '/subscription/cancel', { as: user });
    await world.advanceClock(40);
    await world.dispatcher.deliverDue();
    expect((await world.call('GET', '/subscription/status', { as: user })).body.data).toMatchObject({
      hasSubscription: false,
      status: 'canceled',
    });
  });

  it('refuses to cancel without a subscription', async () => {
    const res = await world.call('POST', '/subscription/cancel', { as: newLearner() });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'No active subscription found' });
  });

  it('opens the provider portal for a customer and refuses one without a billing account', async () => {
    expect((await world.call('POST', '/subscription/portal', { as: newLearner() })).status).toBe(404);
    const user = newLearner();
    const result = await world.checkout(user, '4242424242424242');
    await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: result.sessionId } });
    const portal = await world.call('POST', '/subscription/portal', { as: user });
    expect(portal.status).toBe(200);
    expect(portal.body.data.url).toMatch(new RegExp(`^${world.sandbox.url}/portal/bps_`));
    const response = await fetch(portal.body.data.url);
    const page = await response.text();
    expect(page).toContain('Renews on');
    expect(page).toContain('Card ending in 4242');
    expect(page).toContain(`${PUBLIC_URL}/subscription`);
    // A hosted page with a card form is never framed and runs no script.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('lets a portal link expire an hour after it was made', async () => {
    const user = newLearner();
    const result = await world.checkout(user, '4242424242424242');
    await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: result.sessionId } });
    const portal = await world.call('POST', '/subscription/portal', { as: user });
    expect((await fetch(portal.body.data.url)).status).toBe(200);
    await world.sandboxDb
      .updateTable('portal_sessions')
      .set({ created: Math.floor(Date.now() / 1000) - 2 * 3600 })
      .execute();
    const expired = await fetch(portal.body.data.url);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain('Link expired');
  });
});

describe('internal routes', () => {
  it('refuses callers without the internal secret', async () => {
    const res = await fetch(`${world.billing.url}/internal/subscribers/count`);
    expect(res.status).toBe(404);
  });

  it('counts entitled subscribers and answers entitlement for any user', async () => {
    const before = (await world.internal('/internal/subscribers/count')).body.data.count;
    const user = newLearner();
    expect((await world.internal(`/internal/entitlements/${user.id}`)).body.data).toEqual({
      entitled: false,
      plan: null,
      status: 'free',
    });
    const result = await world.checkout(user, '4242424242424242');
    await world.call('POST', '/subscription/confirm', { as: user, body: { sessionId: result.sessionId } });
    expect((await world.internal('/internal/subscribers/count')).body.data.count).toBe(before + 1);
    expect((await world.internal('/internal/entitlements/not-an-id')).status).toBe(400);
  });

  it("answers several users' plans at once (the admin users list)", async () => {
    const lookup = (body: unknown) =>
      fetch(`${world.billing.url}/internal/plans/lookup`, {
        method: 'POST',
        headers: { ...internalHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const member = newLearner();
    const stranger = newLearner();
    const result = await world.checkout(member, '4242424242424242');
    await world.call('POST', '/subscription/confirm', { as: member, body: { sessionId: result.sessionId } });
    const res = await lookup({ userIds: [member.id, stranger.id] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { userId: member.id, plan: 'premium', status: 'active' },
      { userId: stranger.id, plan: 'free', status: 'free' },
    ]);
    expect((await lookup({ userIds: ['not-an-id'] })).status).toBe(400);
  });
});
