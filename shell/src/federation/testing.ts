// Tests only: the remotes' pages as their builds publish them (routes.json: packages/build-kit's
// publishedRoutes), for shell tests that need the pages the gateway's answer would carry.
import { shellRoutes as account } from '@catalyst/mfe-account/shell-routes';
import { shellRoutes as admin } from '@catalyst/mfe-admin/shell-routes';
import { shellRoutes as catalog } from '@catalyst/mfe-catalog/shell-routes';
import { shellRoutes as community } from '@catalyst/mfe-community/shell-routes';
import { shellRoutes as player } from '@catalyst/mfe-player/shell-routes';
import { setRemoteRoutes } from './routeRemotes';

/** Each remote's published pages, by remote, as /mf/remotes.json's `routes` carries them. */
export const PUBLISHED_ROUTES: Record<string, unknown[]> = Object.fromEntries(
  [player, catalog, account, admin, community].map(({ remote, pages }) => [
    remote,
    pages.map(({ path, prefix, module, audience, dataIcons }) => ({
      path,
      prefix,
      module,
      audience,
      ...(dataIcons ? { dataIcons } : {}),
    })),
  ]),
);

/** Mounts the remotes' pages as a page whose /mf/remotes.json answered would. */
export const mountPublishedRoutes = () => setRemoteRoutes(PUBLISHED_ROUTES);
