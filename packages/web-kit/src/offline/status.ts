import { useSyncExternalStore } from 'react';

/**
 * Whether the app is offline: the browser says so (navigator.onLine false) or the last call to the
 * server failed to reach it. A call that reaches the server again ends it.
 */
export interface ConnectionState {
  offline: boolean;
  /** Some of what the page shows is the last answer kept on this device, not a fresh one. */
  showingKept: boolean;
}

let state: ConnectionState = {
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  showingKept: false,
};
const listeners = new Set<() => void>();

function set(next: ConnectionState) {
  if (next.offline === state.offline && next.showingKept === state.showingKept) return;
  state = next;
  for (const listener of listeners) listener();
}

export const connection = {
  getState: (): ConnectionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A call did not reach the server. */
  unreachable(): void {
    set({ ...state, offline: true });
  },
  /** A kept answer was shown in place of a fresh one. */
  servedKept(): void {
    set({ offline: true, showingKept: true });
  },
  /** A call reached the server. */
  reached(): void {
    set({ offline: false, showingKept: false });
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => connection.unreachable());
  window.addEventListener('online', () => set({ ...state, offline: false }));
}

/** The connection state, re-rendering when it changes. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(connection.subscribe, connection.getState, connection.getState);
}
