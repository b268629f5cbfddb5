import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@catalyst/web-kit';
import { sendUnloadSave } from './unloadSave';

const URL = '/api/v1/content/progress/product/p1/lessons/l1';
const snapshot = { progress: 42, lastPosition: 61.5, completed: false, clientTime: 1_700_000_000_123 };
const queuedSave = {
  method: 'PATCH',
  url: URL,
  body: { progress: 42, lastPosition: 61.5, completed: false, clientTime: snapshot.clientTime },
  clientTime: snapshot.clientTime,
};

describe('the unload save', () => {
  beforeEach(() => sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-a'));
  afterEach(() => sessionStorage.clear());

  it('posts the keepalive form with the bearer token while the server can be reached, and keeps nothing', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    const hold = vi.fn(() => true);
    expect(
      sendUnloadSave(URL, snapshot, {
        fetch: fetch as typeof globalThis.fetch,
        hold,
        isOffline: () => false,
      }),
    ).toBe(true);
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [address, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe(URL);
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer tok-a' },
    });
    const form = init.body as FormData;
    expect(form.get('_method')).toBe('PATCH');
    expect(JSON.parse(String(form.get('data')))).toEqual(queuedSave.body);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hold).not.toHaveBeenCalled();
  });

  it('offline, keeps the save for the connection’s return (the same address, as a JSON PATCH) at once, instead of a request that cannot go', () => {
    const fetch = vi.fn();
    const hold = vi.fn(() => true);
    expect(
      sendUnloadSave(URL, snapshot, { fetch: fetch as typeof globalThis.fetch, hold, isOffline: () => true }),
    ).toBe(true);
    // started in the same task: the page may be gone at the next one
    expect(hold).toHaveBeenCalledWith('tok-a', queuedSave);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the save when the keepalive request cannot reach the server', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const hold = vi.fn(() => true);
    sendUnloadSave(URL, snapshot, { fetch: fetch as typeof globalThis.fetch, hold, isOffline: () => false });
    await vi.waitFor(() => expect(hold).toHaveBeenCalledWith('tok-a', queuedSave));
  });

  it('sends and keeps nothing without a session', () => {
    sessionStorage.clear();
    const fetch = vi.fn();
    const hold = vi.fn(() => true);
    expect(
      sendUnloadSave(URL, snapshot, { fetch: fetch as typeof globalThis.fetch, hold, isOffline: () => true }),
    ).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(hold).not.toHaveBeenCalled();
  });
});
