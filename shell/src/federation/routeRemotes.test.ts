import { describe, expect, it } from 'vitest';
import { REMOTE_ROUTES, routePattern, routerPath } from './routeRemotes';

describe('the remote route table', () => {
  it('holds paths in router form and turns them into the routes App.tsx mounts', () => {
    for (const route of REMOTE_ROUTES) expect(routerPath(route.path)).toBe(route.path);
    expect(REMOTE_ROUTES.map(routePattern)).toEqual([
      'browse/premium/product/*',
      'browse/*',
      'profile',
      'subscription/*',
      'verify-email',
      'reset-password',
      'unsubscribe',
      'certificates/*',
      'learning',
      'admin/*',
    ]);
  });

  it('lists a more specific prefix before the prefix that contains it (the preloader takes the first match)', () => {
    REMOTE_ROUTES.forEach((route, index) => {
      const earlierContaining = REMOTE_ROUTES.slice(0, index).find((other) => other.prefix && route.path.startsWith(other.path));
      expect(earlierContaining, route.path).toBeUndefined();
    });
  });
});
