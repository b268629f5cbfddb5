/**
 * Scenario 1: Postgres stopped in the middle of a load of reads and progress saves, then started again.
 * Affected requests answer 503 JSON (never a hang, never a crash), every service recovers without a
 * restart, and every progress save answered 2xx is in the database afterwards.
 */
import { demoAccounts } from '@catalyst/contracts';
import { singleVideoProducts } from './lib/catalog';
import type { Checks } from './lib/checks';
import { allHealthy, login, type Environment } from './lib/environment';
import { Traffic, call, sleep, type Answer } from './lib/http';

const WARM_MS = 3_000;
const DOWN_MS = 6_000;
const AFTER_MS = 8_000;
const REQUEST_BOUND_MS = 8_000;
const RECOVERY_MS = 3_000;

interface Stream {
  user: string;
  userId: string;
  token: string;
  productId: string;
  sent: Set<number>;
  acked: number[];
}

/** Every non-2xx answer must be 503 in the one error shape. */
function unexpected(answers: Answer[]) {
  return answers.filter(
    (a) =>
      !(a.status >= 200 && a.status < 300) && !(a.status === 503 && a.shaped && a.body?.success === false),
  );
}

export async function postgresOutage(env: Environment, checks: Checks) {
  checks.begin('1. Postgres stopped under a load of reads and progress saves, then started again');
  const base = env.url;
  const tokens = {
    admin: await login(base, demoAccounts.admin.email, demoAccounts.admin.password),
    member: await login(base, demoAccounts.member.email, demoAccounts.member.password),
  };
  const productIds = (await singleVideoProducts(base, 8)).map((p) => p._id);
  if (
    !checks.check(
      'the catalogue lists products to save progress against',
      productIds.length === 8,
      `got ${productIds.length}`,
    )
  )
    return;

  const pidsBefore = env.runtime().pids;
  const streams: Stream[] = (['admin', 'member'] as const).flatMap((user) =>
    productIds.map((productId) => ({
      user,
      userId: demoAccounts[user].id,
      token: tokens[user],
      productId,
      sent: new Set<number>(),
      acked: [],
    })),
  );
  const reads = new Traffic();
  const saves = new Traffic();
  const answers: Answer[] = [];
  const clockBase = Date.now();
  let running = true;

  const saveLoop = async (stream: Stream) => {
    let seq = 0;
    while (running) {
      seq++;
      stream.sent.add(seq);
      const answer = await call(base, 'PATCH', `/api/v1/content/progress/product/${stream.productId}`, {
        token: stream.token,
        // 10 ms per save: the positions stay inside the video (a save past its end stops at the end)
        body: { progress: seq % 89, lastPosition: seq / 100, completed: false, clientTime: clockBase + seq },
        timeoutMs: REQUEST_BOUND_MS,
        traffic: saves,
      });
      answers.push(answer);
      if (answer.status >= 200 && answer.status < 300) stream.acked.push(seq);
      await sleep(answer.status === 200 ? 40 : 120);
    }
  };
  const readPaths = [
    ['/api/v1/content/products?limit=5', undefined],
    [`/api/v1/content/progress/product/${productIds[0]}`, tokens.member],
    ['/api/v1/content/progress?limit=5', tokens.admin],
    ['/api/v1/subscription/status', tokens.member],
    ['/api/v1/auth/me', tokens.member],
    ['/api/v1/content/categories', undefined],
  ] as const;
  const readLoop = async (offset: number) => {
    let i = offset;
    while (running) {
      const [path, token] = readPaths[i++ % readPaths.length]!;
      answers.push(await call(base, 'GET', path, { token, timeoutMs: REQUEST_BOUND_MS, traffic: reads }));
      await sleep(60);
    }
  };

  const load = Promise.all([...streams.map(saveLoop), ...[0, 1, 2, 3, 4, 5].map(readLoop)]);
  await sleep(WARM_MS);
  const sentBeforeStop = answers.length;
  const stopStarted = Date.now();
  await env.postgres.stop();
  checks.note(
    `Postgres stopped (fast shutdown) after ${sentBeforeStop} answers, in ${Date.now() - stopStarted} ms; down for ${DOWN_MS / 1000} s`,
  );
  await sleep(DOWN_MS);
  const outageAnswers = answers.length - sentBeforeStop;
  const startStarted = Date.now();
  await env.postgres.start();
  const backAt = Date.now();
  checks.note(
    `Postgres started again in ${Date.now() - startStarted} ms; load continues ${AFTER_MS / 1000} s`,
  );
  await sleep(AFTER_MS);
  running = false;
  await load;

  const saves503 = saves.byStatus.get('503') ?? 0;
  checks.figure(`reads: ${reads.summary()}`);
  checks.figure(`saves: ${saves.summary()}`);
  checks.figure(`answers during the outage window: ${outageAnswers}`);

  checks.check(
    'no request hung past its bound',
    reads.hangs + saves.hangs === 0,
    `${reads.hangs + saves.hangs} hung (> ${REQUEST_BOUND_MS} ms)`,
  );
  const wrong = unexpected(answers);
  checks.check(
    'every answer was a 2xx or a 503 in the one error shape',
    wrong.length === 0,
    wrong.length
      ? wrong
          .slice(0, 3)
          .map((a) => `${a.status} ${JSON.stringify(a.body)?.slice(0, 120) ?? a.networkError}`)
          .join(' | ')
      : undefined,
  );
  checks.check('the outage was felt (some saves answered 503)', saves503 > 0, `${saves503} × 503`);
  const last503 = Math.max(0, ...answers.filter((a) => a.status === 503).map((a) => a.at - backAt));
  checks.check(
    `requests succeed again within ${RECOVERY_MS / 1000} s of Postgres returning, without restarts`,
    last503 <= RECOVERY_MS,
    `last 503 ${last503} ms after Postgres was back`,
  );

  const recoveredIn = await allHealthy(env, 20_000);
  checks.check(
    'every service and the gateway report healthy again',
    recoveredIn !== undefined,
    recoveredIn !== undefined ? `within ${recoveredIn} ms of the load ending` : 'not within 20 s',
  );
  const pidsAfter = env.runtime().pids;
  const restarted = Object.keys(pidsBefore).filter((name) => pidsBefore[name] !== pidsAfter[name]);
  checks.check(
    'no service crashed or was restarted (same pids)',
    restarted.length === 0,
    restarted.length ? `changed: ${restarted.join(', ')}` : `${Object.keys(pidsBefore).length} processes`,
  );

  // After recovery, the same sessions work again without a new sign-in.
  const after = new Traffic();
  const again = await Promise.all([
    call(base, 'GET', '/api/v1/auth/me', { token: tokens.member, traffic: after }),
    call(base, 'GET', '/api/v1/subscription/status', { token: tokens.member, traffic: after }),
    call(base, 'GET', `/api/v1/content/progress/product/${productIds[1]}`, {
      token: tokens.admin,
      traffic: after,
    }),
    call(base, 'GET', '/api/v1/content/products?limit=3', { traffic: after }),
    call(base, 'POST', '/api/v1/auth/login', {
      body: { email: demoAccounts.learner.email, password: demoAccounts.learner.password },
      traffic: after,
    }),
  ]);
  checks.check(
    'sign-in, sessions, entitlement, progress and catalogue all answer 200 after recovery',
    again.every((a) => a.status === 200),
    after.summary(),
  );

  // Durability: each stream wrote increasing values; the stored one must cover the last acknowledged save.
  const rows = await env.postgres.query<{ user_id: string; product_id: string; last_position: number }>(
    'select user_id, product_id, last_position from progress.progress where product_id = any($1::text[]) and user_id = any($2::text[])',
    [productIds, [demoAccounts.admin.id, demoAccounts.member.id]],
  );
  const stored = new Map(
    rows.map((r) => [`${r.user_id}/${r.product_id}`, Math.round(Number(r.last_position) * 100)]),
  );
  let writesChecked = 0;
  const lost: string[] = [];
  for (const stream of streams) {
    writesChecked += stream.acked.length;
    const last = stream.acked.at(-1);
    if (last === undefined) continue;
    const value = stored.get(`${stream.userId}/${stream.productId}`);
    if (value === undefined || value < last || !stream.sent.has(value))
      lost.push(`${stream.user}/${stream.productId.slice(-4)}: acked ${last}, stored ${value}`);
  }
  checks.figure(
    `writes checked: ${writesChecked} acknowledged saves over ${streams.length} user/product streams`,
  );
  checks.check(
    'every progress save answered 2xx is in the database',
    lost.length === 0 && writesChecked > 0,
    lost.slice(0, 3).join('; ') || undefined,
  );
}
