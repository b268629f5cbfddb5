/**
 * Forged identity and internal headers, at the gateway and straight at each service port, and the
 * /internal/* routes never reachable through the gateway (however the path is spelled).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { IDENTITY_HEADER, INTERNAL_HEADER } from '@catalyst/contracts';
import { describe, isErrorShape, type Suite } from './harness';

const forge = (identity: object, secret = 'not-the-secret-not-the-secret-not-the-secret') => {
  const payload = Buffer.from(
    JSON.stringify({ ...identity, exp: Math.floor(Date.now() / 1000) + 60 }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
};

/** A request whose path is sent exactly as written (fetch would resolve dot segments first). */
function rawGet(
  base: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

export async function identityForgery(suite: Suite) {
  const f = suite.fixtures;
  const admin = { id: f.users.admin.id, role: 'admin', email: f.users.admin.email, name: 'Admin' };
  const forgeries: [string, string][] = [
    ['an assertion signed with a wrong secret', forge(admin)],
    [
      'an unsigned assertion',
      `${Buffer.from(JSON.stringify({ ...admin, exp: 9e9 })).toString('base64url')}.`,
    ],
    ['plain JSON', JSON.stringify(admin)],
    ['an assertion with an extra segment', `${forge(admin)}.x`],
  ];

  // At the gateway: whatever the client sends under these names is dropped.
  for (const [label, value] of forgeries) {
    const anon = await suite.request('GET', '/admin/stats', { headers: { [IDENTITY_HEADER]: value } });
    suite.check(
      `gateway: ${label} without a token stays anonymous`,
      anon.status === 401 && isErrorShape(anon.body),
      '401',
      describe(anon),
    );
    const learner = await suite.request('GET', '/admin/stats', {
      token: f.tokens.learner,
      headers: { [IDENTITY_HEADER]: value },
    });
    suite.check(
      `gateway: ${label} beside a learner's token stays the learner`,
      learner.status === 403,
      '403',
      describe(learner),
    );
    const premium = await suite.request('GET', `/content/premium/products/${f.product.slug}`, {
      token: f.tokens.learner,
      headers: { [IDENTITY_HEADER]: value },
    });
    suite.check(
      `gateway: ${label} does not unlock premium content for a learner`,
      premium.status === 403,
      '403',
      describe(premium),
    );
  }
  const internalAtGateway = await suite.request('GET', '/admin/stats', {
    headers: { [INTERNAL_HEADER]: 'guess', [IDENTITY_HEADER]: forge(admin) },
  });
  suite.check(
    'gateway: a forged internal header grants nothing',
    internalAtGateway.status === 401,
    '401',
    describe(internalAtGateway),
  );

  // Straight at each service: a forged identity is anonymous.
  const guarded: Record<string, string> = {
    auth: '/auth/me',
    content: '/admin/stats',
    progress: '/content/progress',
    billing: '/subscription/status',
  };
  for (const [service, path] of Object.entries(guarded)) {
    for (const [label, value] of forgeries) {
      const res = await suite.request('GET', path, {
        base: suite.serviceUrl(service),
        headers: { [IDENTITY_HEADER]: value },
      });
      suite.check(
        `${service} port: ${label} is anonymous`,
        res.status === 401 && isErrorShape(res.body),
        '401 in the error shape',
        describe(res),
      );
    }
  }
  const direct = await suite.request('GET', `/content/premium/products/${f.product.slug}`, {
    base: suite.serviceUrl('content'),
    headers: { [IDENTITY_HEADER]: forge(admin) },
  });
  suite.check(
    'content port: forged admin gets no premium product',
    direct.status === 401,
    '401',
    describe(direct),
  );

  // Internal routes need the shared secret, on every service.
  const internal: [string, string, string, unknown?][] = [
    ['auth', 'POST', '/internal/sessions/resolve', { token: f.tokens.admin }],
    ['auth', 'GET', '/internal/users/count'],
    ['auth', 'POST', '/internal/users/lookup', { ids: [f.users.admin.id] }],
    ['billing', 'GET', `/internal/entitlements/${f.users.member.id}`],
    ['billing', 'GET', '/internal/subscribers/count'],
    ['content', 'GET', `/internal/products/${f.product._id}`],
    ['content', 'POST', '/internal/products/lookup', { ids: [f.product._id] }],
    ['content', 'GET', `/internal/categories/${f.categorySlug}/products`],
    ['content', 'POST', '/internal/invalidations', { topic: 'entitlement', key: f.users.member.id }],
    ['progress', 'DELETE', `/internal/progress/products/${f.product._id}`],
    ['progress', 'POST', '/internal/invalidations', { topic: 'entitlement', key: f.users.member.id }],
  ];
  for (const [service, method, path, body] of internal) {
    for (const secret of [undefined, 'wrong-secret', '']) {
      const headers: Record<string, string> = secret === undefined ? {} : { [INTERNAL_HEADER]: secret };
      const res = await suite.request(method, path, {
        base: suite.serviceUrl(service),
        body,
        headers: { ...headers, [IDENTITY_HEADER]: forge(admin) },
      });
      suite.check(
        `${service} port: ${method} ${path} with ${secret === undefined ? 'no' : secret ? 'a wrong' : 'an empty'} internal secret`,
        res.status === 404 && isErrorShape(res.body),
        '404 in the error shape',
        describe(res),
      );
    }
    // Through the gateway, however spelled.
    const rest = path.slice('/internal'.length);
    const spellings = [
      `/api/v1/internal${rest}`,
      `/api/v1//internal${rest}`,
      `/api/v1/INTERNAL${rest}`,
      `/api/v1/%69nternal${rest}`,
      `/api/v1/auth/../internal${rest}`,
      `/api/v1/content/products/%2e%2e/%2e%2e/internal${rest}`,
      `/api/v1/content/products/..%2f..%2finternal${rest}`,
      `/api/v1/admin/..\\internal${rest}`,
      `/api/v1/content/progress/%2e%2e%2f%2e%2e%2finternal${rest}`,
    ];
    for (const spelled of spellings) {
      const res = await rawGet(suite.url, spelled, {
        [INTERNAL_HEADER]: 'guess',
        authorization: `Bearer ${f.tokens.admin}`,
      });
      let body: unknown;
      try {
        body = JSON.parse(res.text);
      } catch {
        body = undefined;
      }
      suite.check(
        `gateway: ${spelled} never reaches an internal route`,
        res.status === 404 && isErrorShape(body),
        '404 in the error shape',
        `${res.status} ${res.text.slice(0, 200)}`,
      );
    }
  }
}
