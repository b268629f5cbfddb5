// Loads the community remote's modules from inside the catalogue (remote to remote) through web-kit's loader,
// bundled into the catalogue and run by its own federation runtime. Downloaded only when a community part is about
// to show.
import { remoteModuleLoader } from '@catalyst/web-kit/remote-modules';
import { COMMUNITY_MODULES, COMMUNITY_REMOTE } from './communityModules';

/** One exposed module of the community remote (COMMUNITY_MODULES). */
export const loadCommunityModule = remoteModuleLoader(COMMUNITY_REMOTE, COMMUNITY_MODULES);
