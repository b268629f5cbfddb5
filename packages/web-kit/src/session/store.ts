import { ApiRequestError, TOKEN_STORAGE_KEY, api as defaultApi, type ApiClient } from '../api/client';
import { RETRY_DELAYS_MS, retryDelay } from '../api/retry';
import { ROLE_HINT_STORAGE_KEY } from './keys';

/** The signed-in user as the auth service reports it (spec section 3: name, email, role). */
export interface SessionUser {
  _id?: string;
  id?: string;
  name?: string;
  email: string;
  role: string;
  [key: string]: unknown;
}

/** Auth state of spec section 3. */
export interface SessionState {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  /**
   * The kept session could not be checked (a 5xx, a refused connection): it is kept, not ended, and the
   * check is retried on its own. Only a 401 ends a session.
   */
  unreachable?: boolean;
}

/** What the page says while a kept session cannot be checked. */
export const UNREACHABLE_MESSAGE = "We can't reach Catalyst right now";
/** Waits between automatic re-checks of a kept session: 2 s, doubling, at most 30 s. */
export const RECHECK_DELAYS_MS = RETRY_DELAYS_MS;

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

export interface AuthResult {
  success: boolean;
  message?: string;
  error?: ApiRequestError | Error;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Start-up: a kept token is checked with GET /auth/me; a 401 removes it, any other failure keeps it and retries. Runs once. */
  start(): Promise<void>;
  /** Checks a kept session again at once (the Retry of the "can't reach" notice). */
  recheck(): Promise<void>;
  login(input: LoginInput): Promise<AuthResult>;
  register(input: RegisterInput): Promise<AuthResult>;
  /** Signs this tab out; `{ revoke: false }` when the server already ended the session (sign out everywhere). */
  logout(options?: { revoke?: boolean }): Promise<void>;
  loadUser(user: SessionUser): void;
  clearError(): void;
}

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
};

function browserSessionStorage(): Storage {
  try {
    if (globalThis.sessionStorage) return globalThis.sessionStorage;
  } catch {
    // storage disabled (privacy mode): keep the token in memory only
  }
  return memoryStorage();
}

/** Accepts both `{ user, token }` and a bare user as the data of auth answers. */
function userOf(data: unknown): SessionUser | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const candidate = (record.user && typeof record.user === 'object' ? record.user : record) as Record<
    string,
    unknown
  >;
  return typeof candidate.email === 'string' ? (candidate as SessionUser) : null;
}

function tokenOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const token = (data as Record<string, unknown>).token;
  return typeof token === 'string' && token !== '' ? token : null;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

export function createSessionStore(deps: { api?: ApiClient; storage?: Storage } = {}): SessionStore {
  const client = deps.api ?? defaultApi;
  const storage = deps.storage ?? browserSessionStorage();
  const keptToken = storage.getItem(TOKEN_STORAGE_KEY);
  let state: SessionState = {
    user: null,
    token: keptToken,
    isAuthenticated: false,
    isLoading: keptToken !== null,
    error: null,
  };
  const listeners = new Set<() => void>();
  let started: Promise<void> | null = null;

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    // The role hint follows the session: kept while a kept token is being checked, gone with the token.
    if (state.user && state.token) storage.setItem(ROLE_HINT_STORAGE_KEY, state.user.role);
    else if (!state.token) storage.removeItem(ROLE_HINT_STORAGE_KEY);
    for (const listener of listeners) listener();
  };
  const loggedOut = (error: string | null = null): Partial<SessionState> => ({
    user: null,
    token: null,
    isAuthenticated: false,
    isLoading: false,
    error,
    unreachable: false,
  });

  let recheckTimer: ReturnType<typeof setTimeout> | undefined;
  let failedChecks = 0;

  /** GET /auth/me for the kept token: a 401 ends the session; anything else keeps it and tries again later. */
  async function check(token: string): Promise<void> {
    if (recheckTimer) clearTimeout(recheckTimer);
    recheckTimer = undefined;
    try {
      const user = userOf(await client.auth.me());
      if (!user) throw new ApiRequestError('No user in the answer', 401);
      // A login that finished meanwhile wins over the start-up check.
      if (storage.getItem(TOKEN_STORAGE_KEY) !== token) return;
      failedChecks = 0;
      set({ user, token, isAuthenticated: true, isLoading: false, error: null, unreachable: false });
    } catch (error) {
      if (storage.getItem(TOKEN_STORAGE_KEY) !== token) return;
      if (error instanceof ApiRequestError && error.status === 401) {
        storage.removeItem(TOKEN_STORAGE_KEY);
        set({ ...loggedOut(), unreachable: false });
        return;
      }
      set({ token, isLoading: false, unreachable: true });
      failedChecks += 1;
      const delay = retryDelay(failedChecks);
      recheckTimer = setTimeout(() => void check(token), delay);
    }
  }

  async function start() {
    started ??= (async () => {
      const token = storage.getItem(TOKEN_STORAGE_KEY);
      if (!token) {
        set(loggedOut());
        return;
      }
      set({ token, isLoading: true });
      await check(token);
    })();
    return started;
  }

  async function recheck() {
    const token = storage.getItem(TOKEN_STORAGE_KEY);
    if (token && state.unreachable) await check(token);
  }

  async function login(input: LoginInput): Promise<AuthResult> {
    set({ isLoading: true, error: null });
    try {
      const result = await client.auth.login.request({ body: input });
      const token = tokenOf(result.data);
      const user = userOf(result.data);
      if (!token || !user) throw new Error('Login failed. Please check your credentials.');
      storage.setItem(TOKEN_STORAGE_KEY, token);
      set({ user, token, isAuthenticated: true, isLoading: false, error: null, unreachable: false });
      return { success: true, message: result.message };
    } catch (error) {
      storage.removeItem(TOKEN_STORAGE_KEY);
      const message = messageOf(error, 'Login failed. Please check your credentials.');
      set(loggedOut(message));
      return { success: false, message, error: error instanceof Error ? error : undefined };
    }
  }

  /** Keeps a session answer (token and user); false when the answer has none. */
  function adopt(data: unknown): boolean {
    const token = tokenOf(data);
    const user = userOf(data);
    if (!token || !user) return false;
    storage.setItem(TOKEN_STORAGE_KEY, token);
    set({ user, token, isAuthenticated: true, isLoading: false, error: null, unreachable: false });
    return true;
  }

  /**
   * Registration answers the same whether or not the address already has an account (it never says),
   * so the new account is signed in with the same credentials right after. When that sign-in is
   * refused (the address had an account; its owner was e-mailed) only the loading stops.
   */
  async function register(input: RegisterInput): Promise<AuthResult> {
    set({ isLoading: true, error: null });
    try {
      const result = await client.auth.register.request({ body: input });
      if (!adopt(result.data)) {
        const signedIn = await client.auth.login
          .request({ body: { email: input.email, password: input.password } })
          .catch(() => undefined);
        if (!signedIn || !adopt(signedIn.data)) set({ isLoading: false });
      }
      return { success: true, message: result.message };
    } catch (error) {
      const message = messageOf(error, 'Registration failed. Please try again.');
      set({ isLoading: false, error: message });
      return { success: false, message, error: error instanceof Error ? error : undefined };
    }
  }

  async function logout({ revoke = true }: { revoke?: boolean } = {}) {
    if (recheckTimer) clearTimeout(recheckTimer);
    const hadToken = storage.getItem(TOKEN_STORAGE_KEY) !== null;
    // Revoke server-side while the token is still attached; the local state is cleared regardless.
    const revoked = revoke && hadToken ? client.auth.logout().catch(() => undefined) : Promise.resolve();
    storage.removeItem(TOKEN_STORAGE_KEY);
    set(loggedOut());
    await revoked;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    recheck,
    login,
    register,
    logout,
    loadUser(user) {
      set({ user, isAuthenticated: true, isLoading: false });
    },
    clearError() {
      set({ error: null });
    },
  };
}
