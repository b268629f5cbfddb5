// Issue 56's plans through billing's API and the sandbox (the real stripe SDK): monthly and annual, the free
// trial once per person (account and card), switching monthly ↔ annual with proration shown first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authInternalRoutes, type Identity } from '@catalyst/contracts';
import { createPeer } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, createPeerStandIn, testLog } from '@catalyst/service-kit/testing';
import { PUBLIC_URL, learnerFactory, startBillingWorld, type BillingWorld } from '../test-support';
import { sendDueTrialReminders } from './trial-reminders';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('f', 'Planner');

/** Opens a checkout with `body` and pays it on the hosted page; answers the page's text and the session id. */
async function buy(as: Identity, body: Record<string, unknown>, card = '4242424242424242') {
  const created = await world.call('POST', '/subscription/create-checkout-session', {
    as,
    body: { plan: 'premium', ...body },
  });
  if (created.status !== 200) return { created, html: '', sessionId: '' };
  const { url, sessionId } = created.body.data as { url: string; sessionId: string };
  const html = await (await fetch(url)).text();
  await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12 / 34', cvc: '123' }).toString(),
  });
  const status = await world.call('GET', `/subscription/status?session_id=${sessionId}`, { as });
  return { created, html, sessionId, status: status.body.data };
}

describe('plans', () => {
  it('sells Premium Annual at $149.99 for a year', async () => {
    const user = newLearner();
    const { html, status } = await buy(user, { interval: 'year' });
    expect(html).toContain('Catalyst Premium Annual');
    expect(html).toContain('$149.99');
    expect(status).toMatchObject({
      hasSubscription: true,
      status: 'active',
      interval: 'year',
      trialEnd: null,
    });
    expect(Date.parse(status.currentPeriodEnd) - Date.now()).toBeGreaterThan(364 * 86400_000);
  });

  it('sells Premium Monthly at $14.99 by default', async () => {
    const { html, status } = await buy(newLearner(), {});
    expect(html).toContain('$14.99');
    expect(status).toMatchObject({ status: 'active', interval: 'month' });
  });

  it('refuses an interval it does not sell', async () => {
    const res = await world.call('POST', '/subscription/create-checkout-session', {
      as: newLearner(),
      body: { plan: 'premium', interval: 'week' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errors: [{ field: 'interval' }] });
  });
});

describe('the free trial', () => {
  it('is offered to someone who never had Premium, and opens Premium while trialing', async () => {
    const user = newLearner();
    const offer = await world.call('GET', '/subscription/offer', { as: user });
    expect(offer.body.data).toEqual({ trial: { eligible: true, days: 7 }, discount: null });
    const { html, status } = await buy(user, { trial: true }, '5555555555554444');
    expect(html).toContain('7-day free trial: $0.00 due today.');
    expect(status).toMatchObject({ hasSubscription: true, status: 'trialing', interval: 'month' });
    expect(Date.parse(status.trialEnd) - Date.now()).toBeGreaterThan(6.9 * 86400_000);
    expect(status.currentPeriodEnd).toBe(status.trialEnd);
    const entitlement = await world.internal(`/internal/entitlements/${user.id}`);
    expect(entitlement.body, JSON.stringify(entitlement.body)).toMatchObject({
      data: { entitled: true, plan: 'premium', status: 'trialing' },
    });
    // Nothing charged: the one invoice is $0.
    const invoices = await world.call('GET', '/subscription/invoices', { as: user });
    expect(invoices.body.data.map((i: { amount: number }) => i.amount)).toEqual([0]);
    // Taken once per account.
    expect((await world.call('GET', '/subscription/offer', { as: user })).body.data.trial.eligible).toBe(
      false,
    );
  });

  it('is refused to an account that had Premium before, changing nothing', async () => {
    const user = newLearner();
    await buy(user, {});
    await world.call('POST', '/subscription/cancel', { as: user });
    await world.advanceClock(32);
    await world.dispatcher.deliverDue();
    const again = await world.call('POST', '/subscription/create-checkout-session', {
      as: user,
      body: { plan: 'premium', trial: true },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: 'The free trial is for people who never had Premium.',
    });
  });

  it('is one per card: a second account with the same card gets no trial and is charged nothing', async () => {
    const first = newLearner();
    await buy(first, { trial: true }, '4000000000000341');
    const second = newLearner();
    const { status } = await buy(second, { trial: true }, '4000000000000341');
    expect(status).toMatchObject({ hasSubscription: false, status: 'canceled' });
    const invoices = await world.call('GET', '/subscription/invoices', { as: second });
    expect(invoices.body.data.every((i: { amount: number }) => i.amount === 0)).toBe(true);
  });

  it('cancelled during the trial ends at the trial end and charges nothing', async () => {
    const user = newLearner();
    const { status } = await buy(user, { trial: true }, '4000056655665556');
    await world.call('POST', '/subscription/cancel', { as: user });
    await world.advanceClock(8);
    await world.dispatcher.deliverDue();
    const after = (await world.call('GET', '/subscription/status', { as: user })).body.data;
    expect(after).toMatchObject({ hasSubscription: false, status: 'canceled' });
    expect(status.trialEnd).not.toBeNull();
    const invoices = await world.call('GET', '/subscription/invoices', { as: user });
    expect(invoices.body.data.map((i: { amount: number }) => i.amount)).toEqual([0]);
  });

  it('mails a reminder 2 days before the trial converts, once', async () => {
    const user = newLearner();
    const { status } = await buy(user, { trial: true }, '5200828282828210');
    const trialEnd = Date.parse(status.trialEnd);
    const deps = { db: world.db, mailer: world.mailer, log: testLog, config: { PUBLIC_URL } };
    expect(await sendDueTrialReminders(deps, new Date(trialEnd - 3 * 86400_000))).toBe(0);
    const twoDaysBefore = new Date(trialEnd - 2 * 86400_000 + 60_000);
    expect(await sendDueTrialReminders(deps, twoDaysBefore)).toBe(1);
    expect(await sendDueTrialReminders(deps, twoDaysBefore)).toBe(0);
    const mail = world.mailer.sent.find((m) => m.to === user.email);
    expect(mail?.subject).toBe('Your Catalyst Premium trial ends in 2 days');
    expect(mail?.text).toContain('$14.99');
  });

  it('writes the reminder in the language the user chose, asked of auth', async () => {
    const user = newLearner();
    const { status } = await buy(user, { trial: true }, '4242424242424242');
    const auth = (await createPeerStandIn()).answer(authInternalRoutes.lookupUsers, ({ body }) =>
      (body.ids as string[]).map((id) => ({ id, name: user.name, email: user.email, locale: 'es' as const })),
    );
    try {
      const deps = {
        db: world.db,
        mailer: world.mailer,
        log: testLog,
        config: { PUBLIC_URL },
        auth: createPeer({ baseUrl: auth.baseUrl, secret: TEST_INTERNAL_SECRET }),
      };
      expect(
        await sendDueTrialReminders(deps, new Date(Date.parse(status.trialEnd) - 2 * 86400_000 + 60_000)),
      ).toBe(1);
    } finally {
      await auth.close();
    }
    const mail = world.mailer.sent.find((m) => m.to === user.email);
    expect(mail?.subject).toBe('Tu prueba de Catalyst Premium termina en 2 días');
    expect(mail?.text).toContain(
      'Después se cargarán 14,99\u00a0US$ al mes en tu tarjeta y Premium continuará.',
    );
    expect(mail?.headers).toEqual({ 'Content-Language': 'es' });
  });
});

describe('switching monthly ↔ annual', () => {
  it('shows the proration, then moves monthly to annual now with the unused month credited', async () => {
    const user = newLearner();
    await buy(user, {});
    await world.advanceClock(10);
    const preview = await world.call('GET', '/subscription/plan-change?interval=year', { as: user });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      interval: 'year',
      effective: 'now',
      price: 149.99,
      currency: 'usd',
    });
    expect(preview.body.data.credit).toBeGreaterThan(9);
    expect(preview.body.data.credit).toBeLessThan(14.99);
    expect(preview.body.data.amountDue).toBeCloseTo(149.99 - preview.body.data.credit, 2);

    const changed = await world.call('POST', '/subscription/plan-change', {
      as: user,
      body: { interval: 'year' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('You are now on the annual plan.');
    expect(changed.body.data).toMatchObject({ status: 'active', interval: 'year' });
    const invoices = await world.call('GET', '/subscription/invoices', { as: user });
    expect(invoices.body.data[0].amount).toBeCloseTo(preview.body.data.amountDue, 2);
  });

  it('moves annual to monthly at the annual renewal', async () => {
    const user = newLearner();
    await buy(user, { interval: 'year' });
    const preview = await world.call('GET', '/subscription/plan-change?interval=month', { as: user });
    expect(preview.body.data).toMatchObject({ effective: 'renewal', amountDue: 0, price: 14.99 });
    const changed = await world.call('POST', '/subscription/plan-change', {
      as: user,
      body: { interval: 'month' },
    });
    expect(changed.body.data).toMatchObject({ interval: 'year', scheduledInterval: 'month' });
    expect(changed.body.message).toMatch(/^Your plan becomes monthly on /);
    await world.advanceClock(367);
    await world.dispatcher.deliverDue();
    const after = (await world.call('GET', '/subscription/status', { as: user })).body.data;
    expect(after).toMatchObject({ status: 'active', interval: 'month', scheduledInterval: null });
    const invoices = await world.call('GET', '/subscription/invoices', { as: user });
    expect(invoices.body.data[0].amount).toBe(14.99);
  });

  it('refuses a switch to the plan one is on, and without a plan', async () => {
    const user = newLearner();
    expect((await world.call('GET', '/subscription/plan-change?interval=year', { as: user })).status).toBe(
      404,
    );
    await buy(user, {});
    const same = await world.call('POST', '/subscription/plan-change', {
      as: user,
      body: { interval: 'month' },
    });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ success: false, message: 'You are already on the monthly plan.' });
  });
});
