// The sandbox's plan objects through the real stripe SDK, as billing (or anyone pointing at Stripe) calls them:
// yearly prices, trials, coupons with promotion codes, price changes with proration and their preview, schedules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startBillingWorld, type BillingWorld } from '../../../billing/src/test-support';

let world: BillingWorld;
let stripe: Stripe;
let monthly: Stripe.Price;
let annual: Stripe.Price;
beforeAll(async () => {
  world = await startBillingWorld();
  stripe = world.stripe;
  monthly = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 1499,
    recurring: { interval: 'month' },
    product_data: { name: 'Premium Monthly' },
    lookup_key: 'test_monthly',
  });
  annual = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 14999,
    recurring: { interval: 'year' },
    product_data: { name: 'Premium Annual' },
    lookup_key: 'test_annual',
  });
});
afterAll(async () => world?.close());

const DAY = 86400;

/** A customer who pays a checkout of `price` with `card`; answers the session, completed. */
async function subscribe(
  price: string,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
  card = '4242424242424242',
) {
  const customer = await stripe.customers.create({ email: 'plans@test.example' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://catalyst.test/ok?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://catalyst.test/cancel',
    ...extra,
  });
  const page = await fetch(session.url!);
  const html = await page.text();
  await fetch(session.url!, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12 / 34', cvc: '123' }).toString(),
  });
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const sub = await stripe.subscriptions.retrieve(String(done.subscription));
  return { customer, session: done, sub, html };
}

describe('prices', () => {
  it('are found by lookup key, with their interval', async () => {
    const found = await stripe.prices.list({ lookup_keys: ['test_annual', 'test_monthly'] });
    expect(found.data.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval]).sort()).toEqual([
      ['test_annual', 14999, 'year'],
      ['test_monthly', 1499, 'month'],
    ]);
    await expect(
      stripe.prices.create({
        currency: 'usd',
        unit_amount: 1,
        recurring: { interval: 'month' },
        product_data: { name: 'x' },
        lookup_key: 'test_annual',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
  });

  it('bills an annual price for a year and renews it a year later', async () => {
    const { sub } = await subscribe(annual.id);
    const item = sub.items.data[0]!;
    expect(item.price.recurring?.interval).toBe('year');
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    const [first] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(first?.amount_paid).toBe(14999);
  });
});

describe('trials', () => {
  it('start trialing with nothing charged, and the card is charged when the trial ends', async () => {
    const { sub, session, customer } = await subscribe(monthly.id, {
      subscription_data: { trial_period_days: 7 },
    });
    expect(sub.status).toBe('trialing');
    expect(session.amount_total).toBe(0);
    expect(sub.trial_end! - sub.trial_start!).toBe(7 * DAY);
    expect(sub.items.data[0]!.current_period_end).toBe(sub.trial_end);
    const pm = await stripe.paymentMethods.retrieve(String(sub.default_payment_method));
    expect(pm.card?.last4).toBe('4242');
    expect(pm.card?.fingerprint).toMatch(/^[\w-]{16}$/);

    await world.advanceClock(8);
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.status).toBe('active');
    const invoices = (await stripe.invoices.list({ customer: customer.id })).data;
    expect(invoices.map((i) => i.amount_paid).sort()).toEqual([0, 1499]);
  });

  it('refuses a trial of 0 days', async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: 'http://catalyst.test/ok',
        cancel_url: 'http://catalyst.test/cancel',
        subscription_data: { trial_period_days: 0 },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data[trial_period_days]' });
  });

  it('ends at once with trial_end=now, charging the card', async () => {
    const { sub } = await subscribe(monthly.id, { subscription_data: { trial_period_days: 7 } });
    const ended = await stripe.subscriptions.update(sub.id, { trial_end: 'now' });
    expect(ended.status).toBe('active');
    const latest = await stripe.invoices.retrieve(String(ended.latest_invoice));
    expect(latest.amount_paid).toBe(1499);
  });
});

describe('coupons and promotion codes', () => {
  async function code(
    coupon: Stripe.CouponCreateParams,
    extra: Partial<Stripe.PromotionCodeCreateParams> = {},
  ) {
    const made = await stripe.coupons.create(coupon);
    return stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: made.id }, ...extra });
  }

  it('discounts the checkout and the first invoice, and counts the redemption', async () => {
    const promo = await code({ percent_off: 20, duration: 'once' }, { code: `SPRING${Date.now()}` });
    const { session, sub, html } = await subscribe(annual.id, { discounts: [{ promotion_code: promo.id }] });
    expect(session.amount_total).toBe(11999);
    expect(session.total_details?.amount_discount).toBe(3000);
    expect(html).toContain('$119.99');
    const [invoice] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(invoice?.amount_paid).toBe(11999);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
  });

  it('finds a code whatever its case, and refuses an inactive, expired or used-up one', async () => {
    const name = `CaseCode${Date.now()}`;
    const promo = await code(
      { amount_off: 500, currency: 'usd', duration: 'forever' },
      { code: name, max_redemptions: 1 },
    );
    const [found] = (await stripe.promotionCodes.list({ code: name.toUpperCase() })).data;
    expect(found?.id).toBe(promo.id);
    await subscribe(monthly.id, { discounts: [{ promotion_code: promo.id }] });
    const create = (id: string) =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: 'http://catalyst.test/ok',
        cancel_url: 'http://catalyst.test/cancel',
        discounts: [{ promotion_code: id }],
      });
    await expect(create(promo.id)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/maximum number of redemptions/),
    });
    const expired = await code(
      { percent_off: 10, duration: 'once' },
      { expires_at: Math.floor(Date.now() / 1000) + 60 },
    );
    await world.advanceClock(1);
    await expect(create(expired.id)).rejects.toMatchObject({ code: 'coupon_expired' });
    const off = await code({ percent_off: 10, duration: 'once' });
    await stripe.promotionCodes.update(off.id, { active: false });
    await expect(create(off.id)).rejects.toMatchObject({ code: 'promotion_code_inactive' });
  });

  it('lets the customer type a code on the hosted page when the session allows codes', async () => {
    const name = `Typed${Date.now()}`;
    const promo = await code({ amount_off: 500, currency: 'usd', duration: 'once' }, { code: name });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 1 }],
      success_url: 'http://catalyst.test/ok',
      cancel_url: 'http://catalyst.test/cancel',
      allow_promotion_codes: true,
    });
    expect(await (await fetch(session.url!)).text()).toContain('Promotion code');
    const apply = (typed: string) =>
      fetch(`${session.url}/promotion`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ promotionCode: typed }).toString(),
      });
    const wrong = await apply('NOPE1234');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This code is not valid.');
    expect((await apply(name.toLowerCase())).status).toBe(303);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Due today: $9.99');
    expect((await stripe.checkout.sessions.retrieve(session.id)).discounts).toEqual([
      { coupon: null, promotion_code: promo.id },
    ]);
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: 'http://catalyst.test/ok',
        cancel_url: 'http://catalyst.test/cancel',
        allow_promotion_codes: true,
        discounts: [{ promotion_code: promo.id }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'allow_promotion_codes' });
  });

  it('keeps a repeating discount for its months only', async () => {
    const promo = await code({ percent_off: 50, duration: 'repeating', duration_in_months: 2 });
    const { sub } = await subscribe(monthly.id, { discounts: [{ promotion_code: promo.id }] });
    await world.advanceClock(31);
    await world.advanceClock(31);
    const paid = (await stripe.invoices.list({ subscription: sub.id })).data.map((i) => i.amount_paid);
    expect(paid.sort((a, b) => a - b)).toEqual([749, 749, 1499]);
  });

  it('refuses a first-time code to a customer who has paid before', async () => {
    const promo = await code(
      { percent_off: 10, duration: 'once' },
      { restrictions: { first_time_transaction: true } },
    );
    const { customer } = await subscribe(monthly.id);
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: 'http://catalyst.test/ok',
        cancel_url: 'http://catalyst.test/cancel',
        discounts: [{ promotion_code: promo.id }],
      }),
    ).rejects.toMatchObject({ code: 'promotion_code_customer_not_eligible' });
  });
});

describe('changing price', () => {
  it('previews and applies monthly to annual now, crediting the unused month', async () => {
    const { sub } = await subscribe(monthly.id);
    await world.advanceClock(10);
    const itemId = sub.items.data[0]!.id;
    const preview = await stripe.invoices.createPreview({
      customer: String(sub.customer),
      subscription: sub.id,
      subscription_details: {
        items: [{ id: itemId, price: annual.id }],
        proration_behavior: 'always_invoice',
      },
    });
    const [credit, charge] = preview.lines.data;
    expect(credit!.amount).toBeLessThan(0);
    expect(credit!.amount).toBeGreaterThan(-1499);
    expect(charge!.amount).toBe(14999);
    expect(preview.amount_due).toBe(14999 + credit!.amount);

    const changed = await stripe.subscriptions.update(sub.id, {
      items: [{ id: itemId, price: annual.id }],
      proration_behavior: 'always_invoice',
    });
    expect(changed.items.data[0]!.price.id).toBe(annual.id);
    const latest = await stripe.invoices.retrieve(String(changed.latest_invoice));
    expect(latest.amount_paid).toBe(preview.amount_due);
  });

  it('moves annual to monthly at the renewal through a schedule', async () => {
    const { sub } = await subscribe(annual.id);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const item = sub.items.data[0]!;
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        {
          items: [{ price: annual.id }],
          start_date: item.current_period_start,
          end_date: item.current_period_end,
        },
        { items: [{ price: monthly.id }] },
      ],
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.price.id).toBe(annual.id);
    await world.advanceClock(366);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]!.price.id).toBe(monthly.id);
    const latest = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(latest.amount_paid).toBe(1499);
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe('released');
  });
});

describe('per-seat quantities', () => {
  it('charges the quantity at checkout and at renewal, and prorates a quantity change now', async () => {
    const { sub, session } = await subscribe(monthly.id, {
      line_items: [{ price: monthly.id, quantity: 4 }],
    });
    expect(session.amount_total).toBe(4 * 1499);
    expect(sub.items.data[0]!.quantity).toBe(4);

    const raised = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, quantity: 6 }],
      proration_behavior: 'always_invoice',
    });
    expect(raised.items.data[0]!.quantity).toBe(6);
    expect(raised.items.data[0]!.current_period_end).toBe(sub.items.data[0]!.current_period_end);
    const invoice = await stripe.invoices.retrieve(String(raised.latest_invoice));
    // Two more seats for (nearly) the whole month.
    expect(invoice.amount_paid).toBeGreaterThan(2 * 1499 - 10);
    expect(invoice.amount_paid).toBeLessThanOrEqual(2 * 1499);

    const lowered = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, quantity: 3 }],
      proration_behavior: 'none',
    });
    expect(lowered.items.data[0]!.quantity).toBe(3);
    expect(lowered.latest_invoice).toBe(raised.latest_invoice);
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, quantity: 0 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });

    await world.advanceClock(31);
    const renewed = await stripe.invoices.list({ subscription: sub.id, limit: 1 });
    expect(renewed.data[0]!.amount_paid).toBe(3 * 1499);
  });

  it('refuses to change the price or the quantity of a canceled subscription', async () => {
    const { sub } = await subscribe(monthly.id);
    await stripe.subscriptions.cancel(sub.id);
    const item = sub.items.data[0]!.id;
    for (const change of [{ price: annual.id }, { quantity: 2 }])
      await expect(
        stripe.subscriptions.update(sub.id, { items: [{ id: item, ...change }] }),
      ).rejects.toMatchObject({
        statusCode: 400,
        type: 'StripeInvalidRequestError',
        message: 'A canceled subscription cannot change its items.',
      });
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect([after.items.data[0]!.price.id, after.items.data[0]!.quantity]).toEqual([monthly.id, 1]);
  });
});
