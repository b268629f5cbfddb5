// Loads the community remote's modules from inside the player (remote to remote) through web-kit's loader, bundled
// into the player and run by the player's own federation runtime. This file is downloaded only when a community
// section is about to show.
import { remoteModuleLoader } from '@catalyst/web-kit/remote-modules';
import { COMMUNITY_MODULES, COMMUNITY_REMOTE } from './communityModules';

/** One exposed module of the community remote (COMMUNITY_MODULES); `retry` fetches what failed before again. */
export const loadCommunityModule = remoteModuleLoader(COMMUNITY_REMOTE, COMMUNITY_MODULES);
