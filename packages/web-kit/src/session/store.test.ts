import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, type ApiClient } from '../api/client';
import { RECHECK_DELAYS_MS, createSessionStore, type SessionChannel } from './store';
import { avatarLetter, firstName, hasAnyRole, hasRole } from './index';

const user = { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' };

/** An API whose answers are decided per "METHOD path". */
function fakeApi(routes: Record<string, (body: unknown) => unknown>): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method} ${String(url).replace('/api/v1', '')}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler)
      return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
    try {
      return new Response(
        JSON.stringify({
          success: true,
          data: handler(init?.body ? JSON.parse(String(init.body)) : undefined),
        }),
        { status: 200 },
      );
    } catch (error) {
      const e = error as ApiRequestError;
      return new Response(JSON.stringify({ success: false, message: e.message }), {
        status: e.status ?? 400,
      });
    }
  });
  return Object.assign(createApiClient({ fetch }), { calls });
}

describe('session store', () => {
  it('starts logged out and not loading without a kept token', async () => {
    const store = createSessionStore({ api: fakeApi({}) });
    expect(store.getState().isLoading).toBe(false);
    await store.start();
    expect(store.getState()).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
    });
  });

  it('restores the user from a kept token at start-up', async () => {
    sessionStorage.setItem('token', 'kept');
    const api = fakeApi({ 'GET /auth/me': () => ({ user }) });
    const store = createSessionStore({ api });
    expect(store.getState().isLoading).toBe(true);
    await store.start();
    expect(store.getState()).toMatchObject({ user, token: 'kept', isAuthenticated: true, isLoading: false });
  });

  it('removes a kept token the server no longer accepts (401)', async () => {
    sessionStorage.setItem('token', 'stale');
    const store = createSessionStore({
      api: fakeApi({
        'GET /auth/me': () => {
          throw new ApiRequestError('Authentication required', 401);
        },
      }),
    });
    await store.start();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(store.getState()).toMatchObject({ user: null, isAuthenticated: false, isLoading: false });
  });

  it('stores user and token on login and notifies subscribers', async () => {
    const api = fakeApi({ 'POST /auth/login': () => ({ token: 'new-token', user }) });
    const store = createSessionStore({ api });
    const listener = vi.fn();
    store.subscribe(listener);
    const result = await store.login({ email: 'ada@example.com', password: 'Secret-1' });
    expect(result.success).toBe(true);
    expect(sessionStorage.getItem('token')).toBe('new-token');
    expect(store.getState()).toMatchObject({
      user,
      token: 'new-token',
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
    expect(listener).toHaveBeenCalled();
  });

  it('clears the user and keeps the message when login fails', async () => {
    const api = fakeApi({
      'POST /auth/login': () => {
        throw new ApiRequestError('Invalid email or password', 401);
      },
    });
    const store = createSessionStore({ api });
    const result = await store.login({ email: 'ada@example.com', password: 'wrong' });
    expect(result).toMatchObject({ success: false, message: 'Invalid email or password' });
    expect(store.getState()).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
      error: 'Invalid email or password',
    });
    store.clearError();
    expect(store.getState().error).toBeNull();
  });

  it('logs in directly after registering only when a token comes back', async () => {
    const withToken = createSessionStore({
      api: fakeApi({ 'POST /auth/register': () => ({ token: 't', user }) }),
    });
    await withToken.register({ name: 'Ada', email: 'ada@example.com', password: 'Secret-1' });
    expect(withToken.getState().isAuthenticated).toBe(true);

    sessionStorage.clear();
    const withoutToken = createSessionStore({ api: fakeApi({ 'POST /auth/register': () => ({ user }) }) });
    const result = await withoutToken.register({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Secret-1',
    });
    expect(result.success).toBe(true);
    expect(withoutToken.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('ends a kept session only on a 401; any other failure keeps it, says so, and checks again on its own', async () => {
    vi.useFakeTimers();
    try {
      sessionStorage.setItem('token', 'kept');
      let answer: () => unknown = () => {
        throw new ApiRequestError('Service unavailable', 503);
      };
      const api = fakeApi({ 'GET /auth/me': () => answer() });
      const store = createSessionStore({ api });
      await store.start();
      expect(store.getState()).toMatchObject({
        token: 'kept',
        isAuthenticated: false,
        isLoading: false,
        unreachable: true,
      });
      expect(sessionStorage.getItem('token')).toBe('kept');
      answer = () => ({ user });
      await vi.advanceTimersByTimeAsync(RECHECK_DELAYS_MS[0]!);
      expect(store.getState()).toMatchObject({ token: 'kept', isAuthenticated: true, unreachable: false });

      sessionStorage.setItem('token', 'revoked');
      const refused = createSessionStore({
        api: fakeApi({
          'GET /auth/me': () => {
            throw new ApiRequestError('Authentication required', 401);
          },
        }),
      });
      await refused.start();
      expect(refused.getState()).toMatchObject({ token: null, isAuthenticated: false, unreachable: false });
      expect(sessionStorage.getItem('token')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs a new account in with the same credentials when registration answers without a token', async () => {
    const api = fakeApi({
      'POST /auth/register': () => ({ email: 'ada@example.com' }),
      'POST /auth/login': () => ({ token: 'fresh', user }),
    });
    const store = createSessionStore({ api });
    const result = await store.register({ name: 'Ada', email: 'ada@example.com', password: 'Secret-1' });
    expect(result.success).toBe(true);
    expect(api.calls).toEqual(['POST /auth/register', 'POST /auth/login']);
    expect(store.getState()).toMatchObject({ isAuthenticated: true, token: 'fresh', error: null });
    expect(sessionStorage.getItem('token')).toBe('fresh');
  });

  it('clears everything on logout and revokes the session server-side', async () => {
    const api = fakeApi({
      'POST /auth/login': () => ({ token: 'tok', user }),
      'POST /auth/logout': () => null,
    });
    const store = createSessionStore({ api });
    await store.login({ email: 'ada@example.com', password: 'Secret-1' });
    await store.logout();
    expect(api.calls).toContain('POST /auth/logout');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(store.getState()).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
    });
  });

  it('keeps the role as a hint beside the token, through a restart, and drops it with the token', async () => {
    const api = fakeApi({
      'POST /auth/login': () => ({ token: 'tok', user: { ...user, role: 'admin' } }),
      'POST /auth/logout': () => null,
    });
    const store = createSessionStore({ api });
    await store.login({ email: 'ada@example.com', password: 'Secret-1' });
    expect(sessionStorage.getItem('role')).toBe('admin');
    // A restart keeps the hint while the kept token is being checked.
    createSessionStore({ api });
    expect(sessionStorage.getItem('role')).toBe('admin');
    await store.logout();
    expect(sessionStorage.getItem('role')).toBeNull();
  });

  it('sets a loaded user as authenticated', () => {
    const store = createSessionStore({ api: fakeApi({}) });
    store.loadUser(user);
    expect(store.getState()).toMatchObject({ user, isAuthenticated: true });
  });
});

/** Two tabs' ends of one BroadcastChannel: what one posts, the other hears (never itself). */
function channelPair(): [SessionChannel, SessionChannel] {
  const make = (): SessionChannel & { peer?: SessionChannel } => ({
    onmessage: null,
    postMessage(message) {
      queueMicrotask(() => this.peer?.onmessage?.({ data: message }));
    },
  });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

describe('a sign-in that lasts across tabs', () => {
  const restored = { user, token: 'from-cookie', expiresAt: '2030-01-01T00:00:00.000Z' };

  it('a new tab of a browser that remembers a sign-in gets its own token from POST /auth/refresh, with the app header', async () => {
    localStorage.setItem('catalyst-remembered', '1');
    const headers: Record<string, string>[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      headers.push(init?.headers as Record<string, string>);
      return new Response(JSON.stringify({ success: true, data: restored }), { status: 200 });
    });
    const store = createSessionStore({ api: createApiClient({ fetch }) });
    expect(store.getState().isLoading).toBe(true);
    await store.start();
    expect(store.getState()).toMatchObject({
      user,
      token: 'from-cookie',
      isAuthenticated: true,
      isLoading: false,
    });
    expect(sessionStorage.getItem('token')).toBe('from-cookie');
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/v1/auth/refresh',
    ]);
    expect(headers[0]!['X-Requested-With']).toBe('catalyst');
  });

  it("a sign-in through a team's identity provider is restored from its cookie on the page it returns to", async () => {
    localStorage.clear();
    createSessionStore({ api: fakeApi({}) }).expectRememberedSignIn();
    // The provider sends the browser back: a new page load, a new store.
    const api = fakeApi({ 'POST /auth/refresh': () => restored });
    const store = createSessionStore({ api });
    await store.start();
    expect(store.getState()).toMatchObject({ user, token: 'from-cookie', isAuthenticated: true });
    expect(api.calls).toEqual(['POST /auth/refresh']);
  });

  it('a page an LTI launch redirected to restores the sign-in its cookie holds, and drops the hint', async () => {
    localStorage.clear();
    // A framed page of another site's LMS: its storage knows nothing; the launch's address says so.
    history.replaceState(null, '', '/browse/premium/product/p1?remembered=1');
    const api = fakeApi({ 'POST /auth/refresh': () => restored });
    const store = createSessionStore({ api });
    await store.start();
    expect(store.getState()).toMatchObject({ user, token: 'from-cookie', isAuthenticated: true });
    expect(`${location.pathname}${location.search}`).toBe('/browse/premium/product/p1');
    history.replaceState(null, '', '/');
  });

  it('restores the sign-in in a frame whose browser denies it locks (an LMS of another site)', async () => {
    localStorage.setItem('catalyst-remembered', '1');
    const denied = vi.fn(() => Promise.reject(new DOMException('Access denied', 'SecurityError')));
    vi.stubGlobal('navigator', { ...navigator, locks: { request: denied } });
    try {
      const api = fakeApi({ 'POST /auth/refresh': () => restored });
      const store = createSessionStore({ api });
      await store.start();
      expect(denied).toHaveBeenCalled();
      expect(store.getState()).toMatchObject({ token: 'from-cookie', isAuthenticated: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a token kept in sessionStorage before start is used as the tab’s token, without asking the cookie', async () => {
    localStorage.setItem('catalyst-remembered', '1');
    sessionStorage.setItem('token', 'kept');
    const api = fakeApi({ 'GET /auth/me': () => ({ user }), 'POST /auth/refresh': () => restored });
    const store = createSessionStore({ api });
    await store.start();
    expect(store.getState()).toMatchObject({ token: 'kept', isAuthenticated: true });
    expect(api.calls).toEqual(['GET /auth/me']);
  });

  it('asks nothing when the browser remembers no sign-in, and forgets one the server refuses', async () => {
    const visitor = fakeApi({});
    await createSessionStore({ api: visitor }).start();
    expect(visitor.calls).toEqual([]);

    localStorage.setItem('catalyst-remembered', '1');
    const refused = fakeApi({
      'POST /auth/refresh': () => {
        throw new ApiRequestError('This browser has no sign-in to restore', 401);
      },
    });
    const store = createSessionStore({ api: refused });
    await store.start();
    expect(store.getState()).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
    });
    expect(localStorage.getItem('catalyst-remembered')).toBeNull();
  });

  it('a tab token that has ended is replaced from the remembered sign-in', async () => {
    localStorage.setItem('catalyst-remembered', '1');
    sessionStorage.setItem('token', 'ended');
    const api = fakeApi({
      'GET /auth/me': () => {
        throw new ApiRequestError('Authentication required', 401);
      },
      'POST /auth/refresh': () => restored,
    });
    const store = createSessionStore({ api });
    await store.start();
    expect(store.getState()).toMatchObject({ token: 'from-cookie', isAuthenticated: true });
    expect(api.calls).toEqual(['GET /auth/me', 'POST /auth/refresh']);
  });

  /** An API where GET /content/saved opens only for the token 'from-cookie'; every call is recorded. */
  function midSession(refresh: () => Response) {
    const calls: string[] = [];
    const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const token = (init?.headers as Record<string, string>).Authorization ?? '';
      const key = `${init?.method} ${String(url).replace('/api/v1', '')}`;
      calls.push(`${key} ${token}`.trim());
      if (key === 'POST /auth/refresh') return refresh();
      if (key === 'GET /auth/me')
        return new Response(JSON.stringify({ success: true, data: { user } }), { status: 200 });
      if (token === 'Bearer from-cookie')
        return new Response(JSON.stringify({ success: true, data: ['saved'] }), { status: 200 });
      return new Response(JSON.stringify({ success: false, message: 'Authentication required' }), {
        status: 401,
      });
    });
    return { api: createApiClient({ fetch }), calls };
  }

  it('a call refused mid-session for an ended token is sent again with one from the remembered sign-in', async () => {
    localStorage.setItem('catalyst-remembered', '1');
    sessionStorage.setItem('token', 'ended');
    const { api, calls } = midSession(
      () => new Response(JSON.stringify({ success: true, data: restored }), { status: 200 }),
    );
    const store = createSessionStore({ api });
    const [first, second] = await Promise.all([api.get('/content/saved'), api.get('/content/saved')]);
    expect([first, second]).toEqual([['saved'], ['saved']]);
    expect(store.getState()).toMatchObject({ token: 'from-cookie', isAuthenticated: true });
    // Both refused calls waited for one renewal.
    expect(calls.filter((call) => call.startsWith('POST /auth/refresh'))).toHaveLength(1);
    expect(calls.filter((call) => call === 'GET /content/saved Bearer from-cookie')).toHaveLength(2);
  });

  it('without a remembered sign-in, a refused call signs the tab out and answers its 401', async () => {
    sessionStorage.setItem('token', 'ended');
    const { api, calls } = midSession(() => new Response('{}', { status: 500 }));
    const store = createSessionStore({ api });
    await expect(api.get('/content/saved')).rejects.toMatchObject({ status: 401 });
    expect(store.getState()).toMatchObject({ token: null, isAuthenticated: false });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(calls).toEqual(['GET /content/saved Bearer ended']);
  });

  it('signing in remembers the browser unless it is a shared computer, and sends remember to the server', async () => {
    const bodies: unknown[] = [];
    const api = fakeApi({
      'POST /auth/login': (body) => {
        bodies.push(body);
        return { user, token: 't' };
      },
    });
    const store = createSessionStore({ api });
    await store.login({ email: user.email, password: 'x', remember: true });
    expect(localStorage.getItem('catalyst-remembered')).toBe('1');
    await store.login({ email: user.email, password: 'x', remember: false });
    expect(localStorage.getItem('catalyst-remembered')).toBeNull();
    expect(bodies).toEqual([
      { email: user.email, password: 'x', remember: true },
      { email: user.email, password: 'x', remember: false },
    ]);
  });

  it('signing out in one tab signs the other tab out at once, and a remembered sign-in in one reaches a visitor tab', async () => {
    const [first, second] = channelPair();
    const api = fakeApi({
      'POST /auth/login': () => ({ user, token: 'tab-a' }),
      'POST /auth/refresh': () => restored,
      'POST /auth/logout': () => null,
    });
    const tabA = createSessionStore({ api, channel: first, storage: memory() });
    const tabB = createSessionStore({ api, channel: second, storage: memory() });
    await tabB.start();
    expect(tabB.getState().isAuthenticated).toBe(false);

    await tabA.login({ email: user.email, password: 'x', remember: true });
    await vi.waitFor(() =>
      expect(tabB.getState()).toMatchObject({ isAuthenticated: true, token: 'from-cookie' }),
    );

    await tabA.logout();
    await vi.waitFor(() =>
      expect(tabB.getState()).toMatchObject({ user: null, token: null, isAuthenticated: false }),
    );
    expect(localStorage.getItem('catalyst-remembered')).toBeNull();
  });

  it('a tab signed in as someone else stays signed in when another person signs out', async () => {
    const [first, second] = channelPair();
    const api = fakeApi({ 'POST /auth/logout': () => null, 'GET /auth/me': () => ({ user }) });
    const tabA = createSessionStore({ api, channel: first, storage: memory() });
    const otherStorage = memory();
    otherStorage.setItem('token', 'other');
    const tabB = createSessionStore({ api, channel: second, storage: otherStorage });
    await tabB.start();
    tabA.loadUser({ ...user, _id: 'someone-else' });
    await tabA.logout();
    await Promise.resolve();
    await Promise.resolve();
    expect(tabB.getState()).toMatchObject({ token: 'other', isAuthenticated: true });
  });
});

/** A tab's own sessionStorage. */
function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('role and name helpers', () => {
  it('checks one role or any of several', () => {
    expect(hasRole({ ...user, role: 'admin' }, 'admin')).toBe(true);
    expect(hasRole(user, 'admin')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
    expect(hasAnyRole(user, ['admin', 'user'])).toBe(true);
    expect(hasAnyRole(user, ['admin'])).toBe(false);
  });

  it("greets with the first word of the name ('User' if absent) and an upper-cased initial ('U')", () => {
    expect(firstName(user)).toBe('Ada');
    expect(firstName({ email: 'x@y.z', role: 'user' })).toBe('User');
    expect(avatarLetter({ ...user, name: 'ada' })).toBe('A');
    expect(avatarLetter(null)).toBe('U');
  });
});
