/**
 * Scenario 9: billing killed in the middle of a gift's redemption. The redemption is held inside billing's
 * transaction (the gift row is locked by the suite), billing is killed (SIGKILL) there, and the data must
 * show nothing half-done: the gift still paid and unredeemed, no Premium for anyone. Once the supervisor has
 * restarted billing the same redemption succeeds, once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { demoAccounts, type CheckoutSession, type Gift } from '@catalyst/contracts';
import type { Checks } from './lib/checks';
import { allHealthy, isAlive, login, type Environment } from './lib/environment';
import { call, sleep, waitFor, type ApiBody } from './lib/http';

export async function giftRedemption(env: Environment, checks: Checks) {
  checks.begin('9. Billing killed during a gift redemption: nothing half-done, then redeemed once');
  const base = env.url;
  const buyer = await login(base, demoAccounts.member.email, demoAccounts.member.password);

  // A paid gift (printed code) and a new account to redeem it.
  const created = await call<ApiBody<CheckoutSession>>(base, 'POST', '/api/v1/gifts/checkout', {
    token: buyer,
    body: { months: 3, recipientName: 'Fault', delivery: 'print' },
  });
  const checkout = created.body?.data;
  if (
    !checks.check('billing opens a gift checkout', created.status === 200 && !!checkout, `${created.status}`)
  )
    return;
  const paid = await fetch(checkout!.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }),
  });
  const confirmed = await call<ApiBody<Gift>>(base, 'POST', '/api/v1/gifts/confirm', {
    token: buyer,
    body: { sessionId: checkout!.sessionId },
  });
  const gift = confirmed.body?.data;
  if (
    !checks.check('the gift is paid', paid.status === 303 && gift?.status === 'paid', JSON.stringify(gift)) ||
    !gift
  )
    return;
  const email = `gift-fault-${randomBytes(4).toString('hex')}@faults.example`;
  await call(base, 'POST', '/api/v1/auth/register', {
    body: { name: 'Gift Fault', email, password: 'Fault-pass-1' },
  });
  const recipient = await login(base, email, 'Fault-pass-1');

  const giftRow = async () =>
    (
      await env.postgres.query<{ status: string; redeemed_by: string | null }>(
        'select status, redeemed_by from billing.gifts where id = $1',
        [gift.id],
      )
    )[0];
  const giftPeriods = async () =>
    (
      await env.postgres.query<{ n: number }>(
        'select count(*)::int as n from billing.subscriptions where stripe_subscription_id = $1',
        [`gift_${gift.id}`],
      )
    )[0]?.n;

  // Hold the redemption inside billing's transaction: the suite locks the gift row first.
  const holder = new pg.Client({ connectionString: env.postgres.url() });
  await holder.connect();
  const runtime = env.runtime();
  const launcherPid = runtime.pids.launcher!;
  const billingPid = runtime.pids.billing!;
  let resumed = false;
  const resume = () => {
    if (!resumed) process.kill(launcherPid, 'SIGCONT');
    resumed = true;
  };
  try {
    await holder.query('begin');
    await holder.query('select id from billing.gifts where id = $1 for update', [gift.id]);
    const redeeming = call(base, 'POST', `/api/v1/gifts/codes/${gift.code}/redeem`, {
      token: recipient,
      timeoutMs: 15_000,
    });
    // Billing has started the redemption's transaction and waits on the row.
    const waiting = await waitFor(
      async () =>
        (
          await env.postgres.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%gifts%'",
          )
        )[0]!.n > 0,
      5_000,
      50,
    );
    checks.check('the redemption is inside billing, waiting on the gift row', waiting !== undefined);
    process.kill(launcherPid, 'SIGSTOP');
    process.kill(billingPid, 'SIGKILL');
    await waitFor(async () => !isAlive(billingPid), 2_000, 20);
    await holder.query('rollback');
    const answer = await redeeming;
    checks.check(
      'the redemption answers an error in JSON, not a success',
      answer.status >= 500 && answer.status < 600 && answer.body?.success === false,
      `${answer.status} ${JSON.stringify(answer.body)}`,
    );
    await sleep(300);
    const row = await giftRow();
    checks.check(
      'nothing half-done: the gift is still paid and unredeemed, and no Premium was added',
      row?.status === 'paid' && row.redeemed_by === null && (await giftPeriods()) === 0,
      `${JSON.stringify(row)}, gift periods ${await giftPeriods()}`,
    );
  } finally {
    await holder.end().catch(() => undefined);
    resume();
  }

  const healthyIn = await allHealthy(env, 30_000);
  checks.check('the supervisor restarts billing', healthyIn !== undefined, `healthy in ${healthyIn} ms`);
  const again = await call(base, 'POST', `/api/v1/gifts/codes/${gift.code}/redeem`, { token: recipient });
  const status = await call<ApiBody<{ hasSubscription: boolean }>>(
    base,
    'GET',
    '/api/v1/subscription/status',
    {
      token: recipient,
    },
  );
  checks.check(
    'once billing is back the same redemption succeeds and opens Premium',
    again.status === 200 && status.body?.data?.hasSubscription === true,
    `${again.status}, plan ${JSON.stringify(status.body?.data)}`,
  );
  const third = await call(base, 'POST', `/api/v1/gifts/codes/${gift.code}/redeem`, { token: recipient });
  checks.check('and only once', third.status === 409, `${third.status}`);
}
