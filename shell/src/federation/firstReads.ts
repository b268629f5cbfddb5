// The first reads of the remotes' pages (functions of the address, so not in a release's routes.json): hints
// the preloader takes at the shell's build from each remote's `src/shell-routes.ts`. They only start a page's
// reads beside its code; a page the shell has no hints for (a remote's page newer than the shell's build)
// still mounts from its release and makes its reads as it renders.
import { shellRoutes as account } from '@catalyst/mfe-account/shell-routes';
import { shellRoutes as admin } from '@catalyst/mfe-admin/shell-routes';
import { shellRoutes as catalog } from '@catalyst/mfe-catalog/shell-routes';
import { shellRoutes as community } from '@catalyst/mfe-community/shell-routes';
import { shellRoutes as player } from '@catalyst/mfe-player/shell-routes';
import type { FirstRead, RemotePage } from '@catalyst/web-kit/pages';
import { routerPath } from './routeRemotes';

/** The pages with first reads, the most specific path first (the player's product pages before /browse/). */
const HINTS: ReadonlyArray<RemotePage & { remote: string }> = [player, catalog, account, admin, community]
  .flatMap(({ remote, pages }) =>
    pages.filter((page) => page.firstReads).map((page) => ({ ...page, remote })),
  )
  .sort((a, b) => b.path.length - a.path.length);

/** The hinted page at `pathname` (who may see it decides whether its reads start), if any. */
export function firstReadsPageOf(pathname: string): (RemotePage & { remote: string }) | undefined {
  const path = routerPath(pathname);
  return HINTS.find((page) => (page.prefix ? path.startsWith(page.path) : path === page.path));
}

/** The API reads the page at `pathname` (query string `search`) starts with, as its remote's table names them. */
export function routeReads(pathname: string, search = ''): FirstRead[] {
  return firstReadsPageOf(pathname)?.firstReads?.(pathname, search) ?? [];
}
