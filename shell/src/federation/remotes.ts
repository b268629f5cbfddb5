import { ROUTES_FILE } from '@catalyst/contracts/route-manifest-terms';
import {
  fetchRemotesConfig,
  loadFederationRuntime,
  mountAnswerRoutes,
  REMOTES_CONFIG_URL,
  takeEarlyRemotesConfig,
} from './early';
import { failRemoteRoutes } from './routeRemotes';

export { REMOTES_CONFIG_URL };

/** Where the gateway says each remote's manifest lives, e.g. { catalog: '/mf/catalog/v0.1.0-3f9a1c07e2/mf-manifest.json' }. */
export type RemoteManifests = Record<string, string>;

/** The last good /mf/remotes.json answer, kept so a page still loads its remotes when the answer cannot be had. */
export const REMOTES_STORAGE_KEY = 'catalyst.remotes';

declare global {
  interface Window {
    /** The release each remote (and the shell) runs on this page, from the registry's answer: { catalog: 'v0.1.0-3f9a1c07e2', … }. */
    __CATALYST_RELEASES__?: Record<string, string>;
  }
}

interface RemotesConfig {
  remotes?: Record<string, unknown>;
  releases?: Record<string, unknown>;
  loadNonces?: Record<string, unknown>;
  /** Each remote's published pages (its release's routes.json), as the gateway read them. */
  routes?: Record<string, unknown>;
}

/** The versions this page runs, by remote (what error reports name). */
let releases: Record<string, string> = {};
/** The nonce the gateway served with each release on this load: a load-error report counts only with it. */
let loadNonces: Record<string, string> = {};

const strings = (record: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries(record ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

/** The release of a remote on this page ('dist' for the built dist; undefined when unknown) with the nonce its load was served with, as an error report names it. */
export const failedReleaseOf = (remote: string) => ({
  remote,
  release: releases[remote],
  nonce: loadNonces[remote],
});

function keep(body: RemotesConfig): void {
  try {
    // Without its nonces: they belong to this load, not to a later one that falls back on the kept answer.
    localStorage.setItem(
      REMOTES_STORAGE_KEY,
      JSON.stringify({ remotes: body.remotes, releases: body.releases, routes: body.routes }),
    );
  } catch {
    // storage full or disabled: nothing kept
  }
}

function kept(): RemotesConfig | null {
  try {
    const raw = localStorage.getItem(REMOTES_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as RemotesConfig) : null;
  } catch {
    return null;
  }
}

let manifests: RemoteManifests = {};
let loading: Promise<RemoteManifests> | null = null;
/** The manifest URL each remote is registered with in the runtime. */
const registered = new Map<string, string>();

const absolute = (entry: string) => new URL(entry, window.location.href).href;

async function fetchRemotesConfigBody(): Promise<RemotesConfig> {
  const early = takeEarlyRemotesConfig();
  if (early) return (await early) as RemotesConfig;
  // The gateway serves it with 'no-cache': a retry revalidates, so a promoted or rolled back release is seen.
  const response = await fetchRemotesConfig();
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  return (await response.json()) as RemotesConfig;
}

/** The registry's answer, kept in localStorage; when it cannot be had, the last one kept (never a page without its remotes). */
async function readRemotesConfig(): Promise<RemotesConfig> {
  try {
    const body = await fetchRemotesConfigBody();
    if (body && typeof body.remotes === 'object') keep(body);
    return body;
  } catch (error) {
    const last = kept();
    if (!last) throw error;
    console.warn('[shell] remote list unavailable, using the last one this browser saw', error);
    return last;
  }
}

/**
 * The answer's pages, and for a remote it carries none of (a dev server named by MF_REMOTES), the
 * routes.json beside that remote's manifest, all fetched at once; a remote whose file cannot be had
 * mounts no pages.
 */
async function withRoutes(body: RemotesConfig, found: RemoteManifests): Promise<Record<string, unknown>> {
  const routes: Record<string, unknown> = { ...(body.routes ?? {}) };
  const missing = Object.keys(found).filter((name) => !(name in routes));
  await Promise.all(
    missing.map(async (name) => {
      try {
        const answer = await fetch(new URL(ROUTES_FILE, found[name]).href);
        if (answer.ok) routes[name] = ((await answer.json()) as { pages?: unknown }).pages;
      } catch {
        // none: its pages stay unmounted
      }
    }),
  );
  return routes;
}

async function fetchRemoteManifests(): Promise<RemoteManifests> {
  const body = await readRemotesConfig();
  releases = strings(body.releases);
  loadNonces = strings(body.loadNonces);
  window.__CATALYST_RELEASES__ = { ...releases };
  const found: RemoteManifests = {};
  for (const [name, entry] of Object.entries(body.remotes ?? {})) {
    if (typeof entry === 'string' && entry !== '') found[name] = absolute(entry);
  }
  mountAnswerRoutes({ routes: await withRoutes(body, found) });
  return found;
}

/**
 * Reads /mf/remotes.json once. Nothing else is downloaded here: the federation runtime, a remote's
 * manifest and its code are fetched the first time one of its modules is loaded. A failure leaves no
 * remote known; each remote area then shows its own fallback, and a retry reads the file again.
 */
export function discoverRemotes(): Promise<RemoteManifests> {
  loading ??= fetchRemoteManifests()
    .then((found) => {
      manifests = found;
      return found;
    })
    .catch((error: unknown) => {
      loading = null;
      console.error('[shell] remote discovery failed', error);
      failRemoteRoutes();
      return manifests;
    });
  return loading;
}

function register(
  federation: Awaited<ReturnType<typeof loadFederationRuntime>>,
  name: string,
  entry: string,
): void {
  if (registered.get(name) === entry) return;
  federation.registerRemotes([{ name, entry }], { force: registered.has(name) });
  registered.set(name, entry);
}

/** Loads an exposed module, e.g. 'catalog/BrowseRoutes', registering its remote on first use. */
export async function loadRemoteModule<T>(id: string): Promise<T | null> {
  const name = id.split('/')[0]!;
  const [federation, found] = await Promise.all([loadFederationRuntime(), discoverRemotes()]);
  const entry = found[name];
  if (!entry) throw new Error(`No remote named ${name} in ${REMOTES_CONFIG_URL}`);
  register(federation, name, entry);
  return federation.loadRemote<T>(id);
}

/** Forgets everything cached about a remote (failed manifest, failed script) so the next load really retries. */
export async function resetRemote(name: string): Promise<void> {
  if (!manifests[name]) {
    loading = null;
    await discoverRemotes();
  }
  const entry = manifests[name];
  if (!entry || !registered.has(name)) return;
  const federation = await loadFederationRuntime();
  federation.registerRemotes([{ name, entry }], { force: true });
  registered.set(name, entry);
}
