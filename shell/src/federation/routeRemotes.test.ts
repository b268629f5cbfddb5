import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  failRemoteRoutes,
  remoteForPath,
  remoteRoutes,
  remoteRoutesState,
  routePattern,
  routerPath,
  setRemoteRoutes,
  showsDataIcons,
} from './routeRemotes';
import { mountPublishedRoutes, PUBLISHED_ROUTES } from './testing';

describe("the remotes' pages, as their releases publish them", () => {
  beforeEach(mountPublishedRoutes);

  it('orders the pages without building a collator (localeCompare: locale data on the main thread)', () => {
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    try {
      mountPublishedRoutes();
      expect(compare).not.toHaveBeenCalled();
    } finally {
      compare.mockRestore();
    }
  });

  it('holds paths in router form, the most specific first, and turns them into the routes App.tsx mounts', () => {
    for (const route of remoteRoutes()) expect(routerPath(route.path)).toBe(route.path);
    expect(remoteRoutes().map(routePattern)).toEqual([
      'browse/premium/product/*',
      'notifications/settings',
      'account/billing',
      'learning/notes',
      'reset-password',
      'notifications',
      'certificates/*',
      'subscription/*',
      'verify-email',
      'studio/join/*',
      'unsubscribe',
      'creators/*',
      'learning',
      'account',
      'courses/*',
      'profile',
      'browse/*',
      'search',
      'studio/*',
      'admin/*',
      'paths/*',
      'saved',
      'gift/*',
      'team/*',
    ]);
    expect(remoteForPath('/browse/premium/product/p1')).toMatchObject({ remote: 'player' });
    expect(remoteForPath('/browse/category/design')).toMatchObject({ remote: 'catalog' });
    // a creator invitation's link is the account's, inside the admin remote's studio
    expect(remoteForPath('/studio/join/abc')).toMatchObject({
      remote: 'account',
      module: './CreatorJoinPage',
    });
    expect(remoteForPath('/studio/products')).toMatchObject({ remote: 'admin' });
    // the notification centre and its settings are the community's own pages
    expect(remoteForPath('/notifications')).toMatchObject({
      remote: 'community',
      module: './NotificationsPage',
    });
    expect(remoteForPath('/notifications/settings')).toMatchObject({
      remote: 'community',
      module: './NotificationSettingsPage',
    });
    expect(remoteForPath('/paths/start-with-the-web')).toMatchObject({
      remote: 'catalog',
      module: './PathRoutes',
    });
  });

  it('names the pages that show category and creator icons (the early entry probes emoji for those only)', () => {
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
      '/admin/categoriesx',
      '/admin/certificates',
      '/certificates/ABC',
    ];
    expect(withIcons.filter((pathname) => !showsDataIcons(pathname))).toEqual([]);
    expect(without.filter(showsDataIcons)).toEqual([]);
  });

  it("mounts a page a remote's new release adds, with no shell build", () => {
    expect(remoteForPath('/account/help')).toBeNull();
    setRemoteRoutes({
      ...PUBLISHED_ROUTES,
      account: [
        ...PUBLISHED_ROUTES.account!,
        { path: '/account/help/', prefix: false, module: './HelpPage', audience: 'signed-in' },
      ],
    });
    expect(remoteForPath('/Account/Help/')).toEqual({
      remote: 'account',
      module: './HelpPage',
      audience: 'signed-in',
    });
  });

  it("never lets a remote claim the shell's pages or another remote's", () => {
    setRemoteRoutes({
      ...PUBLISHED_ROUTES,
      account: [
        { path: '/about/', prefix: false, module: './Fake', audience: 'anyone' },
        { path: '/admin/', prefix: true, module: './Fake', audience: 'anyone' },
        { path: '/browse/premium/product/', prefix: true, module: './Fake', audience: 'anyone' },
        { path: '/', prefix: true, module: './Fake', audience: 'anyone' },
      ],
      catalog: [{ path: '/browse/premium/product/', prefix: true, module: './Fake', audience: 'anyone' }],
    });
    expect(remoteForPath('/about')).toBeNull();
    expect(remoteForPath('/admin/users')).toMatchObject({ remote: 'admin', module: './AdminRoutes' });
    expect(remoteForPath('/browse/premium/product/p1')).toMatchObject({
      remote: 'player',
      module: './ProductRoutes',
    });
    expect(remoteForPath('/profile')).toBeNull();
  });

  it('keeps the pages it has when a later read of the answer fails', () => {
    setRemoteRoutes({});
    failRemoteRoutes();
    expect(remoteRoutesState()).toEqual({ status: 'known', routes: [] });
  });
});
