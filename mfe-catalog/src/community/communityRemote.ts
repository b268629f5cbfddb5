// Loads the community remote's modules from inside the catalogue (remote to remote), through the catalogue's own
// federation runtime: the community remote is registered from /mf/remotes.json, the one list of where each remote
// lives, and shares this page's React, router and web-kit. Downloaded only when a community part is about to show.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { COMMUNITY_MODULES, COMMUNITY_REMOTE, type CommunityModuleName } from './communityModules';

const REMOTES_CONFIG_URL = '/mf/remotes.json';

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

/** One exposed module of the community remote (COMMUNITY_MODULES). */
export async function loadCommunityModule<T>(module: CommunityModuleName): Promise<T> {
  if (registered === null) {
    const entry = await communityEntry();
    registerRemotes([{ name: COMMUNITY_REMOTE, entry }]);
    registered = entry;
  }
  const id = `${COMMUNITY_REMOTE}/${COMMUNITY_MODULES[module].slice('./'.length)}`;
  const loaded = await loadRemote<T>(id);
  if (!loaded) throw new Error(`${id} could not be loaded`);
  return loaded;
}
