import { afterFirstContent, api, session, startOffline } from '@catalyst/web-kit';
import { watchInstall } from './appState';
import { clearRecentSearches } from '../layout/recentSearches';
import { atSignOut } from './atSignOut';
import { PERSONAL_SW_CACHES } from './cachePolicy';

/**
 * The installable app's start (shell bootstrap): the install prompt, the offline stores tied to the
 * session, and, once the page shows its first content, the service worker (its code is a separate chunk;
 * installing it downloads the precache, which must not compete with the page's own files).
 */
export function startPwa(): void {
  watchInstall();
  startOffline({ session, api });
  // What the worker kept for the person (lesson resources they opened) and their recent searches go with
  // their session.
  atSignOut(session, () => {
    clearRecentSearches();
    if (typeof caches !== 'undefined') for (const name of PERSONAL_SW_CACHES) void caches.delete(name);
  });
  void afterFirstContent()
    .then(() => import('./register'))
    .then(({ registerServiceWorker }) => registerServiceWorker());
}
