import { registerRemotes } from '@module-federation/enhanced/runtime';

/** Where the gateway says each remote's manifest lives, e.g. { catalog: '/mf/catalog/mf-manifest.json' }. */
export type RemoteManifests = Record<string, string>;

export const REMOTES_CONFIG_URL = '/mf/remotes.json';

let manifests: RemoteManifests = {};
let loading: Promise<RemoteManifests> | null = null;

const absolute = (entry: string) => new URL(entry, window.location.href).href;

async function fetchRemoteManifests(): Promise<RemoteManifests> {
  const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const body = (await response.json()) as { remotes?: Record<string, unknown> };
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
export function discoverRemotes(): Promise<RemoteManifests> {
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
