import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { personKey } from './keys';
import { KEPT_ANSWER_MAX_AGE_MS, KEPT_ANSWERS_MAX } from './limits';

/** A kept answer of a signed-in GET: the envelope's data and message, and when it was received. */
export interface KeptAnswer {
  data: unknown;
  message?: string;
  at: number;
}

/** What IndexedDB holds of a kept answer: its data and message sealed with the session's key. */
interface SealedAnswer {
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
  at: number;
}

/** Fields never kept on the device, whatever the answer: signed links to receipts (the provider's, usable by anyone holding them). */
const NEVER_KEPT = new Set(['receiptUrl']);
const withoutNeverKept = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNeverKept);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, NEVER_KEPT.has(key) ? null : withoutNeverKept(inner)]),
  );
};

/**
 * The key a session's answers are sealed with (AES-GCM), made from its token, which lives in the tab's
 * sessionStorage and nowhere else: once the tab is closed or the session ends, what it kept cannot be read.
 */
const sealingKeys = new Map<string, Promise<CryptoKey>>();
function keyFor(token: string): Promise<CryptoKey> {
  let key = sealingKeys.get(token);
  if (!key) {
    const { subtle } = globalThis.crypto;
    key = subtle
      .digest('SHA-256', new TextEncoder().encode(`catalyst-offline-answers\u0000${token}`))
      .then((raw) => subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    sealingKeys.clear();
    sealingKeys.set(token, key);
  }
  return key;
}

async function seal(token: string, answer: Omit<KeptAnswer, 'at'>): Promise<SealedAnswer> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(answer));
  const sealed = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyFor(token), plain);
  return { iv, sealed, at: Date.now() };
}

async function unseal(token: string, kept: SealedAnswer): Promise<KeptAnswer | undefined> {
  // An answer kept in the clear by an older version is not read.
  if (!kept.iv || !kept.sealed) return undefined;
  const plain = await globalThis.crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: kept.iv },
    await keyFor(token),
    kept.sealed,
  );
  return { ...(JSON.parse(new TextDecoder().decode(plain)) as Omit<KeptAnswer, 'at'>), at: kept.at };
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
 * of the session token and sealed with a key made from it): what their pages show when the connection is
 * gone, for as long as the session lasts in this tab. Never the service worker's shared caches, never a
 * receipt link. Cleared when they sign out, and when the app starts without a session (index.ts).
 */
export const keptAnswers = {
  async remember(token: string, url: string, answer: Omit<KeptAnswer, 'at'>): Promise<void> {
    const db = answersStore();
    if (!db) return;
    try {
      const kept = { ...answer, data: withoutNeverKept(answer.data) };
      await set(await keyOf(token, url), await seal(token, kept), db);
      await trim(db);
    } catch {
      // storage full or refused: the page just has nothing to show offline
    }
  },
  async recall(token: string, url: string): Promise<KeptAnswer | undefined> {
    const db = answersStore();
    if (!db) return undefined;
    try {
      const kept = await get<SealedAnswer>(await keyOf(token, url), db);
      return kept && Date.now() - kept.at < KEPT_ANSWER_MAX_AGE_MS ? await unseal(token, kept) : undefined;
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
    all.map(async (key) => ({ key, at: (await get<SealedAnswer>(key, db))?.at ?? 0 })),
  );
  dated.sort((a, b) => a.at - b.at);
  for (const { key } of dated.slice(0, dated.length - KEPT_ANSWERS_MAX)) await del(key, db);
}
