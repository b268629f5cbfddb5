// The remotes' pages, as their releases publish them (each remote's routes.json, which the gateway puts in
// the /mf/remotes.json answer): mounted at run time, so a remote's new page needs no shell build. Only plain
// data and a tiny store: the early entry (early.ts) fills it before the app's own code and React have loaded.
import {
  claimablePages,
  SHELL_PATHS,
  type PageAudience,
  type PublishedPage,
} from '@catalyst/contracts/route-manifest-terms';
import { byText } from '@catalyst/contracts/no-intl';

export type RemoteAudience = PageAudience;

export interface RouteRemote {
  remote: string;
  module: string;
  audience: RemoteAudience;
}

/** A page (or a prefix of pages) a remote renders, and who may see it. */
export type RemoteRoute = PublishedPage & { remote: string };

/** What is known of the remotes' pages: not yet (the answer is on its way), the pages, or none could be had. */
export type RemoteRoutesState =
  { status: 'pending' } | { status: 'known'; routes: readonly RemoteRoute[] } | { status: 'failed' };

let state: RemoteRoutesState = { status: 'pending' };
const listeners = new Set<() => void>();

function publish(next: RemoteRoutesState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Mounts the pages an answer publishes per remote ({ account: [...], … }). Each remote keeps only the
 * well-formed pages in its own address space (the gateway and the release check refuse the rest; this is
 * an answer kept in localStorage too): none can shadow the shell's pages or another remote's. The most
 * specific path comes first (the player's product pages before the catalogue's /browse/).
 */
export function setRemoteRoutes(byRemote: Record<string, unknown>): void {
  const routes = Object.entries(byRemote)
    .flatMap(([remote, pages]) => claimablePages(remote, pages).map((page) => ({ ...page, remote })))
    // code-unit order for paths of one length (no collator in the early entry of every page)
    .sort((a, b) => b.path.length - a.path.length || byText(a.path, b.path))
    .filter((route, index, all) => all.findIndex((other) => other.path === route.path) === index);
  publish({ status: 'known', routes });
}

/** No answer and nothing kept: the pages cannot be known until a retry reads the answer again. */
export function failRemoteRoutes(): void {
  if (state.status !== 'known') publish({ status: 'failed' });
}

export const remoteRoutesState = (): RemoteRoutesState => state;

export function subscribeRemoteRoutes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remotes' pages mounted now (none while they are not known). */
export const remoteRoutes = (): readonly RemoteRoute[] => (state.status === 'known' ? state.routes : []);

/** A path as the router matches it: lower case, with exactly one trailing slash ('/browse/'). */
export const routerPath = (pathname: string) => (pathname.toLowerCase().replace(/\/+$/, '') || '/') + '/';

/** An entry's path as a react-router route ('browse/*', 'profile'). */
export const routePattern = (route: RemoteRoute) => route.path.slice(1, -1) + (route.prefix ? '/*' : '');

/** Whether `pathname` is one of the shell's own pages (never a remote's). */
export const isShellPath = (pathname: string) =>
  (SHELL_PATHS as readonly string[]).includes(routerPath(pathname));

/** The mounted entry for the page at `pathname`, if a remote renders it (case-insensitive, trailing slash ignored). */
export function remoteRouteOf(pathname: string): RemoteRoute | undefined {
  const path = routerPath(pathname);
  return remoteRoutes().find((entry) => (entry.prefix ? path.startsWith(entry.path) : path === entry.path));
}

/** The remote module the page at `pathname` renders first; null for the shell's own pages and unknown ones. */
export function remoteForPath(pathname: string): RouteRemote | null {
  const route = remoteRouteOf(pathname);
  return route ? { remote: route.remote, module: route.module, audience: route.audience } : null;
}

/** Whether the page at `pathname` shows data icons (category and creator emoji), as its remote publishes. */
export function showsDataIcons(pathname: string): boolean {
  const path = routerPath(pathname);
  return remoteRouteOf(pathname)?.dataIcons?.some((prefix) => path.startsWith(prefix)) ?? false;
}
