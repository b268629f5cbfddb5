import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedWrite } from './queuable';

/** The IndexedDB queue in memory, filed by token (what offline/queue.ts does). */
const queued = new Map<string, Omit<QueuedWrite, 'at'>>();
const writeQueue = {
  add: vi.fn(async (token: string, write: Omit<QueuedWrite, 'at'>) => {
    const key = `${token} ${write.method} ${write.url}`;
    const current = queued.get(key);
    if (!current || current.clientTime <= write.clientTime) queued.set(key, write);
    return true;
  }),
  pending: async (token: string) =>
    [...queued]
      .filter(([key]) => key.startsWith(`${token} `))
      .map(([key, write]) => ({ key, write: { ...write, at: 0 } })),
  remove: async (key: string) => void queued.delete(key),
  clear: async () => queued.clear(),
};
const keptAnswers = { clear: async () => undefined, remember: vi.fn(async () => undefined) };
vi.mock('./lazy', () => ({
  loadStores: async () => ({ writeQueue, keptAnswers }),
  afterFirstContent: async () => undefined,
}));

const { absorbHeldWrites, browserOffline, forgetOfflineData, holdOfflineWrite } = await import('./layer');

const URL = '/api/v1/content/progress/product/p1';
const save = (clientTime: number, lastPosition: number) => ({
  method: 'PATCH' as const,
  url: URL,
  body: { progress: 10, lastPosition, completed: false, clientTime },
  clientTime,
});

describe('writes held as the page goes away', () => {
  beforeEach(() => {
    sessionStorage.clear();
    queued.clear();
    writeQueue.add.mockClear();
  });

  it('are kept at once, in this tab, the newest per address, and join the queue of the same session', async () => {
    expect(holdOfflineWrite('tok-a', save(2_000, 42))).toBe(true);
    expect(holdOfflineWrite('tok-a', save(1_000, 7))).toBe(true);
    // kept before any promise settles (the page may be gone by then)
    expect(sessionStorage.getItem('catalyst-held-writes')).toContain('"lastPosition":42');
    expect(writeQueue.add).not.toHaveBeenCalled();

    await absorbHeldWrites('tok-a');
    expect([...queued.values()]).toEqual([save(2_000, 42)]);
    expect(sessionStorage.getItem('catalyst-held-writes')).toBeNull();
  });

  it('are never queued for another session (another person signed in in this tab)', async () => {
    holdOfflineWrite('tok-a', save(2_000, 42));
    await absorbHeldWrites('tok-b');
    expect(queued.size).toBe(0);
    expect(sessionStorage.getItem('catalyst-held-writes')).toBeNull();
  });

  it('are sent with the queue: what the session has pending includes them', async () => {
    holdOfflineWrite('tok-a', save(3_000, 55));
    const pending = await browserOffline.pending('tok-a');
    expect(pending.map(({ write }) => write.body)).toEqual([save(3_000, 55).body]);
  });

  it('are forgotten at sign-out', async () => {
    holdOfflineWrite('tok-a', save(3_000, 55));
    await forgetOfflineData();
    await absorbHeldWrites('tok-a');
    expect(queued.size).toBe(0);
  });
});

describe('answers kept for offline use', () => {
  it('are kept one an idle moment, never all in one task', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      for (const url of ['/api/v1/a', '/api/v1/b', '/api/v1/c'])
        void browserOffline.remember('tok-a', url, { data: url });
      await vi.waitFor(() => expect(idle).toHaveLength(3));
      expect(keptAnswers.remember).not.toHaveBeenCalled();
      idle.shift()!();
      await vi.waitFor(() => expect(keptAnswers.remember).toHaveBeenCalledTimes(1));
      idle.shift()!();
      await vi.waitFor(() => expect(keptAnswers.remember).toHaveBeenCalledTimes(2));
      expect(keptAnswers.remember.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
        '/api/v1/a',
        '/api/v1/b',
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
