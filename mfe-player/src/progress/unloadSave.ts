import { connection, queueOfflineWrite, session, TOKEN_STORAGE_KEY, type QueuedWrite } from '@catalyst/web-kit';
import type { ProgressSnapshot } from './policy';

function currentToken(): string | null {
  const fromStore = session.getState().token;
  if (fromStore) return fromStore;
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export interface UnloadSaveDeps {
  fetch?: typeof fetch;
  /** Keeps a save for the connection's return (web-kit's offline write queue). */
  queue?: (token: string, write: Omit<QueuedWrite, 'at'>) => Promise<boolean>;
  /** Whether the server cannot be reached now (the browser says so, or the last call failed). */
  isOffline?: () => boolean;
}

const offlineNow = () => connection.getState().offline || (typeof navigator !== 'undefined' && navigator.onLine === false);

/**
 * The unload save of spec section 7: a multipart POST with `data` (progress, lastPosition, completed
 * and the client time) and `_method=PATCH`, sent with keepalive so it outlives the page, carrying the
 * bearer token, to the target's form address (a product's or a lesson's: the JSON save's address too).
 * Offline, or when the POST cannot reach the server, the same save waits in the offline write queue
 * (IndexedDB, beside the policy's failed saves to that address) and is sent as a JSON PATCH when the
 * connection returns; the server's stale-write rule keeps the newest. Sent only
 * when a session token exists; answers whether it was sent or queued.
 */
export function sendUnloadSave(url: string, snapshot: ProgressSnapshot, deps: UnloadSaveDeps = {}): boolean {
  const token = currentToken();
  if (!token) return false;
  const { fetch: fetchImpl = globalThis.fetch.bind(globalThis), queue = queueOfflineWrite, isOffline = offlineNow } = deps;
  const body = { progress: snapshot.progress, lastPosition: snapshot.lastPosition, completed: snapshot.completed, clientTime: snapshot.clientTime };
  const enqueue = () => void queue(token, { method: 'PATCH', url, body, clientTime: snapshot.clientTime }).catch(() => false);
  // the write is started here, in the page's last task: it must not wait for a request that cannot go
  if (isOffline()) {
    enqueue();
    return true;
  }
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  form.append('_method', 'PATCH');
  void fetchImpl(url, {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  }).catch(enqueue);
  return true;
}
