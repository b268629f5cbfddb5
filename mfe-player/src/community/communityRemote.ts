// Loads the community remote's modules from inside the player (remote to remote), through the player's
// own federation runtime: the community remote is registered from /mf/remotes.json, the one list of
// where each remote lives, and shares this page's React, router and web-kit (the share scope the shell
// initialised this remote with). This file is downloaded only when a community section is about to show.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { COMMUNITY_MODULES, COMMUNITY_REMOTE, type CommunityModuleName } from './communityModules';

export const REMOTES_CONFIG_URL = '/mf/remotes.json';
export { COMMUNITY_REMOTE };

let registered: string | null = null;

/** The community remote's manifest address from /mf/remotes.json (the shell's own request, so the browser may reuse it). */
async function communityEntry(): Promise<string> {
  const response = await fetch(REMOTES_CONFIG_URL, { mode: 'cors', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
  const entry = ((await response.json()) as { remotes?: Record<string, unknown> } | null)?.remotes?.[
    COMMUNITY_REMOTE
  ];
  if (typeof entry !== 'string' || entry === '')
    throw new Error(`No remote named ${COMMUNITY_REMOTE} in ${REMOTES_CONFIG_URL}`);
  return new URL(entry, window.location.href).href;
}

/**
 * One exposed module of the community remote (COMMUNITY_MODULES). `retry` reads the list again and
 * registers the remote anew, so what failed before (a missing manifest, a script that did not load) is
 * really fetched again.
 */
export async function loadCommunityModule<T>(module: CommunityModuleName, retry = false): Promise<T> {
  if (retry || registered === null) {
    const entry = await communityEntry();
    registerRemotes([{ name: COMMUNITY_REMOTE, entry }], { force: registered !== null });
    registered = entry;
  }
  const id = `${COMMUNITY_REMOTE}/${COMMUNITY_MODULES[module].slice('./'.length)}`;
  const loaded = await loadRemote<T>(id);
  if (!loaded) throw new Error(`${id} could not be loaded`);
  return loaded;
}
