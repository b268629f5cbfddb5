// Test world for billing: a real Postgres, the payments sandbox and billing, each on a free port,
// talking over HTTP exactly as in production (the real stripe SDK against the sandbox).
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import Stripe from 'stripe';
import type { Identity } from '@catalyst/contracts';
import { createDb, createInvalidations, createPeer } from '@catalyst/service-kit';
import {
  TEST_INTERNAL_SECRET,
  createMemoryMailer,
  createTestCache,
  createTestDatabase,
  identityHeaders,
  internalHeaders,
  testLog,
  testUsers,
} from '@catalyst/service-kit/testing';
import { createApp as createSandboxApp } from '../../payments-sandbox/src/app';
import { configSchema as sandboxConfigSchema } from '../../payments-sandbox/src/config';
import type { Database as SandboxDatabase } from '../../payments-sandbox/src/db/schema';
import {
  SCHEMA as SANDBOX_SCHEMA,
  prepareDatabase as prepareSandbox,
} from '../../payments-sandbox/src/setup';
import { createWebhookDispatcher } from '../../payments-sandbox/src/webhooks/dispatcher';
import { createApp } from './app';
import { configSchema } from './config';
import type { Database } from './db/schema';
import { createStripeClient } from './provider/stripe';
import { SCHEMA, prepareDatabase } from './setup';

export const SANDBOX_KEY = 'sk_test_catalyst_sandbox';
export const WEBHOOK_SECRET = 'whsec_test_billing_secret';
export const PUBLIC_URL = 'http://catalyst.test';

async function listen(fetch: (request: Request) => Response | Promise<Response>) {
  const server = createAdaptorServer({ fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export async function startBillingWorld({
  stripeApiUrl,
  seed = false,
  config: extraConfig = {},
}: { stripeApiUrl?: string; seed?: boolean; config?: Record<string, string> } = {}) {
  const database = await createTestDatabase();
  const db = createDb<Database>({ connectionString: database.url, schema: SCHEMA, poolSize: 5 });
  const sandboxDb = createDb<SandboxDatabase>({
    connectionString: database.url,
    schema: SANDBOX_SCHEMA,
    poolSize: 5,
  });
  await prepareDatabase(db, { seed, log: testLog });
  await prepareSandbox(sandboxDb, { seed, log: testLog });

  // What billing announces: every user whose plan changed ('entitlement'), as content and progress hear it.
  const evictions: string[] = [];
  const invalidations = createInvalidations({});
  invalidations.subscribe('entitlement', (userId) => userId && evictions.push(userId));
  const cache = createTestCache();
  const mailer = createMemoryMailer();
  // Billing first: the sandbox needs its webhook URL; billing learns the sandbox's URL through a late-bound client.
  let stripe: Stripe = new Stripe(SANDBOX_KEY);
  const billingApp = createApp({
    config: configSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      STRIPE_SECRET_KEY: SANDBOX_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL,
      ...extraConfig,
    }),
    db,
    cache,
    log: testLog,
    get stripe() {
      return stripe;
    },
    invalidations,
    mailer,
    // Auth, when a test stands it in: asked the languages e-mails are written in.
    ...(extraConfig.AUTH_URL
      ? { auth: createPeer({ baseUrl: extraConfig.AUTH_URL, secret: TEST_INTERNAL_SECRET }) }
      : {}),
  });
  const billing = await listen(billingApp.fetch);

  const sandboxConfig = sandboxConfigSchema.parse({
    DATABASE_URL: database.url,
    SANDBOX_SECRET_KEY: SANDBOX_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    WEBHOOK_URL: `${billing.url}/webhooks/stripe`,
    PUBLIC_URL: 'http://sandbox.test',
  });
  const dispatcher = createWebhookDispatcher({
    db: sandboxDb,
    log: testLog,
    webhookUrl: sandboxConfig.WEBHOOK_URL,
    webhookSecret: WEBHOOK_SECRET,
  });
  // Tests deliver webhooks explicitly (deliverDue), so no delivery races the assertions.
  const sandboxApp = createSandboxApp({
    config: sandboxConfig,
    db: sandboxDb,
    log: testLog,
    dispatcher: { ...dispatcher, kick: () => {} },
  });
  const sandbox = await listen(sandboxApp.fetch);
  sandboxConfig.PUBLIC_URL = sandbox.url;
  stripe = createStripeClient({
    STRIPE_SECRET_KEY: SANDBOX_KEY,
    STRIPE_API_URL: stripeApiUrl ?? sandbox.url,
  });

  const call = async (
    method: string,
    path: string,
    { as, body, headers = {} }: { as?: Identity; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${billing.url}${path}`, {
      method,
      headers: {
        ...(as ? identityHeaders(as) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  const sandboxApi = async (method: string, path: string, params: Record<string, string> = {}) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SANDBOX_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: method === 'GET' ? undefined : new URLSearchParams(params).toString(),
    });
    return { status: response.status, body: await response.json() };
  };

  return {
    db,
    sandboxDb,
    billing,
    sandbox,
    dispatcher,
    evictions,
    /** Every e-mail billing sent, in order. */
    mailer,
    get stripe() {
      return stripe;
    },
    call,
    sandboxApi,
    internal: (path: string) =>
      fetch(`${billing.url}${path}`, { headers: internalHeaders() }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),

    /** Starts a checkout as this user and submits the hosted form with a card; answers the redirect target. */
    async checkout(as: Identity, cardNumber: string) {
      const created = await call('POST', '/subscription/create-checkout-session', {
        as,
        body: { plan: 'premium' },
      });
      if (created.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(created.body)}`);
      const { url, sessionId } = created.body.data as { url: string; sessionId: string };
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          cardNumber,
          expiry: '12 / 34',
          cvc: '123',
          cardName: as.name,
        }).toString(),
      });
      return { url, sessionId, status: response.status, location: response.headers.get('location') ?? '' };
    },

    /** The signed delivery of a raw event body, as the provider sends it. */
    async postEvent(payload: string, secret = WEBHOOK_SECRET) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const response = await fetch(`${billing.url}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return { status: response.status, body: await response.json() };
    },

    async advanceClock(days: number) {
      return sandboxApi('POST', '/v1/test_helpers/advance', { days: String(days) });
    },

    async close() {
      await dispatcher.stop();
      await Promise.all([billing.close(), sandbox.close()]);
      await db.destroy();
      await sandboxDb.destroy();
      await cache.close();
      await database.drop();
    },
  };
}
export type BillingWorld = Awaited<ReturnType<typeof startBillingWorld>>;

/**
 * A maker of fresh learner identities for one test file: each call is a user no other test has touched
 * (ids `<letter>` × 22 plus a counter, so files never collide; e-mail and name from `label`).
 */
export function learnerFactory(letter: string, label: string): () => Identity {
  let counter = 0;
  return () => {
    counter++;
    return {
      ...testUsers.learner,
      id: `${letter.repeat(22)}${String(counter).padStart(2, '0')}`,
      email: `${label.toLowerCase()}${counter}@test.example`,
      name: `${label} ${counter}`,
    };
  };
}
