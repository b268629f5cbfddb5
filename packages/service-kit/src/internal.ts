import { INTERNAL_HEADER, REQUEST_ID_HEADER } from '@catalyst/contracts';
import { HttpError, unavailable } from './errors';

export interface InternalClientOptions {
  baseUrl: string;
  secret: string;
  /** Upper bound for one call; a slow peer becomes a 503, never a hang. */
  timeoutMs?: number;
}

/**
 * Calls another service's /internal routes with the shared secret. Answers `data` of the success shape;
 * an error answer is rethrown as an HttpError with the peer's status and message.
 */
export function createInternalClient({ baseUrl, secret, timeoutMs = 3_000 }: InternalClientOptions) {
  async function call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          [INTERNAL_HEADER]: secret,
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const payload = (await response.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
    if (!response.ok || !payload?.success) {
      if (response.status >= 500 || !payload) throw unavailable();
      throw new HttpError(response.status, payload.message ?? `HTTP ${response.status}`);
    }
    return payload.data as T;
  }
  return {
    get: <T>(path: string, requestId?: string) => call<T>('GET', path, undefined, requestId),
    post: <T>(path: string, body?: unknown, requestId?: string) => call<T>('POST', path, body ?? {}, requestId),
    put: <T>(path: string, body?: unknown, requestId?: string) => call<T>('PUT', path, body ?? {}, requestId),
    delete: <T>(path: string, requestId?: string) => call<T>('DELETE', path, undefined, requestId),
  };
}
export type InternalClient = ReturnType<typeof createInternalClient>;
