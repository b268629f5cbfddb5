import type { OfflineLayer } from '../api/client';
import { whenIdle } from './idle';
import { afterFirstContent, loadStores } from './lazy';
import type { QueuedWrite } from './queuable';
import { connection } from './status';

// A sign-out (or another person) since an answer came in: it is no longer worth keeping.
let generation = 0;

/**
 * Writes held in this tab's sessionStorage, beside the session token they belong to: a write made as
 * the page goes away (the unload save offline) cannot wait for IndexedDB, whose transactions die with
 * the page; sessionStorage is written at once and outlives the page in this tab, as the token does.
 */
const HELD_WRITES_KEY = 'catalyst-held-writes';
interface HeldWrites {
  token: string;
  /** Newest client time per method and address. */
  writes: Record<string, Omit<QueuedWrite, 'at'>>;
}

function readHeld(): HeldWrites | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(HELD_WRITES_KEY);
    return raw ? (JSON.parse(raw) as HeldWrites) : null;
  } catch {
    return null;
  }
}

function dropHeld() {
  try {
    globalThis.sessionStorage?.removeItem(HELD_WRITES_KEY);
  } catch {
    // storage refused: nothing was held
  }
}

/**
 * Keeps a write with a client time for the connection's return, synchronously (the unload save made
 * offline, which `api` never sees): it joins the offline queue at the next start or connection and is
 * sent with the same session only. Answers whether it was kept.
 */
export function holdOfflineWrite(token: string, write: Omit<QueuedWrite, 'at'>): boolean {
  try {
    const current = readHeld();
    const held: HeldWrites = current?.token === token ? current : { token, writes: {} };
    const key = `${write.method} ${write.url}`;
    const earlier = held.writes[key];
    if (!earlier || earlier.clientTime <= write.clientTime) held.writes[key] = write;
    globalThis.sessionStorage.setItem(HELD_WRITES_KEY, JSON.stringify(held));
    return true;
  } catch {
    return false;
  }
}

/** Moves the writes held for this session into the IndexedDB queue (another session's are dropped). */
export async function absorbHeldWrites(token: string): Promise<void> {
  const held = readHeld();
  if (!held) return;
  if (held.token === token) {
    const { writeQueue } = await loadStores();
    for (const write of Object.values(held.writes)) await writeQueue.add(token, write);
  }
  // read again: a write held meanwhile stays for the next time
  if (JSON.stringify(readHeld()) === JSON.stringify(held)) dropHeld();
}

/**
 * The browser's offline layer (web-kit's `api` uses it): the IndexedDB stores filed per session, loaded
 * on first need (lazy.ts), and the connection state. Answers are kept once the page shows its first
 * content; a failed call asks the stores at once.
 */
export const browserOffline: OfflineLayer = {
  async remember(token, url, answer) {
    const asked = generation;
    await afterFirstContent();
    const { keptAnswers } = await loadStores();
    // one answer an idle moment: a page's answers, all kept at once, made one long task (about 150 ms at 4× CPU)
    await whenIdle();
    if (asked === generation) await keptAnswers.remember(token, url, answer);
  },
  recall: async (token, url) => (await loadStores()).keptAnswers.recall(token, url),
  enqueue: async (token, write) => (await loadStores()).writeQueue.add(token, write),
  async pending(token) {
    await absorbHeldWrites(token);
    return (await loadStores()).writeQueue.pending(token);
  },
  done: async (key) => (await loadStores()).writeQueue.remove(key),
  reached(ok, kept) {
    if (ok) connection.reached();
    else if (kept) connection.servedKept();
    else connection.unreachable();
  },
};

/** Forgets every kept answer and queued or held write on this device (sign-out, or another person signing in). */
export async function forgetOfflineData(): Promise<void> {
  generation += 1;
  dropHeld();
  const { keptAnswers, writeQueue } = await loadStores();
  await Promise.all([keptAnswers.clear(), writeQueue.clear()]);
}
