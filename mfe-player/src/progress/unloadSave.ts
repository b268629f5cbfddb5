import {
  connection,
  holdOfflineWrite,
  session,
  TOKEN_STORAGE_KEY,
  type QueuedWrite,
} from '@catalyst/web-kit';
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
  /** Keeps a save for the connection's return, at once (web-kit's held writes, then its offline queue). */
  hold?: (token: string, write: Omit<QueuedWrite, 'at'>) => boolean;
  /** Whether the server cannot be reached now (the browser says so, or the last call failed). */
  isOffline?: () => boolean;
}

const offlineNow = () =>
  connection.getState().offline || (typeof navigator !== 'undefined' && navigator.onLine === false);

/**
 * The unload save of spec section 7: a multipart POST with `data` (progress, lastPosition, completed
 * and the client time) and `_method=PATCH`, sent with keepalive so it outlives the page, carrying the
 * bearer token, to the target's form address (a product's or a lesson's: the JSON save's address too).
 * Offline, or when the POST cannot reach the server, the same save is held (synchronously, in this tab's
 * sessionStorage beside the token), joins the offline write queue next to the policy's failed saves to
 * that address, and is sent as a JSON PATCH when the connection returns; the server's stale-write rule
 * keeps the newest. Sent only when a session token exists; answers whether it was sent or kept.
 */
export function sendUnloadSave(url: string, snapshot: ProgressSnapshot, deps: UnloadSaveDeps = {}): boolean {
  const token = currentToken();
  if (!token) return false;
  const { hold = holdOfflineWrite, isOffline = offlineNow } = deps;
  const body = {
    progress: snapshot.progress,
    lastPosition: snapshot.lastPosition,
    completed: snapshot.completed,
    clientTime: snapshot.clientTime,
  };
  const keep = () => hold(token, { method: 'PATCH', url, body, clientTime: snapshot.clientTime });
  // kept now, synchronously: the page may be gone by the next task
  if (isOffline()) return keep();
  const form = new FormData();
  form.append('data', JSON.stringify(body));
  form.append('_method', 'PATCH');
  void fetch(url, {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  }).catch(keep);
  return true;
}
