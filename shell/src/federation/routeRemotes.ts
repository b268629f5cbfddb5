// No imports: the early entry (early.ts) uses this before the app's own code and React have loaded.

/** Who may see a route's remote; the admin remote is never requested for anyone but an admin. */
export type RemoteAudience = 'anyone' | 'signed-in' | 'admin';

export interface RouteRemote {
  remote: string;
  module: string;
  audience: RemoteAudience;
}

/** Product pages: /browse/premium/product/<id or slug>. */
export const PRODUCT_PREFIX = '/browse/premium/product/';

/** A page (or a prefix of pages) a remote renders, and who may see it. */
export interface RemoteRoute extends RouteRemote {
  /** In router form: lower case, one leading and one trailing slash ('/browse/'). */
  path: string;
  /** Whether the remote owns everything under `path` (it routes the rest itself), not `path` alone. */
  prefix: boolean;
}

/**
 * The shell's one table of remote pages: App.tsx mounts each entry (behind the guard its audience
 * names), and the preloader finds a page's remote here before React has loaded. The most specific
 * entry comes first. The shell's own pages (home, About, the legal pages, not-found) are not here.
 */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: PRODUCT_PREFIX, prefix: true, remote: 'player', module: './ProductRoutes', audience: 'anyone' },
  { path: '/browse/', prefix: true, remote: 'catalog', module: './BrowseRoutes', audience: 'anyone' },
  { path: '/profile/', prefix: false, remote: 'account', module: './ProfilePage', audience: 'signed-in' },
  { path: '/subscription/', prefix: true, remote: 'account', module: './SubscriptionRoutes', audience: 'signed-in' },
  { path: '/verify-email/', prefix: false, remote: 'account', module: './VerifyEmailPage', audience: 'anyone' },
  { path: '/reset-password/', prefix: false, remote: 'account', module: './ResetPasswordPage', audience: 'anyone' },
  { path: '/admin/', prefix: true, remote: 'admin', module: './AdminRoutes', audience: 'admin' },
];

/** A path as the router matches it: lower case, with exactly one trailing slash ('/browse/'). */
export const routerPath = (pathname: string) => (pathname.toLowerCase().replace(/\/+$/, '') || '/') + '/';

/** An entry's path as a react-router route ('browse/*', 'profile'). */
export const routePattern = (route: RemoteRoute) => route.path.slice(1, -1) + (route.prefix ? '/*' : '');

/**
 * The remote module the page at `pathname` renders first (router matching is case-insensitive and
 * ignores a trailing slash). Null for the shell's own pages.
 */
export function remoteForPath(pathname: string): RouteRemote | null {
  const path = routerPath(pathname);
  const route = REMOTE_ROUTES.find((entry) => (entry.prefix ? path.startsWith(entry.path) : path === entry.path));
  return route ? { remote: route.remote, module: route.module, audience: route.audience } : null;
}
