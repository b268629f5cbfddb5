/**
 * The access matrix: every endpoint of the policy (gateway/src/route-policy.ts) × every method × anonymous,
 * learner, subscriber and admin, through the gateway. The policy itself is checked against the gateway's
 * route table and against the routes each service declares, so an endpoint without a policy fails.
 */
import { PREMIUM_REQUIRED_MESSAGE } from '@catalyst/contracts';
import { endpointPolicies, type EndpointPolicy } from '../../gateway/src/route-policy';
import { apiRoutes, resolveRoute } from '../../gateway/src/routes';
import { describe, isErrorShape, type Res, type Role, type Suite } from './harness';
import { declaredServiceRoutes } from './service-routes';

const ROLES: Role[] = ['anonymous', 'learner', 'member', 'admin'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const MISSING_ID = '0123456789abcdef01234567';

export async function accessMatrix(suite: Suite) {
  const declared = declaredServiceRoutes();
  const policyKey = (method: string, path: string) => `${method} ${path}`;
  const policyKeys = new Set(endpointPolicies.map((p) => policyKey(p.method, p.path)));

  for (const route of declared) {
    suite.check(
      `${route.method} ${route.path} (${route.service}) has an access policy`,
      policyKeys.has(policyKey(route.method, route.path)),
      'an entry in gateway/src/route-policy.ts',
      'no policy entry: add one saying who may call it',
    );
  }
  const declaredKeys = new Set(declared.map((r) => policyKey(r.method, r.path)));
  for (const policy of endpointPolicies) {
    const route = resolveRoute(policy.path.replace(/:[A-Za-z]+/g, 'x'));
    suite.check(`policy ${policy.method} ${policy.path} is routed by the gateway`, Boolean(route), 'a route of gateway/src/routes.ts', 'no route owns it');
    if (route && route.owner !== 'gateway') {
      suite.check(
        `policy ${policy.method} ${policy.path} names a route ${route.owner} declares`,
        declaredKeys.has(policyKey(policy.method, policy.path)),
        `${route.owner} to declare it`,
        'stale policy entry: no such route',
      );
    }
  }
  for (const route of apiRoutes) {
    const covered = endpointPolicies.some((p) => resolveRoute(p.path.replace(/:[A-Za-z]+/g, 'x')) === route);
    suite.check(`gateway route ${route.path} (${route.match}) has policed endpoints`, covered, 'at least one policy entry under it', 'none');
  }

  const f = suite.fixtures;
  const params: Record<string, (p: EndpointPolicy) => string> = {
    idOrSlug: (p) => (p.path.includes('categor') ? f.categorySlug : f.product.slug),
    id: (p) => {
      if (p.path.startsWith('/content/progress/categories')) return f.product.categoryId;
      if (p.path.startsWith('/content/progress')) return f.product._id;
      if (p.method !== 'GET') return MISSING_ID;
      if (p.path.startsWith('/admin/categories')) return f.product.categoryId;
      if (p.path.startsWith('/admin/creators')) return f.product.creatorId;
      return f.product._id;
    },
    creator: () => f.product.creatorId,
    category: () => f.product.categoryId,
  };
  const fill = (p: EndpointPolicy) => p.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name]!(p)));

  // Requests that pass validation where that matters, so the access decision is what answers.
  const bodyFor = (p: EndpointPolicy): { body?: unknown; raw?: FormData } => {
    if (p.path === '/content/progress/product/:id' && p.method === 'PATCH') return { body: { progress: 12, lastPosition: 30 } };
    if (p.path === '/content/progress/product/:id' && p.method === 'POST') {
      const form = new FormData();
      form.set('data', JSON.stringify({ progress: 12, lastPosition: 30 }));
      form.set('_method', 'PATCH');
      return { raw: form };
    }
    if (p.method === 'GET' || p.method === 'HEAD' || p.method === 'DELETE') return {};
    return { body: {} };
  };

  const tokenFor = async (role: Role, p: EndpointPolicy): Promise<string | undefined> => {
    if (role === 'anonymous') return undefined;
    if (p.path !== '/auth/logout') return f.tokens[role];
    // Logging out must not end the fixtures' sessions: a session of its own.
    const res = await suite.request('POST', '/auth/login', { body: { email: f.users[role].email, password: f.users[role].password } });
    return res.body?.data?.token;
  };

  const expectation = (access: EndpointPolicy['access'], role: Role): { statuses?: number[]; message?: string; allowed: boolean } => {
    switch (access) {
      case 'public':
        return { allowed: true };
      case 'signature':
        return { allowed: false, statuses: [400] };
      case 'user':
        return role === 'anonymous' ? { allowed: false, statuses: [401] } : { allowed: true };
      case 'premium':
        if (role === 'anonymous') return { allowed: false, statuses: [401] };
        if (role === 'learner') return { allowed: false, statuses: [403], message: PREMIUM_REQUIRED_MESSAGE };
        return { allowed: true };
      case 'admin':
        if (role === 'anonymous') return { allowed: false, statuses: [401] };
        return role === 'admin' ? { allowed: true } : { allowed: false, statuses: [403] };
    }
  };

  const judge = (name: string, res: Res, want: ReturnType<typeof expectation>) => {
    if (res.status >= 500) return suite.check(name, false, 'never a 5xx', describe(res));
    if (res.status >= 400 && !isErrorShape(res.body))
      return suite.check(name, false, 'the one error shape', describe(res));
    if (want.allowed) return suite.check(name, res.status !== 401 && res.status !== 403, 'allowed (not 401/403)', describe(res));
    const ok = want.statuses!.includes(res.status) && isErrorShape(res.body) && (!want.message || res.body.message === want.message);
    return suite.check(name, ok, `${want.statuses!.join('/')}${want.message ? ` '${want.message}'` : ''} in the error shape`, describe(res));
  };

  for (const policy of endpointPolicies) {
    const path = fill(policy);
    for (const role of ROLES) {
      const res = await suite.request(policy.method, path, { token: await tokenFor(role, policy), ...bodyFor(policy) });
      judge(`${policy.method} ${policy.path} as ${role}`, res, expectation(policy.access, role));
      // Signing out everywhere ended the fixture's own session too: the next areas get a new one.
      if (policy.path === '/auth/logout-all' && role !== 'anonymous' && res.status === 200) {
        const again = await suite.request('POST', '/auth/login', { body: { email: f.users[role].email, password: f.users[role].password } });
        f.tokens[role] = again.body.data.token;
      }
    }
  }

  // Methods no policy names are refused for everyone, admin included.
  const byPath = new Map<string, EndpointPolicy[]>();
  for (const p of endpointPolicies) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
  for (const [pattern, policies] of byPath) {
    const path = fill(policies[0]!);
    for (const method of METHODS) {
      if (policies.some((p) => p.method === method || (method === 'GET' && p.method === 'HEAD'))) continue;
      for (const role of ['anonymous', 'admin'] as Role[]) {
        const res = await suite.request(method, path, { token: role === 'admin' ? f.tokens.admin : undefined, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
        suite.check(
          `${method} ${pattern} (no policy) as ${role} is refused`,
          [401, 403, 404, 405].includes(res.status) && isErrorShape(res.body),
          '401/403/404/405 in the error shape',
          describe(res),
        );
      }
    }
  }
}
