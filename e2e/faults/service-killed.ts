/**
 * Scenario 3: a service killed (SIGKILL). Its routes answer 503 JSON within a second (public catalogue
 * answers the gateway's edge cache still holds are served from it), every route that does not need it
 * keeps working, and when the supervisor restarts it, it serves again through the same gateway process.
 */
import { demoAccounts } from '@catalyst/contracts';
import { premiumProduct } from './lib/catalog';
import type { Checks } from './lib/checks';
import { isAlive, login, type Environment } from './lib/environment';
import { NOT_SERVING_AGAIN, RESTART_WAIT_MS, Traffic, call, sleep, waitFor } from './lib/http';

interface Probe {
  label: string;
  method: string;
  path: string;
  token?: string;
}

const DOWN_PROBE_MS = 1_000;

export async function serviceKilled(env: Environment, checks: Checks) {
  checks.begin('3. A service killed (SIGKILL), then restarted by the supervisor');
  const base = env.url;
  const member = await login(base, demoAccounts.member.email, demoAccounts.member.password);
  const admin = await login(base, demoAccounts.admin.email, demoAccounts.admin.password);
  const product = await premiumProduct(base);
  if (!checks.check('a premium product to work with', !!product) || !product) return;

  const routes: Record<string, Probe> = {
    auth: { label: 'auth: GET /auth/me', method: 'GET', path: '/api/v1/auth/me', token: member },
    content: {
      label: 'content: GET /content/products',
      method: 'GET',
      path: '/api/v1/content/products?limit=2',
    },
    premium: {
      label: 'content: GET /content/premium/products/:slug (member)',
      method: 'GET',
      path: `/api/v1/content/premium/products/${product.slug}`,
      token: member,
    },
    progress: {
      label: 'progress: GET /content/progress/product/:id (admin)',
      method: 'GET',
      path: `/api/v1/content/progress/product/${product._id}`,
      token: admin,
    },
    billing: {
      label: 'billing: GET /subscription/status',
      method: 'GET',
      path: '/api/v1/subscription/status',
      token: member,
    },
    anonymousCatalog: {
      label: 'content: GET /content/categories (anonymous)',
      method: 'GET',
      path: '/api/v1/content/categories',
    },
    edgeCached: {
      label: "content: GET /content/products (public, from the gateway's edge cache while fresh)",
      method: 'GET',
      path: '/api/v1/content/products?limit=2',
    },
  };
  // What keeps working while each one is down. Signed-in calls need auth to attribute the caller, and
  // progress asks content about products (cached 30 s), so those are the stated dependencies. Content's
  // own probe is a signed-in read: public catalogue answers the gateway holds (a few seconds) are still
  // served while content is down, which is checked as a route that keeps working.
  const plans: Array<{ victim: string; own: Probe; others: Probe[] }> = [
    {
      victim: 'content',
      own: routes.premium!,
      others: [routes.auth!, routes.billing!, routes.progress!, routes.edgeCached!],
    },
    {
      victim: 'progress',
      own: routes.progress!,
      others: [routes.auth!, routes.content!, routes.premium!, routes.billing!],
    },
    {
      victim: 'billing',
      own: routes.billing!,
      others: [routes.auth!, routes.content!, routes.premium!, routes.progress!],
    },
    {
      victim: 'auth',
      own: {
        ...routes.auth!,
        token: undefined,
        label: 'auth: POST /auth/login',
        method: 'POST',
        path: '/api/v1/auth/login',
      },
      others: [routes.content!, routes.anonymousCatalog!],
    },
  ];

  for (const { victim, own, others } of plans) {
    // Warm the short caches the other routes may lean on (product summaries, entitlement); the scenario
    // starts only from a healthy product, so every warm-up call must have answered 200.
    for (const probe of [own, ...others]) {
      if (probe.method !== 'GET') continue;
      const warmed = await waitFor(
        async () => (await call(base, probe.method, probe.path, { token: probe.token })).status === 200,
        5_000,
        200,
      );
      if (warmed === undefined)
        throw new Error(`${probe.label} did not answer 200 before ${victim} was killed`);
    }
    const before = env.runtime().pids;
    const pid = before[victim]!;
    const gatewayPid = before.gateway!;
    const traffic = new Traffic();
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    await waitFor(async () => !isAlive(pid), 2_000, 10);

    // Its route, again and again for a second: every answer a prompt 503 in the one error shape.
    const ownAnswers = [];
    while (Date.now() - killedAt < DOWN_PROBE_MS) {
      ownAnswers.push(
        await call(base, own.method, own.path, {
          token: own.token,
          timeoutMs: 2_000,
          traffic,
          body:
            own.method === 'POST'
              ? { email: demoAccounts.learner.email, password: demoAccounts.learner.password }
              : undefined,
        }),
      );
      await sleep(100);
    }
    const slowest = Math.max(...ownAnswers.map((a) => a.ms));
    checks.check(
      `${victim} killed: ${own.label} answers 503 JSON within a second`,
      ownAnswers.length > 0 &&
        ownAnswers.every((a) => a.status === 503 && a.shaped && a.body?.success === false) &&
        slowest < 1_000,
      `${ownAnswers.length} answers (${[...new Set(ownAnswers.map((a) => a.status))].join(',')}), slowest ${Math.round(slowest)} ms`,
    );
    const otherAnswers = await Promise.all(
      others.map((p) => call(base, p.method, p.path, { token: p.token, traffic })),
    );
    const broken = others.flatMap((p, i) => {
      const answer = otherAnswers[i]!;
      if (answer.status === 200) return [];
      const message = (answer.body as { message?: string } | undefined)?.message ?? answer.networkError ?? '';
      return [`${p.label} → ${answer.status} ${message}`.trim()];
    });
    checks.check(
      `${victim} down: the other routes keep working`,
      broken.length === 0,
      broken.join('; ') || others.map((p) => p.label.split(':')[0]).join(', '),
    );

    // The supervisor restarts it; the gateway (same process) reaches it again.
    const servedIn = await waitFor(
      async () => {
        const a = await call(base, own.method, own.path, {
          token: own.token,
          timeoutMs: 2_000,
          traffic,
          body:
            own.method === 'POST'
              ? { email: demoAccounts.learner.email, password: demoAccounts.learner.password }
              : undefined,
        });
        return a.status === 200;
      },
      RESTART_WAIT_MS,
      250,
    );
    const after = env.runtime().pids;
    checks.check(
      `${victim} restarted by the supervisor serves again through the same gateway`,
      servedIn !== undefined &&
        after[victim] !== undefined &&
        after[victim] !== pid &&
        after.gateway === gatewayPid &&
        isAlive(after.gateway!),
      servedIn !== undefined
        ? `serving ${Date.now() - killedAt} ms after the kill (pid ${pid} → ${after[victim]}, gateway pid ${gatewayPid} unchanged: ${after.gateway === gatewayPid})`
        : NOT_SERVING_AGAIN,
    );
    checks.figure(`${victim}: ${traffic.summary()}`);
  }
}
