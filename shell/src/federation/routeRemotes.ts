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

/** A path as the router matches it: lower case, with exactly one trailing slash ('/browse/'). */
export const routerPath = (pathname: string) => (pathname.toLowerCase().replace(/\/+$/, '') || '/') + '/';

/**
 * The remote module the page at `pathname` renders first (mirrors the routes in App.tsx; router
 * matching is case-insensitive and ignores a trailing slash). Null for the shell's own pages.
 */
export function remoteForPath(pathname: string): RouteRemote | null {
  const path = routerPath(pathname);
  if (path.startsWith(PRODUCT_PREFIX)) return { remote: 'player', module: './ProductRoutes', audience: 'anyone' };
  if (path.startsWith('/browse/')) return { remote: 'catalog', module: './BrowseRoutes', audience: 'anyone' };
  if (path === '/profile/') return { remote: 'account', module: './ProfilePage', audience: 'signed-in' };
  if (path.startsWith('/subscription/')) return { remote: 'account', module: './SubscriptionRoutes', audience: 'signed-in' };
  if (path === '/verify-email/') return { remote: 'account', module: './VerifyEmailPage', audience: 'anyone' };
  if (path === '/reset-password/') return { remote: 'account', module: './ResetPasswordPage', audience: 'anyone' };
  if (path.startsWith('/admin/')) return { remote: 'admin', module: './AdminRoutes', audience: 'admin' };
  return null;
}
