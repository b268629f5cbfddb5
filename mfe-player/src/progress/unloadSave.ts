import { session, TOKEN_STORAGE_KEY } from '@catalyst/web-kit';
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

/**
 * The unload save of spec section 7: a multipart POST with `data` (progress, lastPosition, completed
 * and the client time) and `_method=PATCH`, sent with keepalive so it outlives the page, carrying the
 * bearer token, to the target's form address (a product's or a lesson's). Sent only when a session token
 * exists; answers whether it was sent.
 */
export function sendUnloadSave(url: string, snapshot: ProgressSnapshot, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): boolean {
  const token = currentToken();
  if (!token) return false;
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({ progress: snapshot.progress, lastPosition: snapshot.lastPosition, completed: snapshot.completed, clientTime: snapshot.clientTime }),
  );
  form.append('_method', 'PATCH');
  void fetchImpl(url, {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  }).catch(() => undefined);
  return true;
}
