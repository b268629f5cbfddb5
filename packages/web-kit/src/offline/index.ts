import type { ApiClient } from '../api/client';
import type { SessionStore } from '../session/store';
import { downloads } from './downloads';
import { afterFirstContent } from './lazy';
import { absorbHeldWrites, forgetOfflineData } from './layer';
import { storesMayHoldData } from './lazy';
import { REMEMBERED_STORAGE_KEY } from '../session/keys';
import { personIdOf, rememberedUser } from './rememberedUser';
import { connection } from './status';

// What loads eagerly is small: the connection state, the downloads' list and hooks, the layer's entry
// points. IndexedDB and Cache Storage code is a chunk of its own (lazy.ts).
export * from './status';
export { holdOfflineWrite } from './layer';
export { afterFirstContent } from './lazy';
export { queuableClientTime, type QueuedWrite } from './queuable';
export { KEPT_ANSWER_MAX_AGE_MS } from './limits';
export * from './downloads';
export {
  rememberedUser,
  useRememberedUser,
  type RememberedUser,
  type RememberedUserState,
} from './rememberedUser';

/** A plan that lets downloads of premium lessons live on (an admin's access counts as one). */
const planActive = (status: { hasSubscription: boolean; plan: string | null }) =>
  status.hasSubscription || status.plan === 'admin';

/** The session store's hint that this browser holds a remembered sign-in (session/keys.ts). */
function browserKeepsSignIn(): boolean {
  try {
    return globalThis.localStorage?.getItem(REMEMBERED_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * Ties the offline stores to the session (the shell calls it once): a sign-out forgets the kept answers,
 * queued writes, the remembered user and that person's saved lessons, and a start without a session
 * forgets the kept answers and queued writes a closed tab left; each connection (once the page shows its
 * first content, sign-in, the browser's 'online') sends the queued writes and, while the person keeps
 * premium downloads, asks the server whether their plan still covers them (and for its offline licence). A connection is the browser's 'online' or a call reaching
 * the server again after one could not. A signed-in user whose sign-in this browser keeps is remembered on
 * this device (rememberedUser.ts) so that, offline with nobody signed in (an app reopened without a
 * connection), their downloads are shown.
 */
export function startOffline({
  session,
  api,
  keepsSignIn = browserKeepsSignIn,
}: {
  session: SessionStore;
  api: ApiClient;
  /** Whether this browser keeps the sign-in across restarts (not "This is a shared computer"). */
  keepsSignIn?: () => boolean;
}): () => void {
  let lastToken = session.getState().token;
  let lastUser: string | null = null;
  /** The signed-in user whose start-up (below) has run: their downloads are shown from then on. */
  let readyUser: string | null = null;
  /** Whose downloads are shown (downloads.setPerson): null until someone's are. */
  let person: string | null = null;

  const connected = async () => {
    const { token, user } = session.getState();
    if (!token || !user || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    await api.sendQueuedWrites().catch(() => 0);
    // Only premium copies need the plan's word: a person who has none is not asked for it (the page has
    // just read the plan itself, and this read would compete with the page's own).
    const saved = downloads.getState();
    if (saved.ready && !saved.items.some((item) => item.premium)) return;
    try {
      const status = await api.subscription.status(undefined, { fresh: true });
      await downloads.verify(planActive(status), status.offlineLicence ?? null);
    } catch {
      // not reached (or refused): the grace period decides until the next connection
    }
  };

  /**
   * Shows the right person's downloads: the signed-in user's (once their start-up has run); offline with
   * nobody signed in, the remembered user's; otherwise nobody's. One change at a time, in order.
   */
  let changes: Promise<void> = Promise.resolve();
  const syncPerson = (): Promise<void> =>
    (changes = changes
      .then(async () => {
        const signedIn = () => {
          const { user } = session.getState();
          return user ? personIdOf(user) : null;
        };
        let next = signedIn();
        if (next !== null) {
          if (next !== readyUser) return;
        } else if (connection.getState().offline) {
          await rememberedUser.load();
          if (signedIn() !== null) return;
          next = rememberedUser.getState().user?.id ?? null;
        }
        if (next === person) return;
        person = next;
        await downloads.setPerson(next);
      })
      .catch(() => undefined));

  const onSession = () => {
    const { token, user } = session.getState();
    if (lastToken && !token) {
      void forgetOfflineData();
      void rememberedUser.forget();
      // The signed-out person's saved lessons go with them: nobody else on this browser plays them.
      if (lastUser) void downloads.forget(lastUser).catch(() => undefined);
    }
    lastToken = token;
    // The profile is kept once the page shows its first content (unless the session has ended by then),
    // for a sign-in this browser keeps only: after "This is a shared computer" nobody is remembered.
    if (user && token)
      void afterFirstContent().then(() => {
        if (session.getState().user !== user || !session.getState().token) return;
        return keepsSignIn() ? rememberedUser.remember(user) : rememberedUser.forget();
      });
    const userId = user ? personIdOf(user) : null;
    if (userId !== lastUser) {
      lastUser = userId;
      readyUser = null;
      if (userId === null) {
        void syncPerson();
        return;
      }
      // the stores are not needed before the page shows its first content (nothing of them on its path);
      // writes held as the last page went away join the queue then, connected or not
      void afterFirstContent()
        .then(() => (token ? absorbHeldWrites(token) : undefined))
        .then(() => {
          if (lastUser !== userId) return;
          readyUser = userId;
          return syncPerson();
        })
        .then(() => (lastUser === userId ? connected() : undefined));
    }
  };
  // A saved premium lesson is kept under the server's offline licence for its person (the plan's status).
  downloads.licenceFrom(
    async () => (await api.subscription.status(undefined, { fresh: true })).offlineLicence ?? null,
  );
  // Started without a session (a closed tab's, or a sign-out's): what a session kept here is for that
  // session's lifetime only, so it goes now (a session that arrives meanwhile keeps what it kept).
  // (A device whose stores were never opened has nothing to clear: a visitor's pages never download them.)
  if (!session.getState().token && storesMayHoldData())
    void afterFirstContent().then(() => (session.getState().token ? undefined : forgetOfflineData()));
  const unsubscribe = session.subscribe(onSession);
  onSession();
  let wasOffline = connection.getState().offline;
  const stopWatching = connection.subscribe(() => {
    const { offline } = connection.getState();
    if (wasOffline !== offline) void syncPerson();
    if (wasOffline && !offline) void connected();
    wasOffline = offline;
  });
  const stopRemembering = rememberedUser.subscribe(() => void syncPerson());
  // offline from the start (an app opened without a connection): the remembered user's downloads
  void syncPerson();
  return () => {
    unsubscribe();
    stopWatching();
    stopRemembering();
    downloads.licenceFrom(null);
  };
}
