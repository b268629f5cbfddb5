// Gifts of Premium through the real stripe SDK against the payments sandbox: bought in one payment
// (checkout mode=payment), the buyer's receipt, the recipient's e-mail on its day, redeemed once (after a
// paid period, never overlapping a charge), refunded by an admin before redemption.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CODE_PATTERN, giftMessages, giftSchema, type Identity } from '@catalyst/contracts';
import { testLog, testUsers } from '@catalyst/service-kit/testing';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { learnerFactory, PUBLIC_URL, startBillingWorld, type BillingWorld } from '../test-support';
import { sendDueGiftMails, startGiftMails } from './gift-mail';
import { billingFigures } from '../admin/figures';
import { addMonths } from './redeem';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => world?.close());

const newLearner = learnerFactory('f', 'Giver');
const DAY_MS = 86_400_000;

/** Buys a gift as `buyer` and pays it on the hosted page; answers the confirmed gift. */
async function buyGift(w: BillingWorld, buyer: Identity, body: Record<string, unknown>) {
  const created = await w.call('POST', '/gifts/checkout', { as: buyer, body });
  expect(created.status).toBe(200);
  const { url, sessionId } = created.body.data as { url: string; sessionId: string };
  const page = await (await fetch(url)).text();
  expect(page).toContain('Pay for');
  const paid = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${PUBLIC_URL}/gift?purchased=${sessionId}`);
  const confirmed = await w.call('POST', '/gifts/confirm', { as: buyer, body: { sessionId } });
  expect(confirmed.status).toBe(200);
  return giftSchema.parse(confirmed.body.data);
}

const mailDeps = (w: BillingWorld) =>
  ({ db: w.db, mailer: w.mailer, log: testLog, config: { PUBLIC_URL } as Config }) as Pick<
    Deps,
    'db' | 'mailer' | 'log' | 'config'
  >;

describe('buying a gift', () => {
  it('takes one payment and gives the buyer a receipt and a printable 128-bit code', async () => {
    const buyer = newLearner();
    const gift = await buyGift(world, buyer, { months: 3, recipientName: 'Sam', delivery: 'print' });
    expect(gift).toMatchObject({ months: 3, amount: 44.97, status: 'paid', delivery: 'print' });
    expect(gift.code).toMatch(GIFT_CODE_PATTERN);
    expect(gift.redeemUrl).toBe(`${PUBLIC_URL}/gift/${gift.code}`);

    // The webhook arrives after the success page confirmed it: still one receipt.
    await world.dispatcher.deliverDue();
    const receipts = world.mailer.sent.filter((m) => m.to === buyer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe('Your Catalyst gift receipt');
    expect(receipts[0]!.text).toContain('Item: Catalyst Premium gift, 3 months');
    expect(receipts[0]!.text).toContain('Amount paid: $44.97');
    expect(receipts[0]!.text).toContain(`/gift/${gift.code}`);

    // The provider took one payment for it.
    const events = (await world.sandboxApi('GET', '/v1/events?type=payment_intent.succeeded&limit=100')).body
      .data as Stripe.Event[];
    const intent = events
      .map((e) => e.data.object as Stripe.PaymentIntent)
      .find((p) => p.metadata.giftId === gift.id);
    expect(intent).toMatchObject({ amount: 4497, status: 'succeeded' });
    expect(
      (await world.call('GET', '/gifts', { as: buyer })).body.data.map((g: { id: string }) => g.id),
    ).toEqual([gift.id]);
  });

  it('mails the recipient on the chosen day with the redeem link, once', async () => {
    const buyer = newLearner();
    const sendOn = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    const gift = await buyGift(world, buyer, {
      months: 6,
      recipientName: 'Robin',
      recipientEmail: 'robin@test.example',
      delivery: 'email',
      sendOn,
      message: 'Happy birthday!',
    });
    expect(gift.amount).toBe(89.94);
    expect(world.mailer.sent.filter((m) => m.to === 'robin@test.example')).toHaveLength(0);

    const dayBefore = new Date(Date.parse(sendOn) - DAY_MS).toISOString().slice(0, 10);
    await sendDueGiftMails(mailDeps(world), dayBefore);
    expect(world.mailer.sent.filter((m) => m.to === 'robin@test.example')).toHaveLength(0);
    await sendDueGiftMails(mailDeps(world), sendOn);
    await sendDueGiftMails(mailDeps(world), sendOn);
    const mails = world.mailer.sent.filter((m) => m.to === 'robin@test.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${buyer.name} gave you Catalyst Premium`);
    expect(mails[0]!.text).toContain('Happy birthday!');
    expect(mails[0]!.text).toContain(`Redeem your gift: ${PUBLIC_URL}/gift/${gift.code}`);
  });

  it("writes the recipient's e-mail in the language the buyer gave it in", async () => {
    const buyer: Identity = { ...newLearner(), locale: 'ar' };
    await buyGift(world, buyer, {
      months: 3,
      recipientName: 'Sami',
      recipientEmail: 'sami@test.example',
      delivery: 'email',
      sendOn: new Date().toISOString().slice(0, 10),
    });
    const mails = world.mailer.sent.filter((m) => m.to === 'sami@test.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`أهداك ${buyer.name} اشتراك Catalyst Premium`);
    expect(mails[0]!.text.split('\n').slice(0, 3)).toEqual([
      'مرحبًا Sami،',
      '',
      `أهداك ${buyer.name} ${new Intl.NumberFormat('ar').format(3)} أشهر من Catalyst Premium.`,
    ]);
    expect(mails[0]!.headers).toEqual({ 'Content-Language': 'ar' });
  });

  it("is mailed by billing's own pass once its day has come, without anyone asking", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await world.db
      .insertInto('gifts')
      .values({
        code: '0'.repeat(25) + '1',
        buyer_user_id: 'f'.repeat(24),
        buyer_name: 'Past Buyer',
        buyer_email: null,
        months: 3,
        amount: 4497,
        currency: 'usd',
        recipient_name: 'Dana',
        recipient_email: 'dana@test.example',
        delivery: 'email',
        send_on: today,
        message: null,
        status: 'paid',
        checkout_session_id: null,
        payment_intent: 'pi_past',
        invoice_id: null,
        receipt_sent_at: new Date(),
        sent_at: null,
        redeemed_by: null,
        redeemed_at: null,
        refunded_at: null,
      })
      .execute();
    const pass = startGiftMails(mailDeps(world), 60_000);
    try {
      await expect
        .poll(() => world.mailer.sent.filter((m) => m.to === 'dana@test.example').map((m) => m.subject))
        .toEqual(['Past Buyer gave you Catalyst Premium']);
    } finally {
      pass.close();
    }
  });

  it('refuses a wrong length, a missing address or a past day, in the one error shape', async () => {
    const buyer = newLearner();
    for (const [body, message] of [
      [{ months: 4, recipientName: 'Sam', delivery: 'print' }, 'Choose 3, 6 or 12 months'],
      [{ months: 3, recipientName: 'Sam', delivery: 'email' }, "Enter the recipient's e-mail address"],
      [
        { months: 3, recipientName: 'Sam', delivery: 'print', sendOn: '2001-01-01' },
        'Choose a delivery date from today up to a year ahead',
      ],
    ] as const) {
      const res = await world.call('POST', '/gifts/checkout', { as: buyer, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });
});

describe('redeeming a gift', () => {
  it('opens Premium for its months to someone without a plan, once', async () => {
    const gift = await buyGift(world, newLearner(), { months: 3, recipientName: 'Kim', delivery: 'print' });
    const kim = newLearner();
    const preview = await world.call('GET', `/gifts/codes/${gift.code}`, { as: kim });
    expect(preview.body.data).toMatchObject({ months: 3, recipientName: 'Kim', status: 'paid' });

    const redeemed = await world.call('POST', `/gifts/codes/${gift.code!.toLowerCase()}/redeem`, { as: kim });
    expect(redeemed.status).toBe(200);
    const until = Date.parse(redeemed.body.data.premiumUntil);
    expect(Math.abs(until - addMonths(new Date(), 3).getTime())).toBeLessThan(60_000);
    const status = (await world.call('GET', '/subscription/status', { as: kim })).body.data;
    expect(status).toMatchObject({ hasSubscription: true, plan: 'premium', status: 'active' });
    expect(Date.parse(status.currentPeriodEnd)).toBe(until);
    expect((await world.internal(`/internal/entitlements/${kim.id}`)).body.data.entitled).toBe(true);
    // A gift's period, not a plan: it says so, and it has nothing to reactivate or cancel.
    expect(status).toMatchObject({ gift: true, cancelAtPeriodEnd: true });
    expect(status.interval).toBeUndefined();
    for (const action of ['reactivate', 'cancel']) {
      const refused = await world.call('POST', `/subscription/${action}`, { as: kim });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ success: false, message: giftMessages.notAPlan });
    }

    const again = await world.call('POST', `/gifts/codes/${gift.code}/redeem`, { as: newLearner() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: 'This gift has already been redeemed' });
    const unknown = await world.call('POST', `/gifts/codes/${'0'.repeat(26)}/redeem`, { as: kim });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'This gift code is not valid' });
  });

  it('is won by exactly one of several people redeeming it at the same moment', async () => {
    const gift = await buyGift(world, newLearner(), { months: 12, recipientName: 'All', delivery: 'print' });
    const people = Array.from({ length: 6 }, () => newLearner());
    const answers = await Promise.all(
      people.map((as) => world.call('POST', `/gifts/codes/${gift.code}/redeem`, { as })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const entitled = await Promise.all(
      people.map(async (p) => (await world.internal(`/internal/entitlements/${p.id}`)).body.data.entitled),
    );
    expect(entitled.filter(Boolean)).toHaveLength(1);
  });

  it('adds the months after a plan that is ending', async () => {
    const ending = newLearner();
    await world.checkout(ending, '4242424242424242');
    await world.dispatcher.deliverDue();
    await world.call('POST', '/subscription/cancel', { as: ending });
    const before = (await world.call('GET', '/subscription/status', { as: ending })).body.data;
    const gift = await buyGift(world, newLearner(), { months: 3, recipientName: 'End', delivery: 'print' });
    const redeemed = await world.call('POST', `/gifts/codes/${gift.code}/redeem`, { as: ending });
    expect(redeemed.body.data.premiumUntil).toBe(
      addMonths(new Date(before.currentPeriodEnd), 3).toISOString(),
    );
  });

  it('leaves the gift unredeemed and the plan as it was when the provider cannot extend it', async () => {
    const payer = newLearner();
    // A renewing plan billing knows but the provider does not (as when the provider is down for it).
    await world.db
      .insertInto('subscriptions')
      .values({
        stripe_subscription_id: 'sub_unknown_to_provider',
        user_id: payer.id,
        stripe_customer_id: 'cus_unknown',
        plan: 'premium',
        status: 'active',
        current_period_end: new Date(Date.now() + 10 * DAY_MS),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
      })
      .execute();
    const gift = await buyGift(world, newLearner(), { months: 3, recipientName: 'P', delivery: 'print' });
    const res = await world.call('POST', `/gifts/codes/${gift.code}/redeem`, { as: payer });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'Your plan could not be extended. Please try again.',
    });
    const row = await world.db
      .selectFrom('gifts')
      .selectAll()
      .where('id', '=', gift.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', redeemed_by: null, redeemed_at: null });
    const periods = await world.db
      .selectFrom('subscriptions')
      .select('stripe_subscription_id')
      .where('user_id', '=', payer.id)
      .execute();
    expect(periods).toEqual([{ stripe_subscription_id: 'sub_unknown_to_provider' }]);
  });
});

describe('a gift redeemed by someone who pays already', () => {
  it('moves their next charge after the gift: nothing is charged in its months', async () => {
    const w = await startBillingWorld();
    try {
      const payer = newLearner();
      await w.checkout(payer, '4242424242424242');
      await w.dispatcher.deliverDue();
      const paidUntil = (await w.call('GET', '/subscription/status', { as: payer })).body.data
        .currentPeriodEnd;
      const gift = await buyGift(w, newLearner(), { months: 3, recipientName: 'Pay', delivery: 'print' });
      const redeemed = await w.call('POST', `/gifts/codes/${gift.code}/redeem`, { as: payer });
      expect(redeemed.status).toBe(200);
      const until = addMonths(new Date(paidUntil), 3);
      expect(redeemed.body.data.premiumUntil).toBe(until.toISOString());

      const customer = await w.db
        .selectFrom('customers')
        .select('stripe_customer_id')
        .where('user_id', '=', payer.id)
        .executeTakeFirstOrThrow();
      const invoices = async () =>
        (await w.sandboxApi('GET', `/v1/invoices?customer=${customer.stripe_customer_id}&limit=100`)).body
          .data as Stripe.Invoice[];
      expect(await invoices()).toHaveLength(1);
      // The admin figures count the gift's months as a gift, not as a free trial.
      const figures = await billingFigures(w.db);
      expect(figures.activeByPlan).toContainEqual({ plan: 'Gift', count: 1 });
      expect(figures.trials.active).toBe(0);
      // Past the paid month and up to the day before the gift ends: no charge, Premium open.
      const clock = (await w.sandboxApi('GET', '/v1/test_helpers/clock')).body.now as number;
      const daysLeft = Math.floor((until.getTime() / 1000 - clock) / 86_400);
      for (const days of [32, daysLeft - 33]) {
        await w.advanceClock(days);
        await w.dispatcher.deliverDue();
        expect(await invoices()).toHaveLength(1);
        expect((await w.internal(`/internal/entitlements/${payer.id}`)).body.data.entitled).toBe(true);
      }
      // After the gift, the plan is charged again.
      await w.advanceClock(2);
      await w.dispatcher.deliverDue();
      const after = await invoices();
      expect(after).toHaveLength(2);
      expect(after[0]).toMatchObject({ status: 'paid', amount_paid: 1499 });
      expect(after[0]!.created).toBe(Math.floor(until.getTime() / 1000));
    } finally {
      await w.close();
    }
  });
});

describe('refunding a gift', () => {
  it('gives the payment back before redemption, and the code stops working', async () => {
    const gift = await buyGift(world, newLearner(), { months: 6, recipientName: 'Ref', delivery: 'print' });
    expect((await world.call('POST', `/admin/gifts/${gift.id}/refund`, { as: newLearner() })).status).toBe(
      403,
    );
    const refunded = await world.call('POST', `/admin/gifts/${gift.id}/refund`, { as: testUsers.admin });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ id: gift.id, status: 'refunded' });
    const row = await world.db
      .selectFrom('gifts')
      .selectAll()
      .where('id', '=', gift.id)
      .executeTakeFirstOrThrow();
    const intent = (await world.sandboxApi('GET', `/v1/payment_intents/${row.payment_intent}`)).body;
    expect(intent).toMatchObject({ amount: 8994 });
    const charges = (await world.sandboxApi('GET', '/v1/events?type=charge.refunded&limit=100')).body
      .data as Stripe.Event[];
    expect(charges.some((e) => (e.data.object as Stripe.Charge).payment_intent === row.payment_intent)).toBe(
      true,
    );

    const redeem = await world.call('POST', `/gifts/codes/${gift.code}/redeem`, { as: newLearner() });
    expect(redeem.status).toBe(409);
    expect(redeem.body.message).toBe('This gift was refunded and can no longer be redeemed');
    const twice = await world.call('POST', `/admin/gifts/${gift.id}/refund`, { as: testUsers.admin });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Only a paid gift that has not been redeemed can be refunded');
  });

  it('is refused once the gift was redeemed', async () => {
    const gift = await buyGift(world, newLearner(), { months: 3, recipientName: 'R', delivery: 'print' });
    await world.call('POST', `/gifts/codes/${gift.code}/redeem`, { as: newLearner() });
    const res = await world.call('POST', `/admin/gifts/${gift.id}/refund`, { as: testUsers.admin });
    expect(res.status).toBe(409);
    const list = (await world.call('GET', '/admin/gifts', { as: testUsers.admin })).body.data as Array<{
      id: string;
      status: string;
    }>;
    expect(list.find((g) => g.id === gift.id)?.status).toBe('redeemed');
  });
});
