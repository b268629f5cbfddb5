import { useEffect, useSyncExternalStore } from 'react';
import type { SessionUser } from '../session/store';
import { loadStores } from './lazy';

/**
 * The last person signed in on this device, as far as offline use needs them: who they are (their name,
 * for the page) and whose downloads are theirs. Kept in IndexedDB (rememberedUserStore.ts) from the moment
 * a signed-in user's profile is known (a sign-in the browser keeps, not a shared computer's) until they
 * sign out, so an app reopened without a connection (when the session cannot be renewed) still opens
 * their downloads. Never a credential: the server is asked
 * nothing on its word.
 */
export interface RememberedUser {
  /** What their downloads are filed under (personIdOf). */
  id: string;
  name?: string;
  email: string;
  role: string;
}

export interface RememberedUserState {
  /** IndexedDB has been read (until then `user` is null for want of reading). */
  loaded: boolean;
  user: RememberedUser | null;
}

/** The id a signed-in user's offline things (downloads) are filed under. */
export const personIdOf = (user: Pick<SessionUser, '_id' | 'id' | 'email'>): string =>
  String(user._id ?? user.id ?? user.email);

/** What is kept of a session's user: the few fields offline pages show, never the rest of the profile. */
export const rememberedOf = (user: SessionUser): RememberedUser => ({
  id: personIdOf(user),
  ...(user.name ? { name: user.name } : {}),
  email: user.email,
  role: user.role,
});

let state: RememberedUserState = { loaded: false, user: null };
const listeners = new Set<() => void>();
function publish(next: RememberedUserState) {
  if (next.loaded === state.loaded && JSON.stringify(next.user) === JSON.stringify(state.user)) return;
  state = next;
  for (const listener of listeners) listener();
}

let reading: Promise<void> | null = null;
/** Bumped by every write: a read that started before one does not overwrite what it wrote. */
let writes = 0;

export const rememberedUser = {
  getState: (): RememberedUserState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Reads the record once (the offline stores' chunk is loaded for it: only asked for when needed). */
  load(): Promise<void> {
    reading ??= (async () => {
      const started = writes;
      const user = await loadStores()
        .then((stores) => stores.rememberedUserStore.read())
        .catch(() => null);
      if (started === writes) publish({ loaded: true, user });
    })();
    return reading;
  },
  /** A signed-in user's profile is known: kept (rewritten only when it changed). */
  async remember(user: SessionUser): Promise<void> {
    const next = rememberedOf(user);
    if (state.loaded && JSON.stringify(state.user) === JSON.stringify(next)) return;
    writes += 1;
    publish({ loaded: true, user: next });
    await loadStores()
      .then((stores) => stores.rememberedUserStore.write(next))
      .catch(() => undefined);
  },
  /** Signed out: nobody is remembered any more. */
  async forget(): Promise<void> {
    if (state.loaded && state.user === null) return;
    writes += 1;
    publish({ loaded: true, user: null });
    await loadStores()
      .then((stores) => stores.rememberedUserStore.clear())
      .catch(() => undefined);
  },
};

/** What a component that does not want the record sees (its snapshot never changes). */
const UNWANTED: RememberedUserState = { loaded: false, user: null };
const unwanted = () => UNWANTED;

/**
 * The remembered user, read from IndexedDB once `wanted` (re-rendering when it changes). Not wanted (online,
 * or signed in: every header and guard), the record's changes re-render nothing: a signed-in page keeps its
 * user once its first content shows, and that would commit the header and the page's guards again for nothing.
 */
export function useRememberedUser(wanted: boolean): RememberedUserState {
  const snapshot = wanted ? rememberedUser.getState : unwanted;
  const current = useSyncExternalStore(rememberedUser.subscribe, snapshot, snapshot);
  useEffect(() => {
    if (wanted && !current.loaded) void rememberedUser.load();
  }, [wanted, current.loaded]);
  return current;
}
