import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemotesConfig, REMOTES_CONFIG_URL, takeEarlyManifest, takeEarlyRemotesConfig } from './early';

export { REMOTES_CONFIG_URL };

/** Where the gateway says each remote's manifest lives, e.g. { catalog: '/mf/catalog/mf-manifest.json' }. */
export type RemoteManifests = Record<string, string>;

let manifests: RemoteManifests = {};
let loading: Promise<RemoteManifests> | null = null;

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
 * Reads /mf/remotes.json and registers every remote with the federation runtime. Nothing is
 * downloaded here: a remote's manifest and code are fetched the first time one of its modules renders.
 * A failure leaves no remote registered; each remote area then shows its own fallback.
 */
let pluginRegistered = false;

export function discoverRemotes(): Promise<RemoteManifests> {
  if (!pluginRegistered) {
    pluginRegistered = true;
    // Hands the runtime the route manifest index.ts already started fetching (see early.ts).
    registerPlugins([{ name: 'catalyst-early-manifest', fetch: (url: string) => takeEarlyManifest(url) }]);
  }
  loading ??= fetchRemoteManifests()
    .then((found) => {
      manifests = found;
      registerRemotes(
        Object.entries(found).map(([name, entry]) => ({ name, entry })),
        { force: true },
      );
      return found;
    })
    .catch((error: unknown) => {
      loading = null;
      console.error('[shell] remote discovery failed', error);
      return manifests;
    });
  return loading;
}

/** Forgets everything cached about a remote (failed manifest, failed script) so the next load really retries. */
export async function resetRemote(name: string): Promise<void> {
  if (!manifests[name]) {
    loading = null;
    await discoverRemotes();
  }
  const entry = manifests[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
