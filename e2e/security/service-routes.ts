/**
 * Every route the services declare, read from their Hono apps (built with inert dependencies: nothing
 * connects until a request runs), so the access matrix can prove the policy names each one.
 */
import type { Hono } from 'hono';
import { createCache, createDb, createInternalClient, createLogger } from '@catalyst/service-kit';
import { createApp as createAuthApp } from '../../services/auth/src/app';
import { loadConfig as authConfig } from '../../services/auth/src/config';
import { buildDeps as authDeps } from '../../services/auth/src/deps';
import { createApp as createBillingApp } from '../../services/billing/src/app';
import { loadConfig as billingConfig } from '../../services/billing/src/config';
import { createApp as createContentApp } from '../../services/content/src/app';
import { loadConfig as contentConfig } from '../../services/content/src/config';
import { createApp as createProgressApp } from '../../services/progress/src/app';
import { loadConfig as progressConfig } from '../../services/progress/src/config';

export interface DeclaredRoute {
  service: string;
  method: string;
  path: string;
}

const inertEnv: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  INTERNAL_SECRET: 'route-listing-only-secret-0123456789abcdef',
  AUTH_URL: 'http://127.0.0.1:1',
  CONTENT_URL: 'http://127.0.0.1:1',
  PROGRESS_URL: 'http://127.0.0.1:1',
  BILLING_URL: 'http://127.0.0.1:1',
  PUBLIC_URL: 'http://127.0.0.1:1',
  STRIPE_SECRET_KEY: 'sk_test_route_listing',
  STRIPE_WEBHOOK_SECRET: 'whsec_route_listing',
  STRIPE_API_URL: 'http://127.0.0.1:1',
  LOG_LEVEL: 'silent',
  PORT: '1',
};

const listRoutes = (service: string, app: Hono<any>): DeclaredRoute[] =>
  app.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({ service, method: r.method, path: r.path.replace(/\/+$/, '') || '/' }))
    .filter((r) => r.path !== '/health' && !r.path.startsWith('/internal'));

export function declaredServiceRoutes(): DeclaredRoute[] {
  const log = createLogger('route-listing', 'silent');
  const cache = createCache({ prefix: 'route-listing' });
  const inertDb = <T>() => createDb<T>({ connectionString: inertEnv.DATABASE_URL!, schema: 'public', poolSize: 1, log });
  const noMail = { send: async () => undefined } as never;

  const auth = createAuthApp(authDeps({ config: authConfig(inertEnv), db: inertDb<any>(), cache, log, mailer: noMail }));
  const content = createContentApp({
    config: contentConfig(inertEnv),
    db: inertDb<any>(),
    cache,
    log,
    billing: createInternalClient({ baseUrl: inertEnv.BILLING_URL!, secret: inertEnv.INTERNAL_SECRET! }),
  });
  const progress = createProgressApp({ config: progressConfig(inertEnv), db: inertDb<any>(), cache, log });
  const billing = createBillingApp({
    config: billingConfig(inertEnv),
    db: inertDb<any>(),
    cache,
    log,
    stripe: {} as never,
    notifyEntitlementChange: (async () => undefined) as never,
  });
  const all = [...listRoutes('auth', auth), ...listRoutes('content', content), ...listRoutes('progress', progress), ...listRoutes('billing', billing)];
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
