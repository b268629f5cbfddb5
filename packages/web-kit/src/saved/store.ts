import { api as defaultApi, type ApiClient } from '../api/client';
import type { SessionState, SessionStore } from '../session/store';

/** What the bookmark on each card reads: the signed-in member's saved products. */
export interface SavedState {
  /** Ids of the products saved; empty for a visitor or until `known`. */
  ids: ReadonlySet<string>;
  /** The member's list has been read (a visitor's empty list is known at once). */
  known: boolean;
  /** A member is signed in (a visitor's bookmark asks them to sign in). */
  signedIn: boolean;
}

export interface SavedStore {
  getState(): SavedState;
  /** The first listener of a signed-in member reads their saved ids (once per person). */
  subscribe(listener: () => void): () => void;
  /** Saves or removes the product, shown at once; undone (and thrown) when the server refuses. */
  setSaved(productId: string, saved: boolean): Promise<void>;
}

const VISITOR: SavedState = { ids: new Set(), known: true, signedIn: false };
const UNKNOWN: SavedState = { ids: new Set(), known: false, signedIn: true };

const personOf = (s: SessionState) => (s.user ? String(s.user._id ?? s.user.id ?? s.user.email) : null);

/**
 * Follows the session: a change of person forgets the last person's ids at once (a sign-out never shows
 * them to the next), and the next listener reads the new person's.
 */
export function createSavedStore(session: SessionStore, deps: { api?: ApiClient } = {}): SavedStore {
  const client = deps.api ?? defaultApi;
  const listeners = new Set<() => void>();
  let person = personOf(session.getState());
  let state: SavedState = person ? UNKNOWN : VISITOR;
  // Only answers asked for the current person (and the newest write) may land.
  let generation = 0;
  let loading = false;
  // Saves and removals made before the list was known: its answer may have been read before they were written,
  // so they are laid over it (else a click made while the list loads flips back when it lands).
  const unknownWrites = new Map<string, boolean>();

  const set = (next: SavedState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function load() {
    if (!person || state.known || loading) return;
    loading = true;
    const mine = generation;
    try {
      const { productIds } = await client.saved.ids();
      if (mine !== generation) return;
      const ids = new Set(productIds);
      for (const [productId, saved] of unknownWrites)
        if (saved) ids.add(productId);
        else ids.delete(productId);
      unknownWrites.clear();
      set({ ids, known: true, signedIn: true });
    } catch {
      // unknown stays unknown: the bookmarks show unsaved, and the next listener asks again
    } finally {
      if (mine === generation) loading = false;
    }
  }

  session.subscribe(() => {
    const next = personOf(session.getState());
    if (next === person) return;
    person = next;
    generation++;
    loading = false;
    unknownWrites.clear();
    set(person ? UNKNOWN : VISITOR);
    if (listeners.size > 0) void load();
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      void load();
      return () => listeners.delete(listener);
    },
    async setSaved(productId, saved) {
      const mine = generation;
      const apply = (on: boolean) => {
        const ids = new Set(state.ids);
        if (on) ids.add(productId);
        else ids.delete(productId);
        if (!state.known) unknownWrites.set(productId, on);
        set({ ...state, ids });
      };
      apply(saved);
      try {
        const params = { productId };
        await (saved ? client.saved.save({ params }) : client.saved.remove({ params }));
      } catch (error) {
        if (mine === generation) {
          apply(!saved);
          // refused: the list's own answer says what is saved
          unknownWrites.delete(productId);
        }
        throw error;
      }
    },
  };
}
