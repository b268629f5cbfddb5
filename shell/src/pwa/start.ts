import { afterFirstContent, api, session, startOffline } from '@catalyst/web-kit';
import { watchInstall } from './appState';
import { clearRecentSearches } from '../layout/recentSearches';
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
  let hadToken = session.getState().token !== null;
  session.subscribe(() => {
    const hasToken = session.getState().token !== null;
    if (hadToken && !hasToken) clearRecentSearches();
    if (hadToken && !hasToken && typeof caches !== 'undefined')
      for (const name of PERSONAL_SW_CACHES) void caches.delete(name);
    hadToken = hasToken;
  });
  void afterFirstContent()
    .then(() => import('./register'))
    .then(({ registerServiceWorker }) => registerServiceWorker());
}
