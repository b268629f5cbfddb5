// Only plain data: the early entry (early.ts) uses this before the app's own code and React have loaded.
// Each remote's table is its `src/shell-routes.ts`, read here at build time (data, not code loaded at run time).
import { shellRoutes as account } from '@catalyst/mfe-account/shell-routes';
import { shellRoutes as admin } from '@catalyst/mfe-admin/shell-routes';
import { shellRoutes as catalog } from '@catalyst/mfe-catalog/shell-routes';
import { shellRoutes as player } from '@catalyst/mfe-player/shell-routes';
import type { RemoteAudience, RemotePage, RemoteRouteTable } from '@catalyst/web-kit/pages';

export type { RemoteAudience };

export interface RouteRemote {
  remote: string;
  module: string;
  audience: RemoteAudience;
}

/** A page (or a prefix of pages) a remote renders, and who may see it. */
export type RemoteRoute = RemotePage & { remote: string };

// The player's product pages sit under the catalogue's /browse/ prefix: its table comes first (a test keeps a
// more specific prefix before the one containing it, as the preloader takes the first match).
const byRemote: readonly RemoteRouteTable[] = [player, catalog, account, admin];

/**
 * The shell's one table of remote pages, from each remote's own: App.tsx mounts each entry (behind the
 * guard its audience names), and the preloader finds a page's remote and first reads here before React
 * has loaded. The most specific entry comes first. The shell's own pages (home, About, the legal pages,
 * not-found) are not here.
 */
export const REMOTE_ROUTES: readonly RemoteRoute[] = byRemote.flatMap(({ remote, pages }) =>
  pages.map((page) => ({ ...page, remote })),
);

/** A path as the router matches it: lower case, with exactly one trailing slash ('/browse/'). */
export const routerPath = (pathname: string) => (pathname.toLowerCase().replace(/\/+$/, '') || '/') + '/';

/** An entry's path as a react-router route ('browse/*', 'profile'). */
export const routePattern = (route: RemoteRoute) => route.path.slice(1, -1) + (route.prefix ? '/*' : '');

/**
 * The remote module the page at `pathname` renders first (router matching is case-insensitive and
 * ignores a trailing slash). Null for the shell's own pages.
 */
export function remoteForPath(pathname: string): RouteRemote | null {
  const route = remoteRouteOf(pathname);
  return route ? { remote: route.remote, module: route.module, audience: route.audience } : null;
}

/** The table's entry for the page at `pathname`, if a remote renders it. */
export function remoteRouteOf(pathname: string): RemoteRoute | undefined {
  const path = routerPath(pathname);
  return REMOTE_ROUTES.find((entry) => (entry.prefix ? path.startsWith(entry.path) : path === entry.path));
}
