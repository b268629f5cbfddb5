import { fetchRemotesConfig, loadFederationRuntime, REMOTES_CONFIG_URL, takeEarlyRemotesConfig } from './early';

export { REMOTES_CONFIG_URL };

/** Where the gateway says each remote's manifest lives, e.g. { catalog: '/mf/catalog/mf-manifest.json' }. */
export type RemoteManifests = Record<string, string>;


let manifests: RemoteManifests = {};
let loading: Promise<RemoteManifests> | null = null;
/** The manifest URL each remote is registered with in the runtime. */
const registered = new Map<string, string>();

const absolute = (entry: string) => new URL(entry, window.location.href).href;

async function readRemotesConfig(): Promise<{ remotes?: Record<string, unknown> }> {
  const early = takeEarlyRemotesConfig();
  if (early) return (await early) as { remotes?: Record<string, unknown> };
  // The gateway serves it with 'no-cache': a retry revalidates, so a redeployed remote is seen.
  const response = await fetchRemotesConfig();
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  return (await response.json()) as { remotes?: Record<string, unknown> };
}

async function fetchRemoteManifests(): Promise<RemoteManifests> {
  const body = await readRemotesConfig();
  const found: RemoteManifests = {};
  for (const [name, entry] of Object.entries(body.remotes ?? {})) {
    if (typeof entry === 'string' && entry !== '') found[name] = absolute(entry);
  }
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
      return manifests;
    });
  return loading;
}

function register(federation: Awaited<ReturnType<typeof loadFederationRuntime>>, name: string, entry: string): void {
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
