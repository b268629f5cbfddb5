import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { RememberedUser } from './rememberedUser';

let db: UseStore | null | undefined;
const userStore = () => {
  if (db === undefined)
    db = typeof indexedDB === 'undefined' ? null : createStore('catalyst-offline-user', 'user');
  return db;
};
const KEY = 'last';

/** What `rememberedUser` (rememberedUser.ts) does in IndexedDB, loaded on first use. */
export const rememberedUserStore = {
  async read(): Promise<RememberedUser | null> {
    const store = userStore();
    return (store ? await get<RememberedUser>(KEY, store) : undefined) ?? null;
  },
  async write(user: RememberedUser): Promise<void> {
    const store = userStore();
    if (store) await set(KEY, user, store);
  },
  async clear(): Promise<void> {
    const store = userStore();
    if (store) await del(KEY, store);
  },
};
