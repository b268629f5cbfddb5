// A remote loading another remote's modules (the player's and the catalogue's community parts), through the loading
// remote's own federation runtime: this file is bundled into each remote that imports it (only the package's main
// entry is a shared singleton), the other remote is registered from /mf/remotes.json, the one list of where each
// remote lives, and shares the page's React, router and web-kit. Nothing is fetched until a module is asked for.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export const REMOTES_CONFIG_URL = '/mf/remotes.json';

/** The remote's manifest address from /mf/remotes.json (the shell's own request, so the browser may reuse it). */
async function entryOf(remote: string): Promise<string> {
  const response = await fetch(REMOTES_CONFIG_URL, { mode: 'cors', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const entry = ((await response.json()) as { remotes?: Record<string, unknown> } | null)?.remotes?.[remote];
  if (typeof entry !== 'string' || entry === '')
    throw new Error(`No remote named ${remote} in ${REMOTES_CONFIG_URL}`);
  return new URL(entry, window.location.href).href;
}

/**
 * The loader of one remote's exposed modules, by the names its table gives them (`{ PushPrompt: './PushPrompt' }`).
 * `retry` reads the list again and registers the remote anew, so what failed before (a missing manifest, a script
 * that did not load) is really fetched again.
 */
export function remoteModuleLoader<Name extends string>(
  remote: string,
  modules: { readonly [M in Name]: `./${string}` },
) {
  let registered: string | null = null;
  return async function loadModule<T>(module: Name, retry = false): Promise<T> {
    if (retry || registered === null) {
      const entry = await entryOf(remote);
      registerRemotes([{ name: remote, entry }], { force: registered !== null });
      registered = entry;
    }
    const id = `${remote}/${modules[module].slice('./'.length)}`;
    const loaded = await loadRemote<T>(id);
    if (!loaded) throw new Error(`${id} could not be loaded`);
    return loaded;
  };
}
