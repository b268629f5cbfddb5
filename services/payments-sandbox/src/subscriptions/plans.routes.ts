// The provider's plan objects beside subscriptions: prices found by lookup key, subscription schedules (a
// price that takes over at the renewal), the card on file as a payment method, and the invoice preview.
import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { SchedulePhase } from '../db/tables/subscription-schedule';
import { findPrice, insertPrice } from '../checkout/checkout.repository';
import { currentTime } from '../clock/clock.repository';
import { findCustomer } from '../customers/customers.repository';
import { toLineItem, toList, toPrice } from '../objects';
import { customerOfPaymentMethod, toPaymentMethod, toSchedule } from '../promotions/objects';
import { invalidParam, missingParam, noSuch, StripeApiError } from '../wire/errors';
import { stripeId } from '../wire/ids';
import { optionalInteger, optionalString, requiredString, stripeParams } from '../wire/params';
import { itemPrice, priceChangeTerms, prorationBehaviorOf } from './price-change';
import { findSchedule, findActiveSchedule, insertSchedule, updateSchedule } from './schedules.repository';
import { findSubscription } from './subscriptions.repository';

export function pricesRoutes({ db }: Deps) {
  const app = new Hono();
  app.get('/', async (c) => {
    const params = await stripeParams(c);
    const keys = Array.isArray(params.lookup_keys) ? params.lookup_keys.map(String) : [];
    const rows =
      keys.length === 0
        ? await db.selectFrom('prices').selectAll().orderBy('created', 'desc').limit(100).execute()
        : await db.selectFrom('prices').selectAll().where('lookup_key', 'in', keys).execute();
    return c.json(toList(rows.map(toPrice), '/v1/prices'));
  });
  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const recurring = (params.recurring ?? {}) as Record<string, unknown>;
    const interval = String(recurring.interval ?? '');
    if (!['day', 'week', 'month', 'year'].includes(interval)) throw missingParam('recurring[interval]');
    const unitAmount = optionalInteger(params, 'unit_amount');
    if (unitAmount === undefined || unitAmount < 0) throw missingParam('unit_amount');
    const productName =
      ((params.product_data ?? {}) as Record<string, unknown>).name ?? optionalString(params, 'nickname');
    if (typeof productName !== 'string' || !productName) throw missingParam('product_data[name]');
    const lookupKey = optionalString(params, 'lookup_key') ?? null;
    if (
      lookupKey &&
      (await db.selectFrom('prices').select('id').where('lookup_key', '=', lookupKey).executeTakeFirst())
    )
      throw invalidParam('lookup_key', `A price (\`${lookupKey}\`) already uses that lookup key.`);
    const price = await insertPrice(db, {
      id: stripeId('price'),
      product_name: productName,
      unit_amount: unitAmount,
      currency: requiredString(params, 'currency').toLowerCase(),
      interval,
      lookup_key: lookupKey,
      created: await currentTime(db),
    });
    return c.json(toPrice(price));
  });
  app.get('/:id', async (c) => {
    const price = await findPrice(db, c.req.param('id'));
    if (!price) throw noSuch('price', c.req.param('id'));
    return c.json(toPrice(price));
  });
  return app;
}

export function paymentMethodsRoutes({ db }: Deps) {
  const app = new Hono();
  app.get('/:id', async (c) => {
    const customer = await findCustomer(db, customerOfPaymentMethod(c.req.param('id')));
    if (!customer?.card_number) throw noSuch('payment_method', c.req.param('id'));
    return c.json(toPaymentMethod(customer));
  });
  return app;
}

/** POST /v1/invoices/create_preview: what a subscription's change would invoice now (nothing is written). */
export function invoicePreviewRoutes({ db }: Deps) {
  const app = new Hono();
  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const subId = requiredString(params, 'subscription');
    const sub = await findSubscription(db, subId);
    if (!sub) throw noSuch('subscription', subId, 'subscription');
    const details = (params.subscription_details ?? {}) as Record<string, unknown>;
    const next =
      (await itemPrice(db, details.items, 'subscription_details[items]')) ??
      (await findPrice(db, sub.price_id));
    if (!next) throw noSuch('price', sub.price_id);
    const now = optionalInteger(details, 'proration_date') ?? (await currentTime(db));
    const terms = await priceChangeTerms(
      db,
      sub,
      next,
      now,
      prorationBehaviorOf(details.proration_behavior, 'subscription_details[proration_behavior]'),
    );
    return c.json({
      id: `upcoming_${sub.id.replace(/^sub_/, '')}`,
      object: 'invoice',
      customer: sub.customer,
      subscription: sub.id,
      status: 'draft',
      currency: next.currency,
      subtotal: terms.subtotal,
      total: terms.amount,
      amount_due: terms.amount,
      amount_paid: 0,
      amount_remaining: terms.amount,
      total_discount_amounts: terms.discount ? [{ amount: terms.discount, discount: null }] : [],
      period_start: now,
      period_end: terms.periodEnd,
      created: now,
      livemode: false,
      lines: {
        object: 'list',
        has_more: false,
        url: '/v1/invoices/create_preview/lines',
        data: terms.lines.map(toLineItem('il_preview', next.currency)),
      },
    });
  });
  return app;
}

/** A schedule made from a subscription, whose phases billing sets: the next phase's price starts at renewal. */
export function schedulesRoutes({ db }: Deps) {
  const app = new Hono();
  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const subId = requiredString(params, 'from_subscription');
    const sub = await findSubscription(db, subId);
    if (!sub) throw noSuch('subscription', subId, 'from_subscription');
    if (await findActiveSchedule(db, sub.id))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You cannot migrate a subscription that is already attached to a schedule.',
        undefined,
        'from_subscription',
      );
    const schedule = await insertSchedule(db, {
      id: stripeId('sub_sched'),
      subscription: sub.id,
      customer: sub.customer,
      status: 'active',
      phases: [
        { price: sub.price_id, start_date: sub.current_period_start, end_date: sub.current_period_end },
      ],
      end_behavior: 'release',
      released_at: null,
      created: await currentTime(db),
    });
    return c.json(toSchedule(schedule));
  });
  app.get('/:id', async (c) => {
    const schedule = await findSchedule(db, c.req.param('id'));
    if (!schedule) throw noSuch('subscription_schedule', c.req.param('id'));
    return c.json(toSchedule(schedule));
  });
  app.post('/:id', async (c) => {
    const params = await stripeParams(c);
    const schedule = await findSchedule(db, c.req.param('id'));
    if (!schedule) throw noSuch('subscription_schedule', c.req.param('id'));
    if (schedule.status !== 'active')
      throw invalidParam('phases', `You cannot update a subscription schedule that is ${schedule.status}.`);
    const raw = Array.isArray(params.phases) ? (params.phases as Record<string, unknown>[]) : [];
    if (raw.length === 0) throw missingParam('phases');
    const phases: SchedulePhase[] = [];
    let start = schedule.phases[0]?.start_date ?? 0;
    for (const [i, phase] of raw.entries()) {
      const price = await itemPrice(db, phase.items, `phases[${i}][items]`);
      if (!price) throw missingParam(`phases[${i}][items]`);
      const startDate = optionalInteger(phase, 'start_date') ?? start;
      const endDate = optionalInteger(phase, 'end_date') ?? null;
      phases.push({ price: price.id, start_date: startDate, end_date: endDate });
      if (endDate === null && i < raw.length - 1) throw missingParam(`phases[${i}][end_date]`);
      start = endDate ?? start;
    }
    const updated = await updateSchedule(db, schedule.id, {
      phases,
      end_behavior: optionalString(params, 'end_behavior') ?? schedule.end_behavior,
    });
    return c.json(toSchedule(updated));
  });
  app.post('/:id/release', async (c) => {
    const schedule = await findSchedule(db, c.req.param('id'));
    if (!schedule) throw noSuch('subscription_schedule', c.req.param('id'));
    if (schedule.status !== 'active')
      throw invalidParam('id', `You cannot release a subscription schedule that is ${schedule.status}.`);
    const released = await updateSchedule(db, schedule.id, {
      status: 'released',
      released_at: await currentTime(db),
    });
    return c.json(toSchedule(released));
  });
  return app;
}
