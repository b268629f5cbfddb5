import type { ApiClient } from '../api/client';
import type { SessionStore } from '../session/store';
import { downloads } from './downloads';
import { afterFirstContent } from './lazy';
import { absorbHeldWrites, forgetOfflineData } from './layer';
import { connection } from './status';

// What loads eagerly is small: the connection state, the downloads' list and hooks, the layer's entry
// points. IndexedDB and Cache Storage code is a chunk of its own (lazy.ts).
export * from './status';
export { holdOfflineWrite } from './layer';
export { afterFirstContent } from './lazy';
export { queuableClientTime, type QueuedWrite } from './queuable';
export { KEPT_ANSWER_MAX_AGE_MS } from './limits';
export * from './downloads';

/** A plan that lets downloads of premium lessons live on (an admin's access counts as one). */
const planActive = (status: { hasSubscription: boolean; plan: string | null }) =>
  status.hasSubscription || status.plan === 'admin';

/**
 * Ties the offline stores to the session (the shell calls it once): a sign-out forgets the kept answers
 * and queued writes; each connection (once the page shows its first content, sign-in, the browser's
 * 'online') sends the queued writes and, while the person keeps premium downloads, asks the server whether
 * their plan still covers them. A connection is the browser's 'online' or a call reaching the server again
 * after one could not.
 */
export function startOffline({ session, api }: { session: SessionStore; api: ApiClient }): () => void {
  let lastToken = session.getState().token;
  let lastUser: string | null = null;

  const connected = async () => {
    const { token, user } = session.getState();
    if (!token || !user || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    await api.sendQueuedWrites().catch(() => 0);
    // Only premium copies need the plan's word: a person who has none is not asked for it (the page has
    // just read the plan itself, and this read would compete with the page's own).
    const saved = downloads.getState();
    if (saved.ready && !saved.items.some((item) => item.premium)) return;
    try {
      await downloads.verify(planActive(await api.subscription.status(undefined, { fresh: true })));
    } catch {
      // not reached (or refused): the grace period decides until the next connection
    }
  };

  const onSession = () => {
    const { token, user } = session.getState();
    if (lastToken && !token) void forgetOfflineData();
    lastToken = token;
    const userId = user ? String(user._id ?? user.id ?? user.email) : null;
    if (userId !== lastUser) {
      lastUser = userId;
      // the stores are not needed before the page shows its first content (nothing of them on its path);
      // writes held as the last page went away join the queue then, connected or not
      void afterFirstContent()
        .then(() => (token && userId ? absorbHeldWrites(token) : undefined))
        .then(() => (lastUser === userId ? downloads.setPerson(userId) : undefined))
        .then(() => (lastUser === userId ? connected() : undefined));
    }
  };
  const unsubscribe = session.subscribe(onSession);
  onSession();
  let wasOffline = connection.getState().offline;
  const stopWatching = connection.subscribe(() => {
    const { offline } = connection.getState();
    if (wasOffline && !offline) void connected();
    wasOffline = offline;
  });
  return () => {
    unsubscribe();
    stopWatching();
  };
}
