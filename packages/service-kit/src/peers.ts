import {
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  REQUEST_ID_HEADER,
  fillPath,
  type Identity,
  type RouteBodyInput,
  type RouteData,
  type RouteDeclaration,
  type RouteParamsInput,
  type RouteQueryInput,
} from '@catalyst/contracts';
import { HttpError, unavailable } from './errors';
import { signIdentity } from './identity';

export interface PeerOptions {
  baseUrl: string;
  secret: string;
  /** Upper bound for one attempt; a slow peer becomes a 503, never a hang. */
  timeoutMs?: number;
  /** Further attempts of an idempotent call (GET, PUT, DELETE) whose connection failed (never after a timeout). */
  retries?: number;
}

/** What a call sends: its declaration's inputs, as a caller writes them. */
export interface PeerInput<R extends RouteDeclaration> {
  params?: RouteParamsInput<R>;
  query?: RouteQueryInput<R>;
  body?: RouteBodyInput<R>;
}

export interface CallOptions {
  /** Carried to the peer's logs, so one request can be followed across services. */
  requestId?: string;
  /** The caller on whose behalf this is asked (signed like the gateway's assertion). */
  identity?: Identity;
  /** A shorter bound than the peer's for this call (a figure that may be shown as unknown instead). */
  timeoutMs?: number;
}

export interface Peer {
  readonly baseUrl: string;
  /** Calls a declared route of the peer and answers its `data`, typed by the declaration. */
  call<R extends RouteDeclaration>(
    route: R,
    input?: PeerInput<R>,
    options?: CallOptions,
  ): Promise<RouteData<R>>;
}

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/** Not reached, timed out, or answered 5xx; only a failed connection is worth another try at once. */
class PeerUnavailable extends Error {
  constructor(readonly retryable: boolean) {
    super('peer unavailable');
  }
}

/**
 * The one way a service calls another: by declaration (so the path and the answer's type come from the
 * contracts), with the shared secret, the request id and, when given, the caller's identity. A peer that
 * cannot answer (down, slow, 5xx, an answer not in the success shape) is a 503 for our caller; a 4xx is
 * rethrown as an HttpError with the peer's status and message.
 */
export function createPeer({ baseUrl, secret, timeoutMs = 3_000, retries = 1 }: PeerOptions): Peer {
  async function attempt(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    limitMs: number,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(limitMs) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PeerUnavailable(!timedOut);
    }
    const payload = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: unknown;
      message?: string;
    } | null;
    if (response.ok && payload?.success) return payload.data;
    if (response.status >= 500 || !payload) throw new PeerUnavailable(false);
    throw new HttpError(response.status, payload.message ?? `HTTP ${response.status}`);
  }

  return {
    baseUrl,
    async call(route, input = {}, { requestId, identity, timeoutMs: callTimeoutMs } = {}) {
      const url = new URL(fillPath(route.path, input.params as Record<string, unknown> | undefined), baseUrl);
      for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
      }
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const headers: Record<string, string> = {
        [INTERNAL_HEADER]: secret,
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
        ...(identity ? { [IDENTITY_HEADER]: signIdentity(identity, secret) } : {}),
        ...(withBody ? { 'content-type': 'application/json' } : {}),
      };
      const body = withBody ? JSON.stringify(input.body ?? {}) : undefined;
      const attempts = IDEMPOTENT.has(route.method) ? 1 + retries : 1;
      for (let i = 1; ; i += 1) {
        try {
          return (await attempt(route.method, url, headers, body, callTimeoutMs ?? timeoutMs)) as RouteData<
            typeof route
          >;
        } catch (error) {
          if (!(error instanceof PeerUnavailable)) throw error;
          if (!error.retryable || i >= attempts) throw unavailable();
        }
      }
    },
  };
}
