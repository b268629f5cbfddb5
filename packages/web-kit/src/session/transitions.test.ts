import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { createSessionStore } from './store';

type Reply = { status: number; body?: unknown } | 'network';

/** A store over an in-memory token storage and scripted answers per "METHOD url". */
function setup(replies: Record<string, Reply[]>, token: string | null = null) {
  const storage = new Map<string, string>();
  if (token) storage.set('token', token);
  const calls: Array<{ key: string; auth: string | null }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    calls.push({ key, auth: (init.headers as Record<string, string>).Authorization ?? null });
    const reply = replies[key]?.shift();
    if (!reply) throw new Error(`unexpected ${key}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
  const store = createSessionStore({
    api: createApiClient({
      baseUrl: '/api/v1',
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: () => storage.get('token') ?? null,
    }),
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
  });
  return { store, storage, calls };
}

const ada = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Ada Lovelace', email: 'ada@example.com', role: 'user' };

describe('session transitions (spec section 4)', () => {
  it('turns loading on and clears the previous error when a login starts', async () => {
    const { store } = setup({
      'POST /api/v1/auth/login': [
        { status: 401, body: { success: false, message: 'Invalid email or password' } },
        { status: 200, body: { success: true, data: { user: ada, token: 'fresh' } } },
      ],
    });
    await store.login({ email: 'ada@example.com', password: 'x' });
    expect(store.getState()).toEqual({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
      error: 'Invalid email or password',
      unreachable: false,
    });
    const pending = store.login({ email: 'ada@example.com', password: 'y' });
    expect(store.getState()).toMatchObject({ isLoading: true, error: null });
    await pending;
    expect(store.getState()).toEqual({
      user: ada,
      token: 'fresh',
      isAuthenticated: true,
      isLoading: false,
      error: null,
      unreachable: false,
    });
  });

  it('sends POST /auth/logout with the bearer token before clearing it', async () => {
    const { store, storage, calls } = setup({
      'POST /api/v1/auth/login': [
        { status: 200, body: { success: true, data: { user: ada, token: 'live' } } },
      ],
      'POST /api/v1/auth/logout': [{ status: 200, body: { success: true, data: null } }],
    });
    await store.login({ email: 'ada@example.com', password: 'x' });
    await store.logout();
    expect(calls.at(-1)).toEqual({ key: 'POST /api/v1/auth/logout', auth: 'Bearer live' });
    expect(storage.has('token')).toBe(false);
    expect(store.getState()).toEqual({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
      unreachable: false,
    });
  });

  it('still clears the session when the logout call cannot reach the server', async () => {
    const { store, storage } = setup({ 'POST /api/v1/auth/logout': ['network'] }, 'live');
    await store.logout();
    expect(storage.has('token')).toBe(false);
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('logs out without a call when no token is kept', async () => {
    const { store, calls } = setup({});
    await store.logout();
    expect(calls).toHaveLength(0);
  });
});
