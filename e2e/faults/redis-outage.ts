/**
 * Scenario 2: Redis stopped while REDIS_URL is set. Sign-in, sessions and entitlement keep working from
 * Postgres; nothing answers 5xx once the cache is noticed down; when Redis returns it is used again.
 */
import {
  demoAccounts,
  PREMIUM_REQUIRED_MESSAGE,
  type SessionResponse,
  type SubscriptionStatus,
} from '@catalyst/contracts';
import { premiumProduct } from './lib/catalog';
import type { Checks } from './lib/checks';
import type { Environment } from './lib/environment';
import { Traffic, call, sleep, waitFor, type Answer, type ApiBody } from './lib/http';

/** How long after Redis dies a 5xx is still tolerated (the services notice a dead socket at once). */
const NOTICE_WINDOW_MS = 2_000;
const OUTAGE_LOAD_MS = 8_000;
const PREFIXES = ['gateway:identity:', 'auth:', 'content:', 'progress:'];

interface Round {
  answers: Answer[];
  problems: string[];
}

/** One user journey: sign in, use the session, entitlement both ways, a progress save, sign out. */
async function journey(
  base: string,
  productId: string,
  slug: string,
  traffic: Traffic,
  signedOut: string[] = [],
): Promise<Round> {
  const answers: Answer[] = [];
  const problems: string[] = [];
  const req = async (method: string, path: string, opts: Parameters<typeof call>[3] = {}) => {
    const a = await call(base, method, path, { ...opts, traffic });
    answers.push(a);
    return a;
  };
  const signIn = async (who: 'member' | 'learner') => {
    const a = await req('POST', '/api/v1/auth/login', {
      body: { email: demoAccounts[who].email, password: demoAccounts[who].password },
    });
    if (a.status !== 200) problems.push(`login ${who} → ${a.status}`);
    return (a.body?.data as SessionResponse | undefined)?.token;
  };
  const member = await signIn('member');
  const learner = await signIn('learner');
  if (member) {
    const me = await req('GET', '/api/v1/auth/me', { token: member });
    if (me.status !== 200) problems.push(`me → ${me.status}`);
    const status = await req('GET', '/api/v1/subscription/status', { token: member });
    if (
      status.status !== 200 ||
      (status.body?.data as SubscriptionStatus | undefined)?.hasSubscription !== true
    )
      problems.push(`member status → ${status.status} ${JSON.stringify(status.body?.data)}`);
    const premium = await req('GET', `/api/v1/content/premium/products/${slug}`, { token: member });
    if (premium.status !== 200) problems.push(`member premium product → ${premium.status}`);
    const save = await req('PATCH', `/api/v1/content/progress/product/${productId}`, {
      token: member,
      body: { progress: 10, lastPosition: 30 },
    });
    if (save.status !== 200) problems.push(`member progress save → ${save.status}`);
    const out = await req('POST', '/api/v1/auth/logout', { token: member });
    if (out.status !== 200) problems.push(`logout → ${out.status}`);
    else signedOut.push(member);
    const after = await req('GET', '/api/v1/auth/me', { token: member });
    if (after.status !== 401) problems.push(`session after logout → ${after.status}`);
  }
  if (learner) {
    const refused = await req('GET', `/api/v1/content/premium/products/${slug}`, { token: learner });
    if (refused.status !== 403 || refused.body?.message !== PREMIUM_REQUIRED_MESSAGE)
      problems.push(`learner premium product → ${refused.status}`);
    const save = await req('PATCH', `/api/v1/content/progress/product/${productId}`, {
      token: learner,
      body: { progress: 10, lastPosition: 30 },
    });
    if (save.status !== 403) problems.push(`learner progress save → ${save.status}`);
  }
  const health = await req('GET', '/api/v1/health');
  if (health.status !== 200) problems.push(`health → ${health.status}`);
  return { answers, problems };
}

export async function redisOutage(env: Environment, checks: Checks) {
  checks.begin('2. Redis stopped (REDIS_URL set), then started again');
  const base = env.url;
  const first = await premiumProduct(base);
  if (!checks.check('a premium product to work with', !!first) || !first) return;
  const product = first;

  const before = new Traffic();
  const signedOutDuring: string[] = [];
  const warm = await journey(base, product._id, product.slug, before);
  checks.check(
    'journeys work with Redis up',
    warm.problems.length === 0,
    warm.problems.join('; ') || undefined,
  );
  const keysBefore = await env.redis.keys();
  const seenBefore = PREFIXES.filter((p) => keysBefore.some((k) => k.startsWith(p)));
  checks.check(
    'the services keep sessions, identities and entitlements in Redis',
    seenBefore.length === PREFIXES.length,
    `prefixes seen: ${seenBefore.join(' ')}`,
  );

  // Sessions in use (so cached in Redis) before the outage, to be signed out while Redis is down.
  const cachedSessions: string[] = [];
  for (let i = 0; i < 5; i++) {
    const signIn = await call<ApiBody<SessionResponse>>(base, 'POST', '/api/v1/auth/login', {
      body: { email: demoAccounts.member.email, password: demoAccounts.member.password },
      traffic: before,
    });
    const token = signIn.body?.data?.token as string;
    await call(base, 'GET', '/api/v1/auth/me', { token, traffic: before });
    cachedSessions.push(token);
  }

  await env.redis.stop();
  const stoppedAt = Date.now();
  await sleep(NOTICE_WINDOW_MS);
  for (const token of cachedSessions) {
    const out = await call(base, 'POST', '/api/v1/auth/logout', { token });
    if (out.status === 200) signedOutDuring.push(token);
  }
  checks.note(
    `Redis killed; load of journeys for ${OUTAGE_LOAD_MS / 1000} s; 5xx tolerated only in the first ${NOTICE_WINDOW_MS} ms`,
  );
  const during = new Traffic();
  const problems: string[] = [];
  let late5xx = 0;
  let early5xx = 0;
  let journeys = 0;
  const worker = async () => {
    while (Date.now() - stoppedAt < OUTAGE_LOAD_MS) {
      const round = await journey(base, product._id, product.slug, during, signedOutDuring);
      journeys++;
      for (const a of round.answers) {
        const isServerError = a.status >= 500 || a.status === 0;
        if (isServerError && a.at - stoppedAt > NOTICE_WINDOW_MS) late5xx++;
        else if (isServerError) early5xx++;
      }
      if (Date.now() - stoppedAt > NOTICE_WINDOW_MS) problems.push(...round.problems);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  checks.figure(
    `during the outage: ${journeys} journeys, ${during.summary()}, 5xx inside the window ${early5xx}`,
  );
  checks.check(
    `nothing answered 5xx (or hung) later than ${NOTICE_WINDOW_MS} ms into the outage`,
    late5xx === 0 && during.hangs === 0,
    `${late5xx} late 5xx`,
  );
  checks.check(
    'sign-in, sessions, logout, entitlement (both ways) and progress saves were right from Postgres',
    problems.length === 0 && journeys > 0,
    problems.length
      ? `${problems.length} problems, e.g. ${[...new Set(problems)].slice(0, 3).join('; ')}`
      : `${journeys} journeys`,
  );

  await env.redis.start();
  const restartedAt = Date.now();
  const after = new Traffic();
  let afterProblems: string[] = [];
  let seenAfter: string[] = [];
  const reusedIn = await waitFor(
    async () => {
      const round = await journey(base, product._id, product.slug, after);
      afterProblems = round.problems;
      const keys = await env.redis.keys();
      seenAfter = PREFIXES.filter((p) => keys.some((k) => k.startsWith(p)));
      return seenAfter.length === PREFIXES.length;
    },
    20_000,
    500,
  );
  checks.figure(`after Redis returned: ${after.summary()}`);
  checks.check(
    'Redis is used again once it returns (keys of every prefix reappear)',
    reusedIn !== undefined,
    reusedIn !== undefined
      ? `within ${Date.now() - restartedAt} ms`
      : `prefixes seen: ${seenAfter.join(' ') || 'none'}`,
  );
  // Redis came back with what it held before (it persists): sessions revoked meanwhile must stay revoked.
  const revived = [];
  for (const token of signedOutDuring.slice(0, 25)) {
    const me = await call(base, 'GET', '/api/v1/auth/me', { token, traffic: after });
    if (me.status !== 401) revived.push(me.status);
  }
  checks.check(
    'sessions signed out while Redis was down stay signed out after it returns with its old data',
    revived.length === 0,
    `${revived.length} of ${Math.min(25, signedOutDuring.length)} accepted again`,
  );
  checks.check(
    'journeys work after Redis returned',
    afterProblems.length === 0 && after.count((s) => s.startsWith('5') || s === 'hang') === 0,
    afterProblems.join('; ') || undefined,
  );
}
