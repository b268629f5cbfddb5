import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@catalyst/service-kit';
import { createTestDatabase, testLog } from '@catalyst/service-kit/testing';
import { createApp } from '../app';
import { configSchema } from '../config';
import type { Database } from '../db/schema';
import type { toCustomer, toSubscription } from '../objects';
import { SCHEMA, prepareDatabase } from '../setup';
import { createWebhookDispatcher } from '../webhooks/dispatcher';
import type { stripeErrorBody } from './errors';
import { parseStripeForm } from './form';

/** What the sandbox answers on the wire, in Stripe's shapes. */
type StripeError = ReturnType<typeof stripeErrorBody>;
type StripeCustomer = ReturnType<typeof toCustomer>;
type StripeSubscription = ReturnType<typeof toSubscription>;

describe('parseStripeForm', () => {
  it('decodes nested keys and indexed arrays as the stripe SDK encodes them', () => {
    const body =
      'mode=subscription&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1499' +
      '&line_items[0][price_data][recurring][interval]=month&line_items[0][quantity]=1&metadata[userId]=abc&expand[0]=subscription';
    expect(parseStripeForm(body.replace(/\[/g, '%5B').replace(/\]/g, '%5D'))).toEqual({
      mode: 'subscription',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: '1499', recurring: { interval: 'month' } },
          quantity: '1',
        },
      ],
      metadata: { userId: 'abc' },
      expand: ['subscription'],
    });
  });
});

describe('the sandbox API', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: ReturnType<typeof createDb<Database>>;
  let app: ReturnType<typeof createApp>;
  const key = 'sk_test_catalyst_sandbox';

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb<Database>({ connectionString: database.url, schema: SCHEMA });
    await prepareDatabase(db, { seed: true, log: testLog });
    const config = configSchema.parse({
      DATABASE_URL: database.url,
      SANDBOX_SECRET_KEY: key,
      STRIPE_WEBHOOK_SECRET: 'whsec_wire_test_secret',
    });
    const dispatcher = createWebhookDispatcher({
      db,
      log: testLog,
      webhookUrl: 'http://127.0.0.1:9/',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    });
    app = createApp({ config, db, log: testLog, dispatcher: { ...dispatcher, kick: () => {} } });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("refuses a request without the secret key in Stripe's error shape", async () => {
    const res = await app.request('/v1/customers/cus_x');
    expect(res.status).toBe(401);
    expect(((await res.json()) as StripeError).error.type).toBe('invalid_request_error');
    const wrong = await app.request('/v1/customers/cus_x', {
      headers: { authorization: 'Bearer sk_test_wrong_key' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as StripeError).error.message).toMatch(/^Invalid API Key provided/);
  });

  it('answers a missing resource with resource_missing', async () => {
    const res = await app.request('/v1/subscriptions/sub_missing', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such subscription: 'sub_missing'",
      },
    });
  });

  it('reports a missing required parameter', async () => {
    const res = await app.request('/v1/checkout/sessions', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscription',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as StripeError).error).toMatchObject({
      code: 'parameter_missing',
      param: 'success_url',
    });
  });

  it('cancels at period end and emits a signed-to-be subscription.updated event', async () => {
    const res = await app.request('/v1/subscriptions/sub_CatalystDemoMember', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cancel_at_period_end=true',
    });
    const sub = (await res.json()) as StripeSubscription;
    expect(sub).toMatchObject({ object: 'subscription', cancel_at_period_end: true, status: 'active' });
    expect(sub.cancel_at).toBe(sub.items.data[0]!.current_period_end);
    const events = await db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'customer.subscription.updated')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload).data.previous_attributes.cancel_at_period_end).toBe(false);
  });

  it('replays a POST retried with the same Idempotency-Key and refuses the key for another request', async () => {
    const post = (body: string) =>
      app.request('/v1/customers', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'retry-1',
        },
        body,
      });
    const first = (await (await post('email=a%40example.com')).json()) as StripeCustomer;
    const retry = await post('email=a%40example.com');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as StripeCustomer).id).toBe(first.id);
    const other = await post('email=b%40example.com');
    expect(other.status).toBe(400);
    expect(((await other.json()) as StripeError).error.type).toBe('idempotency_error');
    expect(
      await db.selectFrom('customers').select('id').where('email', '=', 'a@example.com').execute(),
    ).toHaveLength(1);
  });
});
