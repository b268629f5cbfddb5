import { api as defaultApi, type ApiClient } from '../api/client';
import type { SessionState, SessionStore } from '../session/store';

/** Subscription state of spec section 4 ('free' unless the server or the admin role says otherwise). */
export interface SubscriptionState {
  hasSubscription: boolean;
  plan: string | null;
  status: string;
  currentPeriodEnd: string | null;
  isLoading: boolean;
}

export interface SubscriptionStore {
  getState(): SubscriptionState;
  subscribe(listener: () => void): () => void;
  /** Re-reads GET /subscription/status (e.g. after returning from payment). */
  refresh(): Promise<void>;
}

const FREE: Omit<SubscriptionState, 'isLoading'> = { hasSubscription: false, plan: null, status: 'free', currentPeriodEnd: null };
const ADMIN: Omit<SubscriptionState, 'isLoading'> = { hasSubscription: true, plan: 'admin', status: 'active', currentPeriodEnd: null };

interface StatusAnswer {
  hasSubscription?: boolean;
  plan?: string | null;
  status?: string | null;
  currentPeriodEnd?: string | null;
}

const userKey = (s: SessionState) => (s.user ? `${s.user._id ?? s.user.id ?? s.user.email}:${s.user.role}` : null);

/** Follows the session: refreshed whenever the signed-in user changes. */
export function createSubscriptionStore(session: SessionStore, deps: { api?: ApiClient } = {}): SubscriptionStore {
  const client = deps.api ?? defaultApi;
  const initial = session.getState();
  let state: SubscriptionState = { ...FREE, isLoading: initial.isLoading || initial.user !== null };
  const listeners = new Set<() => void>();
  let generation = 0;

  const set = (next: SubscriptionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function refresh() {
    const current = session.getState();
    const mine = ++generation;
    if (current.isLoading && !current.user) {
      set({ ...state, isLoading: true });
      return;
    }
    if (!current.user) {
      set({ ...FREE, isLoading: false });
      return;
    }
    if (current.user.role === 'admin') {
      set({ ...ADMIN, isLoading: false });
      return;
    }
    set({ ...state, isLoading: true });
    try {
      const answer = (await client.get<StatusAnswer>('/subscription/status')) ?? {};
      if (mine !== generation) return;
      set({
        hasSubscription: answer.hasSubscription === true,
        plan: answer.plan ?? null,
        status: answer.status ?? 'free',
        currentPeriodEnd: answer.currentPeriodEnd ?? null,
        isLoading: false,
      });
    } catch {
      if (mine !== generation) return;
      // A failed check leaves only admins subscribed (admins never reach here).
      set({ ...FREE, isLoading: false });
    }
  }

  // 'loading' / 'anonymous' / one key per user: any change of it re-checks the status.
  const keyOf = (s: SessionState) => userKey(s) ?? (s.isLoading ? 'loading' : 'anonymous');
  let lastKey = keyOf(initial);
  session.subscribe(() => {
    const key = keyOf(session.getState());
    if (key === lastKey) return;
    lastKey = key;
    void refresh();
  });
  if (initial.user) void refresh();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
  };
}
