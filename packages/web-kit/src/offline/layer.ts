import type { OfflineLayer } from '../api/client';
import { afterLoad, loadStores } from './lazy';
import type { QueuedWrite } from './queuable';
import { TOKEN_STORAGE_KEY } from '../session/keys';
import { connection } from './status';

// A sign-out (or another person) since an answer came in: it is no longer worth keeping.
let generation = 0;

/**
 * The browser's offline layer (web-kit's `api` uses it): the IndexedDB stores filed per session, loaded
 * on first need (lazy.ts), and the connection state. Answers are kept after the page's `load` event;
 * a failed call asks the stores at once.
 */
export const browserOffline: OfflineLayer = {
  async remember(token, url, answer) {
    const asked = generation;
    await afterLoad();
    if (asked === generation) await (await loadStores()).keptAnswers.remember(token, url, answer);
  },
  recall: async (token, url) => (await loadStores()).keptAnswers.recall(token, url),
  enqueue: async (token, write) => (await loadStores()).writeQueue.add(token, write),
  pending: async (token) => (await loadStores()).writeQueue.pending(token),
  done: async (key) => (await loadStores()).writeQueue.remove(key),
  reached(ok, kept) {
    if (ok) connection.reached();
    else if (kept) connection.servedKept();
    else connection.unreachable();
  },
};

/** Forgets every kept answer and queued write on this device (sign-out, or another person signing in). */
export async function forgetOfflineData(): Promise<void> {
  generation += 1;
  const { keptAnswers, writeQueue } = await loadStores();
  await Promise.all([keptAnswers.clear(), writeQueue.clear()]);
}

/**
 * Queues a write with a client time for the connection's return (the unload save made offline, which
 * `api` never sees): the same queue, sent by `api.sendQueuedWrites`. Answers whether it was kept.
 */
export async function queueOfflineWrite(token: string, write: Omit<QueuedWrite, 'at'>): Promise<boolean> {
  return (await loadStores()).writeQueue.add(token, write);
}

const storedToken = (): string | null => {
  try {
    return globalThis.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

/**
 * While the connection is down the queue is kept ready (stores loaded, database open, the session's key
 * known), so a write that must not wait, the unload save as the page goes away, starts at once.
 */
function readyWhileOffline() {
  const token = connection.getState().offline ? storedToken() : null;
  if (token) void loadStores().then(({ writeQueue }) => writeQueue.prepare(token));
}
if (typeof window !== 'undefined') {
  connection.subscribe(readyWhileOffline);
  readyWhileOffline();
}
