import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, apiRoutes, routeKey, SERVICES, type RouteDeclaration } from '@catalyst/contracts';
import { createLogger, MemoryCache, mountedRoutes } from '@catalyst/service-kit';
import { createApiHandler } from './api';
import { createConfiguredEdgeCache } from './app';
import { clientAddress } from './client-address';
import { buildConfig } from './config';
import { createApiProxy } from './proxy';
import { createApiRouter } from './routes';
import { inertServiceApps } from './testing/service-apps';

// The gateway routes only what is declared: a mounted route without a declaration cannot be reached, and a
// declaration without its handler is a route the reference promises and nobody answers.
describe('the route declarations and what answers them', () => {
  const apps = inertServiceApps();
  const everywhere = new Set(allRoutes.filter((route) => route.service === 'every').map(routeKey));

  for (const service of SERVICES) {
    it(`${service} mounts every route it declares, and nothing it does not`, () => {
      const declared = allRoutes
        .filter((route) => route.service === service)
        .map(routeKey)
        .sort();
      const mounted = mountedRoutes(apps[service]).filter((key) => !everywhere.has(key));
      expect(mounted).toEqual(declared);
    });
  }

  it('mounts the routes every service shares only as declared', () => {
    for (const service of SERVICES) {
      const shared = mountedRoutes(apps[service]).filter((key) => key.includes(' /internal/invalidations'));
      for (const key of shared) expect(everywhere.has(key), `${service}: ${key}`).toBe(true);
    }
  });

  it('has the gateway answer each route declared for it, and only those', () => {
    const config = buildConfig({ INTERNAL_SECRET: 'declarations-test-secret-0123456789abcdef' });
    const log = createLogger('declarations-test', 'silent');
    const build = (routes: readonly RouteDeclaration[]) => () =>
      createApiHandler({
        config,
        log,
        cache: new MemoryCache(),
        identity: {
          resolve: async () => null,
          evictToken: async () => undefined,
          evictUser: async () => undefined,
        } as never,
        proxy: createApiProxy({ agent: undefined as never, log }),
        client: clientAddress(() => false),
        edge: createConfiguredEdgeCache(config),
        router: createApiRouter(routes),
      });
    expect(build(apiRoutes)).not.toThrow();
    const unanswered = {
      method: 'GET',
      path: '/gateway/status',
      service: 'gateway',
      access: 'public',
      summary: 'Status',
      response: z.unknown(),
    } as const;
    expect(build([...apiRoutes, unanswered])).toThrow(/declares \/gateway\/status but has no handler/);
    expect(build(apiRoutes.filter((route) => route.path !== '/health'))).toThrow(
      /answers \/health but no declaration names it/,
    );
  });
});
