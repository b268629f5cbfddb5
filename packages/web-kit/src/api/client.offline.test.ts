import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, type OfflineLayer } from './client';

/** An offline layer in memory: what the browser's IndexedDB stores do, filed by token. */
function memoryLayer() {
  const answers = new Map<string, { data: unknown; message?: string }>();
  const queue = new Map<string, { method: string; url: string; body: unknown; clientTime: number }>();
  const reached: Array<[boolean, boolean | undefined]> = [];
  const layer: OfflineLayer = {
    remember: async (token, url, answer) => void answers.set(`${token} ${url}`, answer),
    recall: async (token, url) => answers.get(`${token} ${url}`),
    enqueue: async (token, write) => {
      const key = `${token} ${write.method} ${write.url}`;
      const current = queue.get(key);
      if (!current || current.clientTime <= write.clientTime) queue.set(key, write);
      return true;
    },
    pending: async (token) =>
      [...queue.entries()]
        .filter(([key]) => key.startsWith(`${token} `))
        .map(([key, write]) => ({ key, write })),
    done: async (key) => void queue.delete(key),
    reached: (ok, kept) => void reached.push([ok, kept]),
  };
  return { layer, answers, queue, reached };
}

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

describe('api client offline', () => {
  it("answers a signed-in GET with the session's last answer when the server cannot be reached, and says so", async () => {
    const { layer, reached } = memoryLayer();
    let online = true;
    const fetch = vi.fn(async () => (online ? ok({ name: 'Maya' }) : unreachable()));
    const api = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getToken: () => 'tok-a',
      offline: layer,
    });
    await expect(api.get('/auth/me')).resolves.toEqual({ name: 'Maya' });
    await vi.waitFor(() => expect(reached).toContainEqual([true, undefined]));
    online = false;
    await expect(api.get('/auth/me')).resolves.toEqual({ name: 'Maya' });
    expect(reached.at(-1)).toEqual([false, true]);
  });

  it("never answers another session's kept answer, nor one for a visitor, nor when a fresh answer is asked for", async () => {
    const { layer } = memoryLayer();
    let token: string | null = 'tok-a';
    let online = true;
    const fetch = vi.fn(async () => (online ? ok({ plan: 'premium' }) : unreachable()));
    const api = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getToken: () => token,
      offline: layer,
    });
    await api.get('/subscription/status');
    online = false;
    await expect(api.request('GET', '/subscription/status', { fresh: true })).rejects.toMatchObject({
      status: 0,
    });
    token = 'tok-b';
    await expect(api.get('/subscription/status')).rejects.toBeInstanceOf(ApiRequestError);
    token = null;
    await expect(api.get('/subscription/status')).rejects.toMatchObject({ status: 0 });
  });

  it('queues a write with a client time that cannot reach the server (newest per address) and still fails it', async () => {
    const { layer, queue } = memoryLayer();
    const fetch = vi.fn(unreachable);
    const api = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getToken: () => 'tok-a',
      offline: layer,
    });
    const save = (clientTime: number, lastPosition: number) =>
      api.patch('/content/progress/product/p1', {
        body: { progress: 10, lastPosition, completed: false, clientTime },
      });
    await expect(save(2000, 20)).rejects.toMatchObject({ status: 0 });
    await expect(save(1000, 10)).rejects.toMatchObject({ status: 0 });
    // a write without a client time is not queued: replaying it late could undo a newer one
    await expect(api.patch('/users/profile', { body: { name: 'x' } })).rejects.toMatchObject({ status: 0 });
    expect([...queue.values()]).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/content/progress/product/p1',
        body: { progress: 10, lastPosition: 20, completed: false, clientTime: 2000 },
        clientTime: 2000,
      },
    ]);
  });

  it('sends the queued writes with the current session when the connection returns, dropping refused ones', async () => {
    const { layer, queue } = memoryLayer();
    await layer.enqueue('tok-a', {
      method: 'PATCH',
      url: '/api/v1/content/progress/product/p1',
      body: { clientTime: 5 },
      clientTime: 5,
    });
    await layer.enqueue('tok-a', {
      method: 'PATCH',
      url: '/api/v1/content/progress/product/gone',
      body: { clientTime: 6 },
      clientTime: 6,
    });
    await layer.enqueue('tok-b', {
      method: 'PATCH',
      url: '/api/v1/content/progress/product/p2',
      body: { clientTime: 7 },
      clientTime: 7,
    });
    const fetch = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
      String(url).endsWith('/gone')
        ? new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 })
        : ok({}),
    );
    const api = createApiClient({
      fetch: fetch as typeof globalThis.fetch,
      getToken: () => 'tok-a',
      offline: layer,
    });
    await expect(api.sendQueuedWrites()).resolves.toBe(1);
    expect(
      fetch.mock.calls.map(([url, init]) => [
        String(url),
        init?.method,
        (init?.headers as Record<string, string>).Authorization,
        init?.body,
      ]),
    ).toEqual([
      ['/api/v1/content/progress/product/p1', 'PATCH', 'Bearer tok-a', '{"clientTime":5}'],
      ['/api/v1/content/progress/product/gone', 'PATCH', 'Bearer tok-a', '{"clientTime":6}'],
    ]);
    // another session's write waits for that session
    expect([...queue.keys()]).toEqual(['tok-b PATCH /api/v1/content/progress/product/p2']);
  });

  it('keeps the queue when the server is still unreachable', async () => {
    const { layer, queue } = memoryLayer();
    await layer.enqueue('tok-a', {
      method: 'PATCH',
      url: '/api/v1/x',
      body: { clientTime: 1 },
      clientTime: 1,
    });
    const api = createApiClient({
      fetch: vi.fn(unreachable) as typeof globalThis.fetch,
      getToken: () => 'tok-a',
      offline: layer,
    });
    await expect(api.sendQueuedWrites()).resolves.toBe(0);
    expect(queue.size).toBe(1);
  });
});
