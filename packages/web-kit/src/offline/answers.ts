import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { personKey } from './keys';
import { KEPT_ANSWER_MAX_AGE_MS, KEPT_ANSWERS_MAX } from './limits';

/** A kept answer of a signed-in GET: the envelope's data and message, and when it was received. */
export interface KeptAnswer {
  data: unknown;
  message?: string;
  at: number;
}

let store: UseStore | null | undefined;
function answersStore(): UseStore | null {
  if (store === undefined)
    store = typeof indexedDB === 'undefined' ? null : createStore('catalyst-offline-answers', 'answers');
  return store;
}

const keyOf = async (token: string, url: string) => `${await personKey(token)} ${url}`;

/**
 * The signed-in person's last successful GET answers, on this device only (IndexedDB, filed under a hash
 * of the session token): what their pages show when the connection is gone. Never the service
 * worker's shared caches. Cleared when they sign out.
 */
export const keptAnswers = {
  async remember(token: string, url: string, answer: Omit<KeptAnswer, 'at'>): Promise<void> {
    const db = answersStore();
    if (!db) return;
    try {
      await set(await keyOf(token, url), { ...answer, at: Date.now() } satisfies KeptAnswer, db);
      await trim(db);
    } catch {
      // storage full or refused: the page just has nothing to show offline
    }
  },
  async recall(token: string, url: string): Promise<KeptAnswer | undefined> {
    const db = answersStore();
    if (!db) return undefined;
    try {
      const kept = await get<KeptAnswer>(await keyOf(token, url), db);
      return kept && Date.now() - kept.at < KEPT_ANSWER_MAX_AGE_MS ? kept : undefined;
    } catch {
      return undefined;
    }
  },
  /** Forgets every kept answer (sign-out, or another person signing in). */
  async clear(): Promise<void> {
    const db = answersStore();
    if (db) await clear(db).catch(() => undefined);
  },
};

let writes = 0;
/** Every 50 writes, the store is cut back to KEPT_ANSWERS_MAX entries, oldest first. */
async function trim(db: UseStore) {
  writes += 1;
  if (writes % 50 !== 0) return;
  const all = await keys<string>(db);
  if (all.length <= KEPT_ANSWERS_MAX) return;
  const dated = await Promise.all(
    all.map(async (key) => ({ key, at: (await get<KeptAnswer>(key, db))?.at ?? 0 })),
  );
  dated.sort((a, b) => a.at - b.at);
  for (const { key } of dated.slice(0, dated.length - KEPT_ANSWERS_MAX)) await del(key, db);
}
