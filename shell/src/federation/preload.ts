import {
  ADMIN_STATS_READ,
  api,
  CATEGORY_LIST_READ,
  isAdmin,
  productDetailRead,
  session as defaultSession,
  type ApiClient,
  type RouteRead,
  type SessionStore,
} from '@catalyst/web-kit';
import { loadRemoteModule, type RemoteManifests } from './remotes';
import { hintFile } from './early';
import { PRODUCT_PREFIX, remoteForPath, routerPath } from './routeRemotes';

export { remoteForPath, type RouteRemote } from './routeRemotes';

export interface PreloadDeps {
  session?: SessionStore;
  load?: (id: string) => Promise<unknown>;
  client?: Pick<ApiClient, 'prefetch'>;
}

/** The API reads the page at `pathname` starts with (its remote reads the same constants). */
export function routeReads(pathname: string): RouteRead[] {
  const path = routerPath(pathname);
  if (path === '/browse/') return [CATEGORY_LIST_READ];
  if (path === '/admin/') return [ADMIN_STATS_READ];
  if (path.startsWith(PRODUCT_PREFIX)) {
    // The product's id or slug as written (ids are case-sensitive); the product page itself only.
    const rest = pathname.replace(/\/+$/, '').slice(PRODUCT_PREFIX.length).split('/');
    return rest.length === 1 && rest[0] ? [productDetailRead(decodeURIComponent(rest[0]))] : [];
  }
  return [];
}

/**
 * Starts loading the current route's remote (manifest, remoteEntry.js and the exposed module's chunks)
 * as soon as /mf/remotes.json is known, while the shell renders, instead of when the route first
 * renders. The route's own load then finds it in flight or done. Signed-in routes are loaded only
 * with a kept session token; the admin remote only once the session says the user is an admin. The
 * page's first API reads (routeReads) start at the same time, so its data is not waiting for its code.
 * Failures are left to the route's own load, which shows the remote's fallback.
 */
export async function preloadRouteRemote(pathname: string, discovered: Promise<RemoteManifests>, deps: PreloadDeps = {}): Promise<string | null> {
  const target = remoteForPath(pathname);
  if (!target) return null;
  const store = deps.session ?? defaultSession;
  const load = deps.load ?? ((id: string) => loadRemoteModule(id));
  if (target.audience === 'signed-in' && !store.getState().token) return null;
  if (target.audience === 'admin') {
    if (!store.getState().token) return null;
    await store.start();
    if (!isAdmin(store.getState().user)) return null;
  }
  const token = store.getState().token;
  for (const read of routeReads(pathname)) {
    if (!token && read.signedIn) continue;
    const answer = (deps.client ?? api).prefetch(read.path, read.query);
    if (read.images) void answer.then((data) => read.images!(data).forEach((url) => url && hintFile(url, 'image')));
  }
  const manifests = await discovered;
  if (!manifests[target.remote]) return null;
  const id = `${target.remote}/${target.module.replace(/^\.\//, '')}`;
  try {
    await load(id);
  } catch {
    // The route's own load reports it and offers a retry.
    return null;
  }
  return id;
}
