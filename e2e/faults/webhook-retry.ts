/**
 * Scenario 5: billing down while the payments sandbox sends webhooks. A real checkout is paid on the
 * sandbox's hosted page while billing is dead (and its supervisor paused so it stays dead); delivery is
 * retried and applied exactly once when billing returns. Then the same event delivered twice, and events
 * out of order, must end in the right state.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { demoAccounts, type CheckoutSession } from '@catalyst/contracts';
import type { Checks } from './lib/checks';
import { allHealthy, isAlive, login, type Environment } from './lib/environment';
import { Traffic, call, sleep, waitFor, type ApiBody } from './lib/http';

/** The per-install sandbox key and webhook secret the launcher keeps in DATA_DIR. */
const installSecret = (env: Environment, name: string) =>
  readFileSync(path.join(env.product.dataDir, 'secrets', `${name}.txt`), 'utf8').trim();
const BILLING_DOWN_MS = 7_000;

interface SandboxEvent {
  id: string;
  type: string;
  seq: number;
  attempts: number;
  delivered_at: Date | null;
  payload: string;
}

/** A Stripe-Signature header over the exact payload, as the provider makes it. */
function sign(payload: string, secret: string) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

export async function webhookRetry(env: Environment, checks: Checks) {
  const WEBHOOK_SECRET = installSecret(env, 'webhook-secret');
  const SANDBOX_KEY = installSecret(env, 'sandbox-secret-key');
  checks.begin(
    '5. Billing down while the payments sandbox sends webhooks; duplicates and out-of-order events',
  );
  const base = env.url;
  const runtime = env.runtime();
  const sandbox = `http://127.0.0.1:${runtime.services['payments-sandbox']}`;
  const learner = demoAccounts.learner;
  const token = await login(base, learner.email, learner.password);
  const traffic = new Traffic();
  const sandboxEvents = (afterSeq: number) =>
    env.postgres.query<SandboxEvent>(
      'select id, type, seq::int as seq, attempts, delivered_at, payload from payments_sandbox.events where seq > $1 order by seq',
      [afterSeq],
    );
  const ledger = (ids: string[]) =>
    env.postgres.query<{ id: string }>('select id from billing.events where id = any($1::text[])', [ids]);
  const learnerSubscriptions = () =>
    env.postgres.query<{ status: string; cancel_at_period_end: boolean }>(
      'select status, cancel_at_period_end from billing.subscriptions where user_id = $1',
      [learner.id],
    );
  const status = async () =>
    (await call(base, 'GET', '/api/v1/subscription/status', { token, traffic })).body?.data as
      { hasSubscription: boolean; status: string | null; cancelAtPeriodEnd?: boolean } | undefined;
  const post = async (payload: string) => {
    const started = Date.now();
    const response = await fetch(`${base}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': sign(payload, WEBHOOK_SECRET),
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => undefined)) as
      { data?: { duplicate?: boolean } } | undefined;
    traffic.record({
      status: response.status,
      ms: Date.now() - started,
      at: Date.now(),
      body,
      shaped: true,
      hung: false,
    });
    return { status: response.status, duplicate: body?.data?.duplicate };
  };

  const seqBefore =
    (
      await env.postgres.query<{ max: number }>(
        'select coalesce(max(seq), 0)::int as max from payments_sandbox.events',
      )
    )[0]?.max ?? 0;
  const ledgerCount = async () =>
    (await env.postgres.query<{ count: number }>('select count(*)::int as count from billing.events'))[0]
      ?.count;
  const initial = await status();
  if (
    !checks.check(
      'the learner starts without a plan',
      initial?.hasSubscription === false,
      JSON.stringify(initial),
    )
  )
    return;

  // A real checkout session, created through billing while it is up.
  const created = await call<ApiBody<CheckoutSession>>(
    base,
    'POST',
    '/api/v1/subscription/create-checkout-session',
    {
      token,
      body: { plan: 'premium' },
      traffic,
    },
  );
  const checkoutUrl = created.body?.data?.url;
  if (
    !checks.check(
      'billing creates a checkout session on the sandbox',
      created.status === 200 && !!checkoutUrl,
      `${created.status}`,
    ) ||
    !checkoutUrl
  )
    return;
  const hosted = new URL(checkoutUrl);
  const payUrl = `${sandbox}${hosted.pathname}`;

  // Billing dies and stays dead: the launcher (its supervisor) is paused, so nothing restarts it.
  const launcherPid = runtime.pids.launcher!;
  const billingPid = runtime.pids.billing!;
  process.kill(launcherPid, 'SIGSTOP');
  let resumed = false;
  const resume = () => {
    if (!resumed) process.kill(launcherPid, 'SIGCONT');
    resumed = true;
  };
  try {
    process.kill(billingPid, 'SIGKILL');
    await waitFor(async () => !isAlive(billingPid), 2_000, 20);
    const paid = await fetch(payUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        cardName: 'Leo Learner',
      }),
      redirect: 'manual',
    });
    checks.check(
      'the card is accepted on the hosted page while billing is down',
      paid.status === 303 && !/error=/.test(paid.headers.get('location') ?? ''),
      `${paid.status} → ${paid.headers.get('location')}`,
    );
    await sleep(BILLING_DOWN_MS);
    const pending = await sandboxEvents(seqBefore);
    const failedAttempts = pending.reduce((n, e) => n + e.attempts, 0);
    checks.check(
      'while billing is down, deliveries fail and stay queued for retry',
      pending.length > 0 && pending.every((e) => e.delivered_at === null) && failedAttempts >= pending.length,
      `${pending.length} events (${pending.map((e) => e.type).join(', ')}), ${failedAttempts} failed attempts`,
    );
    const stillFree = await status();
    checks.check(
      'billing shows nothing while it could not be told',
      stillFree === undefined || stillFree.hasSubscription === false,
    );
  } finally {
    resume();
  }

  const healthyIn = await allHealthy(env, 30_000);
  checks.check(
    'the supervisor restarts billing once resumed',
    healthyIn !== undefined && env.runtime().pids.billing !== billingPid,
    `healthy in ${healthyIn} ms`,
  );
  let events: SandboxEvent[] = [];
  const deliveredIn = await waitFor(
    async () => {
      events = await sandboxEvents(seqBefore);
      return events.length > 0 && events.every((e) => e.delivered_at !== null);
    },
    45_000,
    500,
  );
  checks.check(
    'every queued event is delivered once billing is back',
    deliveredIn !== undefined,
    `${events.filter((e) => e.delivered_at).length}/${events.length} delivered, attempts ${events.map((e) => e.attempts).join(',')}`,
  );
  const applied = await ledger(events.map((e) => e.id));
  checks.check(
    "each event is in billing's ledger exactly once",
    applied.length === events.length && new Set(applied.map((r) => r.id)).size === events.length,
    `${applied.length}/${events.length}`,
  );
  const afterPay = await status();
  const rows = await learnerSubscriptions();
  checks.check(
    'the learner is subscribed, with one subscription row',
    afterPay?.hasSubscription === true && afterPay.status === 'active' && rows.length === 1,
    `${JSON.stringify(afterPay)}; rows ${rows.length}`,
  );

  // The same event delivered twice: acknowledged, applied once.
  const completed = events.find((e) => e.type === 'checkout.session.completed') ?? events[0]!;
  const again = await post(completed.payload);
  const againRows = await learnerSubscriptions();
  const ledgerSize = await ledgerCount();
  const twice = await post(completed.payload);
  const ledgerAfter = await ledgerCount();
  checks.check(
    'the same event delivered twice more is acknowledged as a duplicate and changes nothing',
    again.status === 200 &&
      again.duplicate === true &&
      twice.status === 200 &&
      twice.duplicate === true &&
      ledgerAfter === ledgerSize &&
      againRows.length === 1,
    `${again.status}/${again.duplicate}, ${twice.status}/${twice.duplicate}, ledger ${ledgerSize}→${ledgerAfter}`,
  );

  // Out of order: cancel at period end, then reactivate; the older event arriving last must not win.
  const seqBeforeChanges = Math.max(...events.map((e) => e.seq));
  const cancel = await call(base, 'POST', '/api/v1/subscription/cancel', { token, traffic });
  const reactivate = await call(base, 'POST', '/api/v1/subscription/reactivate', { token, traffic });
  let changes: SandboxEvent[] = [];
  await waitFor(
    async () => {
      changes = (await sandboxEvents(seqBeforeChanges)).filter(
        (e) => e.type === 'customer.subscription.updated',
      );
      return changes.length >= 2 && changes.every((e) => e.delivered_at !== null);
    },
    20_000,
    300,
  );
  const cancelEvent = changes.find((e) => JSON.parse(e.payload).data.object.cancel_at_period_end === true);
  checks.check(
    'cancel and reactivate each produced an update event',
    cancel.status === 200 && reactivate.status === 200 && changes.length >= 2 && !!cancelEvent,
    `${changes.length} updates`,
  );
  if (cancelEvent) {
    // The provider may deliver an older event late and under its own id: rewrite only the id.
    const late = JSON.parse(cancelEvent.payload) as { id: string };
    late.id = `${cancelEvent.id}_late`;
    const lateAnswer = await post(JSON.stringify(late));
    const replay = await post(cancelEvent.payload);
    const state = await status();
    const [row] = await learnerSubscriptions();
    checks.check(
      'an older "cancel at period end" event arriving after the reactivation does not regress the state',
      lateAnswer.status === 200 &&
        replay.duplicate === true &&
        state?.hasSubscription === true &&
        state.cancelAtPeriodEnd === false &&
        row?.cancel_at_period_end === false,
      `late ${lateAnswer.status}, status ${JSON.stringify(state)}`,
    );
  }

  // Out of order, the other way: the subscription ends, then an older "active" update arrives.
  const subscriptionId = JSON.parse(completed.payload).data.object.subscription as string | undefined;
  const activeUpdate = changes.at(-1);
  if (subscriptionId && activeUpdate) {
    const ended = await fetch(`${sandbox}/v1/subscriptions/${subscriptionId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${SANDBOX_KEY}` },
    });
    await waitFor(async () => (await status())?.hasSubscription === false, 20_000, 300);
    const stale = JSON.parse(activeUpdate.payload) as { id: string };
    stale.id = `${activeUpdate.id}_late`;
    const staleAnswer = await post(JSON.stringify(stale));
    const state = await status();
    const [row] = await learnerSubscriptions();
    checks.check(
      'an older "active" event arriving after the subscription ended does not bring it back',
      ended.status === 200 &&
        staleAnswer.status === 200 &&
        state?.hasSubscription === false &&
        row?.status === 'canceled',
      `ended ${ended.status}, late ${staleAnswer.status}, status ${JSON.stringify(state)}, row ${row?.status}`,
    );
  }
  const deliveredTotal = (await sandboxEvents(seqBefore)).filter((e) => e.delivered_at !== null).length;
  checks.figure(
    `sandbox events ${deliveredTotal} delivered (retried attempts ${events.reduce((n, e) => n + e.attempts, 0)} for the checkout's ${events.length}); suite requests ${traffic.summary()}`,
  );
}
