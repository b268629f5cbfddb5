import { describe, expect, it } from 'vitest';
import { REMOTE_ROUTES, remoteRouteOf, routePattern, routerPath } from './routeRemotes';

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

  it('names the pages that show category and creator icons (the early entry probes emoji for those only)', () => {
    const showsIcons = (pathname: string) => remoteRouteOf(pathname)?.showsDataIcons?.(pathname) ?? false;
    const withIcons = [
      '/browse',
      '/browse/category/design',
      '/browse/category/design/creator/c1',
      '/admin/categories',
      '/admin/creators/new',
      '/ADMIN/Categories/',
    ];
    const without = [
      '/',
      '/browse/premium/product/p1',
      '/learning',
      '/profile',
      '/subscription',
      '/admin',
      '/admin/products',
      '/admin/certificates',
      '/certificates/ABC',
    ];
    expect(withIcons.filter((pathname) => !showsIcons(pathname))).toEqual([]);
    expect(without.filter(showsIcons)).toEqual([]);
  });

  it('lists a more specific prefix before the prefix that contains it (the preloader takes the first match)', () => {
    REMOTE_ROUTES.forEach((route, index) => {
      const earlierContaining = REMOTE_ROUTES.slice(0, index).find(
        (other) => other.prefix && route.path.startsWith(other.path),
      );
      expect(earlierContaining, route.path).toBeUndefined();
    });
  });
});
