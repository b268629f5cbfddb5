import { clear, createStore, del, entries, update, type UseStore } from 'idb-keyval';
import { personKey } from './keys';
import type { QueuedWrite } from './queuable';

export type { QueuedWrite };

let store: UseStore | null | undefined;
function queueStore(): UseStore | null {
  if (store === undefined)
    store = typeof indexedDB === 'undefined' ? null : createStore('catalyst-offline-writes', 'writes');
  return store;
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
      // read and write in one transaction: two writes to one address cannot both win
      await update<QueuedWrite>(
        key,
        (current) =>
          current && current.clientTime > write.clientTime ? current : { ...write, at: Date.now() },
        db,
      );
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
