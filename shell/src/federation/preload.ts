import {
  api,
  createEndpoints,
  hasAnyRole,
  isAdmin,
  STUDIO_ROLES,
  session as defaultSession,
  type ApiClient,
  type Endpoint,
  type Endpoints,
  type SessionStore,
} from '@catalyst/web-kit';
import type { FirstRead } from '@catalyst/web-kit/pages';
import { loadRemoteModule, type RemoteManifests } from './remotes';
import { hintFile } from './early';
import { firstReadsPageOf, routeReads } from './firstReads';
import { remoteForPath, type RemoteAudience } from './routeRemotes';

export { remoteForPath, type RouteRemote } from './routeRemotes';
export { routeReads } from './firstReads';

export interface PreloadDeps {
  session?: SessionStore;
  load?: (id: string) => Promise<unknown>;
  /** Where reads are started (tests: a stand-in); the app's own client by default. */
  client?: Pick<ApiClient, 'prefetch'>;
}

const endpointOf = (endpoints: Endpoints, [group, name]: FirstRead['endpoint']) =>
  (endpoints[group] as unknown as Record<string, Endpoint<never>>)[name]!;

/**
 * Starts a page's first reads on the client, and each read's dependent reads (`then`) as soon as its
 * answer is in; hints each answer's images. A read is started once per address (a dependent read that
 * names a read already started waits for that one). Reads that need a session are skipped without one.
 */
function startReads(
  endpoints: Endpoints,
  reads: FirstRead[],
  signedIn: boolean,
  started = new Map<string, Promise<unknown>>(),
): void {
  for (const read of reads) {
    if (!signedIn && read.signedIn) continue;
    // the endpoint and its input name the address
    const address = JSON.stringify([read.endpoint, read.input ?? null]);
    let answer = started.get(address);
    if (!answer) {
      answer = (endpointOf(endpoints, read.endpoint).prefetch as (input?: unknown) => Promise<unknown>)(
        read.input,
      );
      started.set(address, answer);
    }
    if (read.images)
      void answer.then((data) => read.images!(data).forEach((url) => url && hintFile(url, 'image')));
    if (read.then)
      void answer.then(
        (data) => data !== undefined && startReads(endpoints, read.then!(data), signedIn, started),
      );
  }
}

/**
 * Whether the session may have the page's remote (and its reads) started: open routes always; signed-in
 * routes with a kept session token; the admin remote only once the session says the user is an admin (or a
 * creator, for the creator studio).
 */
async function mayStart(audience: RemoteAudience, store: SessionStore): Promise<boolean> {
  if (audience === 'anyone') return true;
  if (!store.getState().token) return false;
  if (audience === 'signed-in') return true;
  await store.start();
  const { user } = store.getState();
  return audience === 'creator' ? hasAnyRole(user, STUDIO_ROLES) : isAdmin(user);
}

/**
 * Starts loading the remote of the route at `address` (its path and query string: manifest,
 * remoteEntry.js and the exposed module's chunks) as soon as /mf/remotes.json is known (it names the
 * remotes and publishes their pages), while the shell renders, instead of when the route first renders.
 * The route's own load then finds it in flight or done. The page's first API reads (routeReads, the
 * shell's build-time hints) start at once, by the same rules, so its data is not waiting for its code.
 * Failures are left to the route's own load, which shows the remote's fallback.
 */
export async function preloadRouteRemote(
  address: string,
  discovered: Promise<RemoteManifests>,
  deps: PreloadDeps = {},
): Promise<string | null> {
  const queryAt = address.indexOf('?');
  const pathname = queryAt < 0 ? address : address.slice(0, queryAt);
  const store = deps.session ?? defaultSession;
  const load = deps.load ?? ((id: string) => loadRemoteModule(id));
  const hinted = firstReadsPageOf(pathname);
  if (hinted && (await mayStart(hinted.audience, store))) {
    const endpoints: Endpoints = deps.client ? createEndpoints(deps.client as ApiClient) : api;
    startReads(
      endpoints,
      routeReads(pathname, queryAt < 0 ? '' : address.slice(queryAt)),
      !!store.getState().token,
    );
  }
  const manifests = await discovered;
  const target = remoteForPath(pathname);
  if (!target || !manifests[target.remote] || !(await mayStart(target.audience, store))) return null;
  const id = `${target.remote}/${target.module.replace(/^\.\//, '')}`;
  try {
    await load(id);
  } catch {
    // The route's own load reports it and offers a retry.
    return null;
  }
  return id;
}
