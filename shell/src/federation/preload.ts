import { isAdmin, session as defaultSession, type SessionStore } from '@catalyst/web-kit';
import { loadRemoteModule, type RemoteManifests } from './remotes';
import { remoteForPath } from './routeRemotes';

export { remoteForPath, type RouteRemote } from './routeRemotes';

export interface PreloadDeps {
  session?: SessionStore;
  load?: (id: string) => Promise<unknown>;
}

/**
 * Starts loading the current route's remote (manifest, remoteEntry.js and the exposed module's chunks)
 * as soon as /mf/remotes.json is known, while the shell renders, instead of when the route first
 * renders. The route's own load then finds it in flight or done. Signed-in routes are loaded only
 * with a kept session token; the admin remote only once the session says the user is an admin.
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
