import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { personKey } from './keys';

/** A write that could not reach the server, waiting for the connection to come back. */
export interface QueuedWrite {
  method: 'PATCH' | 'POST' | 'PUT';
  /** The full URL the write went to. */
  url: string;
  body: unknown;
  /** The write's own client time (architecture rule 7): the server keeps the newest, so replays are safe. */
  clientTime: number;
  at: number;
}

let store: UseStore | null | undefined;
function queueStore(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('catalyst-offline-writes', 'writes');
  return store;
}

/**
 * Writes that carry a client time (progress saves, Mark complete, Reset) are the ones that may wait:
 * the server's stale-write rule orders them by that time, so sending one late never undoes a newer one.
 */
export function queuableClientTime(method: string, body: unknown): number | undefined {
  if (method !== 'PATCH' || !body || typeof body !== 'object' || body instanceof FormData) return undefined;
  const clientTime = (body as { clientTime?: unknown }).clientTime;
  return typeof clientTime === 'number' && Number.isFinite(clientTime) ? clientTime : undefined;
}

/**
 * The queue of writes made offline, in IndexedDB, filed under a hash of the session token that made
 * them (only that session sends them). One entry per address: the newest client time wins.
 */
export const writeQueue = {
  async add(token: string, write: Omit<QueuedWrite, 'at'>): Promise<boolean> {
    const db = queueStore();
    if (!db) return false;
    try {
      const key = `${await personKey(token)} ${write.method} ${write.url}`;
      const current = await get<QueuedWrite>(key, db);
      if (current && current.clientTime > write.clientTime) return true;
      await set(key, { ...write, at: Date.now() } satisfies QueuedWrite, db);
      return true;
    } catch {
      return false;
    }
  },
  /** This session's waiting writes, oldest client time first. */
  async pending(token: string): Promise<Array<{ key: string; write: QueuedWrite }>> {
    const db = queueStore();
    if (!db) return [];
    try {
      const prefix = `${await personKey(token)} `;
      const all = await entries<string, QueuedWrite>(db);
      return all
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, write]) => ({ key, write }))
        .sort((a, b) => a.write.clientTime - b.write.clientTime);
    } catch {
      return [];
    }
  },
  async remove(key: string): Promise<void> {
    const db = queueStore();
    if (db) await del(key, db).catch(() => undefined);
  },
  async clear(): Promise<void> {
    const db = queueStore();
    if (db) await clear(db).catch(() => undefined);
  },
};
