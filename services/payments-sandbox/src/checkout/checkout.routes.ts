import { Hono } from 'hono';
import type { Deps } from '../deps';
import { currentTime } from '../clock/clock.repository';
import { findCustomer, insertCustomer } from '../customers/customers.repository';
import { toCheckoutSession } from '../objects';
import { subscriptionObject } from '../subscriptions/lifecycle';
import { findSubscription } from '../subscriptions/subscriptions.repository';
import { expireCheckoutSession } from '../subscriptions/lifecycle';
import { StripeApiError, invalidParam, missingParam, noSuch } from '../wire/errors';
import { stringMap } from '../wire/form';
import { stripeId } from '../wire/ids';
import { expandList, optionalInteger, optionalString, requiredString, stripeParams } from '../wire/params';
import { sessionDiscount, sessionOffer } from '../promotions/session-offer';
import { findCheckoutSession, findPrice, insertCheckoutSession, insertPrice } from './checkout.repository';

/** A checkout session lives this long unless expires_at says otherwise (the provider's default: 24 hours). */
export const DEFAULT_SESSION_TTL_SECONDS = 24 * 3600;

type LineItem = { price?: unknown; quantity?: unknown; price_data?: Record<string, unknown> };

export function checkoutRoutes({ db, config, dispatcher }: Deps) {
  const app = new Hono();

  async function priceFor(item: LineItem, now: number, mode: string) {
    if (typeof item.price === 'string') {
      const price = await findPrice(db, item.price);
      if (!price) throw noSuch('price', item.price, 'line_items[0][price]');
      return price;
    }
    const data = item.price_data;
    if (!data) throw missingParam('line_items[0][price]');
    const unitAmount = Number(data.unit_amount);
    const currency = typeof data.currency === 'string' ? data.currency.toLowerCase() : '';
    const recurring = (data.recurring ?? {}) as Record<string, unknown>;
    const productName = ((data.product_data ?? {}) as Record<string, unknown>).name;
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      throw invalidParam('line_items[0][price_data][unit_amount]', 'Invalid integer: unit_amount');
    if (!/^[a-z]{3}$/.test(currency)) throw missingParam('line_items[0][price_data][currency]');
    // A one-off payment's price has no interval; a subscription's must have one.
    if (mode === 'payment' && data.recurring !== undefined)
      throw invalidParam(
        'line_items[0][price_data][recurring]',
        'You specified `payment` mode but passed a recurring price.',
      );
    if (mode === 'subscription' && !['day', 'week', 'month', 'year'].includes(String(recurring.interval))) {
      throw invalidParam(
        'line_items[0][price_data][recurring][interval]',
        'You must provide a recurring interval for a subscription-mode session.',
      );
    }
    if (typeof productName !== 'string' || productName === '')
      throw missingParam('line_items[0][price_data][product_data][name]');
    return insertPrice(db, {
      id: stripeId('price'),
      product_name: productName,
      unit_amount: unitAmount,
      currency,
      interval: mode === 'payment' ? 'one_time' : String(recurring.interval),
      created: now,
    });
  }

  async function sessionJson(id: string, expand: string[]) {
    const session = await findCheckoutSession(db, id);
    if (!session) throw noSuch('checkout.session', id);
    const price = await findPrice(db, session.price_id);
    if (!price) throw noSuch('price', session.price_id);
    const json: Record<string, unknown> = toCheckoutSession(
      session,
      price,
      config.PUBLIC_URL,
      await sessionDiscount(db, session, price),
    );
    if (expand.includes('subscription') && session.subscription) {
      const sub = await findSubscription(db, session.subscription);
      if (sub) json.subscription = await subscriptionObject(db, sub);
    }
    return json;
  }

  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const now = await currentTime(db);
    const mode = requiredString(params, 'mode');
    if (mode !== 'subscription' && mode !== 'payment')
      throw invalidParam('mode', `The sandbox supports mode=subscription or payment, not '${mode}'.`);
    const successUrl = requiredString(params, 'success_url');
    const cancelUrl = requiredString(params, 'cancel_url');
    for (const [name, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (!URL.canParse(url.replace('{CHECKOUT_SESSION_ID}', 'x')))
        throw invalidParam(name, `Not a valid URL: ${name}`);
    }
    const items = Array.isArray(params.line_items) ? (params.line_items as LineItem[]) : [];
    if (items.length !== 1 || !items[0])
      throw invalidParam('line_items', 'The sandbox supports exactly one line item.');
    const quantity = items[0].quantity === undefined ? 1 : Number(items[0].quantity);
    if (!Number.isInteger(quantity) || quantity < 1)
      throw invalidParam('line_items[0][quantity]', 'Invalid integer: quantity');
    const price = await priceFor(items[0], now, mode);

    let customerId = optionalString(params, 'customer');
    if (customerId) {
      if (!(await findCustomer(db, customerId))) throw noSuch('customer', customerId, 'customer');
    } else {
      const created = await insertCustomer(db, {
        id: stripeId('cus'),
        email: optionalString(params, 'customer_email') ?? null,
        name: null,
        metadata: {},
        card_number: null,
        created: now,
      });
      customerId = created.id;
    }
    const expiresAt = optionalInteger(params, 'expires_at') ?? now + DEFAULT_SESSION_TTL_SECONDS;
    if (expiresAt <= now) throw invalidParam('expires_at', 'expires_at must be in the future.');
    const offer = await sessionOffer(db, params, customerId, now);

    const session = await insertCheckoutSession(db, {
      id: stripeId('cs_test'),
      customer: customerId,
      mode,
      status: 'open',
      payment_status: 'unpaid',
      price_id: price.id,
      quantity,
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: optionalString(params, 'client_reference_id') ?? null,
      metadata: stringMap(params.metadata),
      subscription_metadata: stringMap(
        (params.subscription_data as Record<string, unknown> | undefined)?.metadata,
      ),
      subscription: null,
      expires_at: expiresAt,
      created: now,
      ...offer,
    });
    return c.json(await sessionJson(session.id, []));
  });

  app.get('/:id', async (c) =>
    c.json(await sessionJson(c.req.param('id'), expandList(await stripeParams(c)))),
  );

  app.post('/:id/expire', async (c) => {
    const session = await findCheckoutSession(db, c.req.param('id'));
    if (!session) throw noSuch('checkout.session', c.req.param('id'));
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    const now = await currentTime(db);
    await db.transaction().execute((trx) => expireCheckoutSession(trx, session.id, now, config.PUBLIC_URL));
    dispatcher.kick();
    return c.json(await sessionJson(session.id, []));
  });

  return app;
}
