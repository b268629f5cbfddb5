import {
  ApiRequestError,
  TOKEN_STORAGE_KEY,
  api as defaultApi,
  tabStorage,
  type ApiClient,
} from '../api/client';
import { RETRY_DELAYS_MS, retryDelay } from '../api/retry';
import { REMEMBERED_SIGN_IN_PARAM } from '@catalyst/contracts/team-sso-terms';
import { REMEMBERED_STORAGE_KEY, ROLE_HINT_STORAGE_KEY, SESSION_CHANNEL } from './keys';

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
  /**
   * Keep this browser signed in across tabs and restarts (an HttpOnly cookie); false for "This is a
   * shared computer": the sign-in then lasts as long as the tab.
   */
  remember?: boolean;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  /** As LoginInput's: for the sign-in right after registering. */
  remember?: boolean;
}

export interface AuthResult {
  success: boolean;
  message?: string;
  error?: ApiRequestError | Error;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Start-up: a kept token is checked with GET /auth/me; a 401 removes it, any other failure keeps it and
   * retries. Without one (a new tab, a reopened browser) the remembered sign-in, if any, is asked for an
   * access token (POST /auth/refresh). Runs once.
   */
  start(): Promise<void>;
  /** Checks a kept session again at once (the Retry of the "can't reach" notice). */
  recheck(): Promise<void>;
  login(input: LoginInput): Promise<AuthResult>;
  register(input: RegisterInput): Promise<AuthResult>;
  /**
   * Signs this tab out, and with it the browser's remembered sign-in; every other tab of the same person
   * hears of it at once (BroadcastChannel). `{ revoke: false }` when the server already ended the session
   * (sign out everywhere).
   */
  logout(options?: { revoke?: boolean }): Promise<void>;
  loadUser(user: SessionUser): void;
  clearError(): void;
  /**
   * Before leaving for a team's identity provider: the sign-in comes back as the remembered sign-in's
   * cookie, so the page it returns to asks POST /auth/refresh (a failed sign-in just finds none).
   */
  expectRememberedSignIn(): void;
}

/** What a tab says to the others (BroadcastChannel SESSION_CHANNEL). */
export type SessionMessage =
  { type: 'signed-out'; userId: string | null } | { type: 'signed-in'; userId: string };

/** The few BroadcastChannel members the store uses (tests give their own). */
export interface SessionChannel {
  postMessage(message: SessionMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** Runs `task` while no other tab of this browser runs one under the same name (Web Locks), or at once without them. */
export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

/** The page's channel to its other tabs (the page's one store opens it; none where there is no BroadcastChannel). */
export function browserChannel(): SessionChannel | undefined {
  try {
    if (typeof BroadcastChannel !== 'function') return undefined;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    // (Node's, under test, must not keep the process alive.)
    (channel as unknown as { unref?: () => void }).unref?.();
    return channel as unknown as SessionChannel;
  } catch {
    return undefined;
  }
}

/**
 * Two tabs opened together must not present the same refresh token (the second would look like a stolen
 * copy and end the sign-in): their refreshes take turns, and each finds the cookie the previous one set.
 */
const browserExclusive: Exclusive = async (task) => {
  const locks = (
    globalThis.navigator as { locks?: { request: (name: string, task: () => unknown) => Promise<unknown> } }
  )?.locks;
  if (!locks) return task();
  let ran = false;
  try {
    return (await locks.request('catalyst-session-refresh', () => {
      ran = true;
      return task();
    })) as Awaited<ReturnType<typeof task>>;
  } catch (error) {
    // A frame of another site whose browser blocks its storage (an LMS's) is denied locks too: no other tab shares it.
    if (!ran) return task();
    throw error;
  }
};

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

function browserLocalStorage(): Storage {
  try {
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch {
    // storage disabled: nothing remembered across tabs
  }
  return memoryStorage();
}

function browserSessionStorage(): Storage {
  return tabStorage();
}

/**
 * A page a sign-in from outside redirected to (an LTI launch) says so in its address: the cookie it set is this
 * browser's remembered sign-in, which the store then asks for a token; the parameter leaves the address.
 */
function takeRememberedSignInHint(shared: Storage) {
  if (typeof location === 'undefined' || typeof history === 'undefined') return;
  const url = new URL(location.href);
  if (!url.searchParams.has(REMEMBERED_SIGN_IN_PARAM)) return;
  shared.setItem(REMEMBERED_STORAGE_KEY, '1');
  url.searchParams.delete(REMEMBERED_SIGN_IN_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
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

const userIdOf = (user: SessionUser | null): string | null =>
  user ? String(user._id ?? user.id ?? user.email) : null;

export function createSessionStore(
  deps: {
    api?: ApiClient;
    /** The tab's own storage (sessionStorage): its access token. */
    storage?: Storage;
    /** The browser's storage shared by tabs (localStorage): whether a remembered sign-in exists. */
    shared?: Storage;
    /** Where sign-ins and sign-outs are told to and heard from the other tabs (the page's store: browserChannel()). */
    channel?: SessionChannel;
    exclusive?: Exclusive;
  } = {},
): SessionStore {
  const client = deps.api ?? defaultApi;
  const storage = deps.storage ?? browserSessionStorage();
  const shared = deps.shared ?? browserLocalStorage();
  const channel = deps.channel;
  const exclusive = deps.exclusive ?? browserExclusive;
  if (!deps.shared) takeRememberedSignInHint(shared);
  const keptToken = storage.getItem(TOKEN_STORAGE_KEY);
  const remembered = () => shared.getItem(REMEMBERED_STORAGE_KEY) !== null;
  let state: SessionState = {
    user: null,
    token: keptToken,
    isAuthenticated: false,
    isLoading: keptToken !== null || remembered(),
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
        // The tab's token has ended (its 12 hours, or revoked): the remembered sign-in may give another.
        if (remembered()) return void (await restore());
        set({ ...loggedOut(), unreachable: false });
        return;
      }
      set({ token, isLoading: false, unreachable: true });
      failedChecks += 1;
      const delay = retryDelay(failedChecks);
      recheckTimer = setTimeout(() => void check(token), delay);
    }
  }

  /**
   * A new access token from the remembered sign-in (POST /auth/refresh, its cookie rotated), one tab at a
   * time. Refused (401: expired, revoked or reused; 403), the browser remembers nothing any more; not
   * reached, the tab is signed out for now and a later start tries again.
   */
  let restoring: Promise<void> | null = null;
  function restore(): Promise<void> {
    restoring ??= (async () => {
      set({ isLoading: true });
      try {
        const result = await exclusive(() => client.auth.refresh.request());
        // A sign-in in this tab meanwhile wins.
        if (storage.getItem(TOKEN_STORAGE_KEY) !== null) return;
        if (!adopt(result.data)) set(loggedOut());
      } catch (error) {
        if (storage.getItem(TOKEN_STORAGE_KEY) !== null) return;
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
          shared.removeItem(REMEMBERED_STORAGE_KEY);
        set(loggedOut());
      }
    })().finally(() => {
      restoring = null;
    });
    return restoring;
  }

  async function start() {
    started ??= (async () => {
      const token = storage.getItem(TOKEN_STORAGE_KEY);
      if (!token) {
        if (remembered()) await restore();
        else set(loggedOut());
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
      signedIn(user, input.remember === true);
      return { success: true, message: result.message };
    } catch (error) {
      storage.removeItem(TOKEN_STORAGE_KEY);
      const message = messageOf(error, 'Login failed. Please check your credentials.');
      set(loggedOut(message));
      return { success: false, message, error: error instanceof Error ? error : undefined };
    }
  }

  /** After a sign-in in this tab: whether the browser now remembers it, told to the other tabs. */
  function signedIn(user: SessionUser, remember: boolean) {
    if (remember) shared.setItem(REMEMBERED_STORAGE_KEY, '1');
    else shared.removeItem(REMEMBERED_STORAGE_KEY);
    const userId = userIdOf(user);
    if (remember && userId) channel?.postMessage({ type: 'signed-in', userId });
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
      const { remember, ...account } = input;
      const result = await client.auth.register.request({ body: account });
      if (!adopt(result.data)) {
        const answer = await client.auth.login
          .request({
            body: {
              email: input.email,
              password: input.password,
              ...(remember === undefined ? {} : { remember }),
            },
          })
          .catch(() => undefined);
        if (!answer || !adopt(answer.data)) set({ isLoading: false });
        else if (state.user) signedIn(state.user, remember === true);
      }
      return { success: true, message: result.message };
    } catch (error) {
      const message = messageOf(error, 'Registration failed. Please try again.');
      set({ isLoading: false, error: message });
      return { success: false, message, error: error instanceof Error ? error : undefined };
    }
  }

  async function logout({ revoke = true, announce = true }: { revoke?: boolean; announce?: boolean } = {}) {
    if (recheckTimer) clearTimeout(recheckTimer);
    const hadToken = storage.getItem(TOKEN_STORAGE_KEY) !== null;
    const userId = userIdOf(state.user);
    // Revoke server-side while the token is still attached (the remembered sign-in's cookie goes with
    // it); the local state is cleared regardless.
    const revoked =
      revoke && (hadToken || remembered()) ? client.auth.logout().catch(() => undefined) : Promise.resolve();
    storage.removeItem(TOKEN_STORAGE_KEY);
    shared.removeItem(REMEMBERED_STORAGE_KEY);
    set(loggedOut());
    await revoked;
    // Every other tab of this person signs out at once.
    if (announce) channel?.postMessage({ type: 'signed-out', userId });
  }

  if (channel) {
    channel.onmessage = ({ data }) => {
      const message = data as SessionMessage | null;
      if (message?.type === 'signed-out') {
        const mine = userIdOf(state.user);
        // A tab signed in as someone else (tests, tools) stays.
        if (!state.token || (mine !== null && message.userId !== null && mine !== message.userId)) return;
        void logout({ revoke: true, announce: false });
      } else if (message?.type === 'signed-in') {
        // A visitor tab takes the sign-in just remembered by another tab.
        if (!state.token && !state.isAuthenticated && remembered()) void restore();
      }
    };
  }

  // A call refused for its token mid-session (the 12 hours ended, or it was revoked) gets a new one from the
  // remembered sign-in, as a start-up would, and is sent again; without one the tab is signed out.
  // Calls refused together wait for one renewal; one refused after it takes its token.
  let renewing: Promise<string | null> | null = null;
  client.setTokenRenewer((refused) => {
    if (storage.getItem(TOKEN_STORAGE_KEY) === refused)
      renewing ??= (async () => {
        storage.removeItem(TOKEN_STORAGE_KEY);
        if (remembered()) await restore();
        else set({ ...loggedOut(), unreachable: false });
        return storage.getItem(TOKEN_STORAGE_KEY);
      })().finally(() => {
        renewing = null;
      });
    return renewing ?? Promise.resolve(storage.getItem(TOKEN_STORAGE_KEY));
  });

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
    expectRememberedSignIn() {
      shared.setItem(REMEMBERED_STORAGE_KEY, '1');
    },
  };
}
