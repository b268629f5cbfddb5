import type { FieldError } from '@catalyst/contracts';
import { API_PREFIX, FRAMED_REQUEST_HEADER } from '@catalyst/contracts/api-path';
import { currentLanguage } from '../i18n/language';
import { TOKEN_STORAGE_KEY } from '../session/keys';
import { browserOffline } from '../offline/layer';
import { queuableClientTime } from '../offline/queuable';
import { readSiteConfig } from '../site';
import { createEndpoints, type Endpoints } from './endpoints';
import { newTrace, TRACE_ID_HEADER, TRACEPARENT_HEADER } from './trace';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Lets a request outlive the page (progress saved on unload). */
  keepalive?: boolean;
  /** Only the server's own answer will do: never the session's kept answer when offline. */
  fresh?: boolean;
}

/** A success answer with the server's optional message kept beside the data. */
export interface ApiResult<T> {
  data: T;
  message?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const DEFAULT_API_BASE = API_PREFIX;
export { TOKEN_STORAGE_KEY };
/** The X-Requested-With of the app's own calls to /auth/* (see services/auth remember-cookie.ts). */
export const APP_REQUEST_HEADER_VALUE = 'catalyst';
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';
/** The server's refusal of premium content to a signed-in user without a plan. */
export const PREMIUM_REQUIRED_MESSAGE = 'Active subscription required to access this content';

/** A failed call: the HTTP status (0 when the server was never reached), the message and field errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  /** The call's trace (the gateway's x-trace-id, else the one the call started): error reports carry it. */
  readonly traceId?: string;

  constructor(message: string, status: number, errors: FieldError[] = [], traceId?: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    if (traceId) this.traceId = traceId;
  }

  /** The message of one field's error, if the server reported one. */
  fieldError(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** True when the server refused content because the user has no active subscription. */
export function isPremiumRequired(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 403 && error.message === PREMIUM_REQUIRED_MESSAGE;
}

/**
 * What a client does when the server cannot be reached (see docs/architecture.md, "Offline and
 * install"): a signed-in GET answers the person's last kept answer, a write with a client time waits
 * in a queue. Only the browser's shared `api` has one; other clients just fail.
 */
export interface OfflineLayer {
  remember(token: string, url: string, answer: { data: unknown; message?: string }): Promise<void>;
  recall(token: string, url: string): Promise<{ data: unknown; message?: string } | undefined>;
  enqueue(
    token: string,
    write: { method: 'PATCH'; url: string; body: unknown; clientTime: number },
  ): Promise<boolean>;
  pending(
    token: string,
  ): Promise<Array<{ key: string; write: { method: string; url: string; body: unknown } }>>;
  done(key: string): Promise<void>;
  /** The server was reached (true) or not (false); `kept` when a kept answer was shown instead. */
  reached(ok: boolean, kept?: boolean): void;
}

/** The browser's offline layer: IndexedDB stores filed per session (loaded on first need), and the connection state. */
export { browserOffline };

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  offline?: OfflineLayer;
}

/**
 * The API: every declared endpoint a browser calls, typed by its declaration (`api.product.list({ query })`;
 * see endpoints.ts), over the raw calls they are made of (auth header, errors, prefetch reuse, base URL).
 */
export interface ApiClient extends Endpoints {
  /**
   * The raw calls the endpoints are made of: their data is `unknown` (nothing here knows what a path answers);
   * `api.<table>.<name>` gives it the type its declaration names (endpoints.ts).
   */
  request(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<unknown>>;
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post(path: string, options?: RequestOptions): Promise<unknown>;
  put(path: string, options?: RequestOptions): Promise<unknown>;
  patch(path: string, options?: RequestOptions): Promise<unknown>;
  delete(path: string, options?: RequestOptions): Promise<unknown>;
  url(path: string, query?: Record<string, QueryValue>): string;
  /**
   * Starts a GET now (e.g. the shell, while a route's remote code downloads); the first `get` of the
   * same URL with the same session within PREFETCH_TTL_MS takes its answer instead of asking again.
   * Resolves to the answer's data for a success (e.g. to hint its images), else undefined; never rejects.
   */
  prefetch(path: string, query?: Record<string, QueryValue>): Promise<unknown>;
  setBaseUrl(baseUrl: string): void;
  /**
   * Sends the writes this session queued while offline (oldest client time first); stops at the first
   * that cannot reach the server. Answers how many were delivered (a refused one is dropped).
   */
  sendQueuedWrites(): Promise<number>;
  /**
   * Who renews a refused token: a call whose token the server refused (401: its 12 hours ended, or it was
   * revoked) asks it once for another and is sent again with it; null leaves the 401 to the caller.
   */
  setTokenRenewer(renew: TokenRenewer | undefined): void;
}

/** Answers the token to send a refused call again with (the session renewed), or null (signed out). */
export type TokenRenewer = (refused: string) => Promise<string | null>;

/** The calls that answer for the session themselves: a 401 there is their answer, never renewed. */
const SESSION_PATHS = new Set(['/auth/login', '/auth/refresh', '/auth/me', '/auth/logout']);

/** How long a prefetched answer waits for its reader; older ones are fetched again. */
export const PREFETCH_TTL_MS = 10_000;

/** What the tab keeps its token in: sessionStorage's three calls. */
export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const pageMemory = new Map<string, string>();
const pageMemoryStorage: TabStorage = {
  getItem: (key) => pageMemory.get(key) ?? null,
  setItem: (key, value) => void pageMemory.set(key, value),
  removeItem: (key) => void pageMemory.delete(key),
};

/**
 * The tab's storage: sessionStorage, or this page's memory where the browser denies it (privacy modes, a frame
 * of another site's LMS that blocks its storage) — one for the session store and every client, so the token the
 * store keeps is the one the calls send.
 */
export function tabStorage(): TabStorage {
  try {
    if (globalThis.sessionStorage) return globalThis.sessionStorage;
  } catch {
    // denied: the page's memory
  }
  return pageMemoryStorage;
}

/** Whether this page is framed by another page (an LMS's after an LTI launch). */
function inAnotherPagesFrame(): boolean {
  try {
    return typeof window !== 'undefined' && window.top !== window.self;
  } catch {
    return true;
  }
}

/** The signed-in session's bearer token (for the few clients that are not this one: tus uploads). */
export function readSessionToken(): string | null {
  try {
    return tabStorage().getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function normaliseFieldErrors(raw: unknown): FieldError[] {
  // The spec's second server shape: an error object keyed by field ({ email: 'Taken' } or { email: { message } }).
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    return Object.entries(raw as Record<string, unknown>).flatMap(([field, value]) => {
      const message =
        typeof value === 'string'
          ? value
          : ((value as { message?: unknown; msg?: unknown } | null)?.message ??
            (value as { msg?: unknown } | null)?.msg);
      return typeof message === 'string' ? [{ field, message }] : [];
    });
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const item = entry as Record<string, unknown>;
    const field = item.field ?? item.path;
    const message = item.message ?? item.msg;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  let baseUrl = options.baseUrl ?? DEFAULT_API_BASE;
  const getToken = options.getToken ?? readSessionToken;
  const offline = options.offline;
  let renewToken: TokenRenewer | undefined;

  const url = (path: string, query?: Record<string, QueryValue>) => {
    const base = baseUrl.replace(/\/+$/, '');
    const suffix = path.startsWith('/') ? path : `/${path}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const search = params.toString();
    return `${base}${suffix}${search ? (suffix.includes('?') ? '&' : '?') + search : ''}`;
  };

  // Each call starts a trace of its own (W3C traceparent), continued by the gateway and the services.
  const framed: Record<string, string> = inAnotherPagesFrame() ? { [FRAMED_REQUEST_HEADER]: '1' } : {};
  // The page's language, so a refusal's message comes back in it.
  const headersFor = (token: string | null, trace = newTrace()): Record<string, string> => ({
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    [TRACEPARENT_HEADER]: trace.traceparent,
    ...framed,
  });
  // Looked up per call: a test (or a polyfill) may replace the global fetch after the client exists.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  /** Prefetched GETs by URL and session token, each read at most once. */
  const prefetched = new Map<string, { at: number; response: Promise<Response> }>();
  const prefetchKey = (target: string, token: string | null) => `${token ?? ''} ${target}`;

  function prefetch(path: string, query?: Record<string, QueryValue>): Promise<unknown> {
    const target = url(path, query);
    const token = getToken();
    const key = prefetchKey(target, token);
    if (prefetched.has(key)) return Promise.resolve(undefined);
    const response = doFetch(target, { method: 'GET', headers: headersFor(token) });
    prefetched.set(key, { at: Date.now(), response });
    // Read from a copy, before the reader (registered first): the reader gets the untouched answer.
    return response
      .then(async (answer) =>
        answer.ok ? ((await answer.clone().json()) as { data?: unknown }).data : undefined,
      )
      .catch(() => undefined);
  }

  function takePrefetched(target: string, token: string | null): Promise<Response> | undefined {
    const key = prefetchKey(target, token);
    const early = prefetched.get(key);
    prefetched.delete(key);
    return early && Date.now() - early.at < PREFETCH_TTL_MS ? early.response : undefined;
  }

  /** One call; `renewed`: sent again with a renewed token, so a second 401 is the answer. */
  async function send(
    method: HttpMethod,
    path: string,
    init: RequestOptions,
    renewed: boolean,
  ): Promise<ApiResult<unknown>> {
    const token = getToken();
    const trace = newTrace();
    const headers = headersFor(token, trace);
    // The auth routes may read or set the remembered sign-in's cookie: the app's own header proves the call
    // comes from its pages (a cross-site form cannot send it), as the server requires there.
    if (path.startsWith('/auth/')) headers['X-Requested-With'] = APP_REQUEST_HEADER_VALUE;
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) {
      body = init.body;
    } else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }

    const target = url(path, init.query);
    const early = method === 'GET' && body === undefined ? takePrefetched(target, token) : undefined;
    let response: Response;
    try {
      response = await (early ??
        doFetch(target, { method, headers, body, signal: init.signal, keepalive: init.keepalive }));
    } catch (error) {
      if (init.signal?.aborted) throw error;
      const kept = init.fresh ? undefined : await keptInstead(method, target, token, init.body);
      if (kept) return kept;
      throw new ApiRequestError(NETWORK_ERROR_MESSAGE, 0, [], trace.traceId);
    }
    offline?.reached(true);
    if (response.status === 401 && token && renewToken && !renewed && !SESSION_PATHS.has(path)) {
      const next = await renewToken(token).catch(() => null);
      if (next && next !== token) return send(method, path, init, true);
    }
    // A prefetched answer belongs to its own call's trace: the gateway names it.
    const traceId = response.headers?.get(TRACE_ID_HEADER) ?? (early ? undefined : trace.traceId);

    const text = await response.text().catch(() => '');
    let parsed: unknown;
    let isJson = false;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
        isJson = true;
      } catch {
        isJson = false;
      }
    }
    const envelope = (isJson && parsed && typeof parsed === 'object' ? parsed : {}) as Record<
      string,
      unknown
    >;
    const message =
      typeof envelope.message === 'string' && envelope.message !== '' ? envelope.message : undefined;

    if (!response.ok || envelope.success === false) {
      if (text.trim() !== '' && !isJson)
        throw new ApiRequestError(NETWORK_ERROR_MESSAGE, response.status, [], traceId);
      throw new ApiRequestError(
        message ?? `HTTP ${response.status}`,
        response.status,
        normaliseFieldErrors(envelope.errors),
        traceId,
      );
    }
    if (text.trim() !== '' && !isJson)
      throw new ApiRequestError(NETWORK_ERROR_MESSAGE, response.status, [], traceId);
    const result = {
      data: 'data' in envelope ? envelope.data : undefined,
      ...(message ? { message } : {}),
    };
    if (offline && token && method === 'GET') void offline.remember(token, target, result);
    return result;
  }

  /**
   * The server was not reached: a signed-in GET answers the session's kept answer (the page then says
   * it is offline); a write with a client time is queued for the connection's return (and still fails,
   * so the caller's own retry goes on while the page is open).
   */
  async function keptInstead(
    method: HttpMethod,
    target: string,
    token: string | null,
    requestBody: unknown,
  ): Promise<ApiResult<unknown> | undefined> {
    if (!offline) return undefined;
    if (token && method === 'GET') {
      const kept = await offline.recall(token, target);
      offline.reached(false, kept !== undefined);
      return kept ? { data: kept.data, ...(kept.message ? { message: kept.message } : {}) } : undefined;
    }
    offline.reached(false);
    const clientTime = queuableClientTime(method, requestBody);
    if (token && method === 'PATCH' && clientTime !== undefined)
      await offline.enqueue(token, { method, url: target, body: requestBody, clientTime });
    return undefined;
  }

  let sending: Promise<number> | null = null;
  async function sendQueuedWrites(): Promise<number> {
    const token = getToken();
    if (!offline || !token) return 0;
    // one replay at a time: an 'online' event and a start-up may ask together
    sending ??= (async () => {
      let delivered = 0;
      for (const { key, write } of await offline.pending(token)) {
        let response: Response;
        try {
          response = await doFetch(write.url, {
            method: write.method,
            headers: { ...headersFor(token), 'Content-Type': 'application/json' },
            body: JSON.stringify(write.body),
          });
        } catch {
          break;
        }
        // 401: another session's token; kept for that session is pointless, so every final answer ends it
        if (response.ok) delivered += 1;
        if (
          response.ok ||
          (response.status >= 400 &&
            response.status < 500 &&
            response.status !== 408 &&
            response.status !== 429)
        )
          await offline.done(key);
        else break;
      }
      return delivered;
    })().finally(() => {
      sending = null;
    });
    return sending;
  }

  const request = (method: HttpMethod, path: string, init: RequestOptions = {}) =>
    send(method, path, init, false);

  const dataOf =
    (method: HttpMethod) =>
    async (path: string, init?: RequestOptions): Promise<unknown> =>
      (await request(method, path, init)).data;

  const client = {
    request,
    get: dataOf('GET'),
    post: dataOf('POST'),
    put: dataOf('PUT'),
    patch: dataOf('PATCH'),
    delete: dataOf('DELETE'),
    url,
    prefetch,
    setTokenRenewer(renew: TokenRenewer | undefined) {
      renewToken = renew;
    },
    setBaseUrl(next: string) {
      baseUrl = next;
    },
    sendQueuedWrites,
  };
  return Object.assign(client, createEndpoints(client));
}

/** The one client every remote uses (web-kit is a federation singleton, so this is shared). */
export const api = createApiClient({ baseUrl: readSiteConfig().apiBaseUrl, offline: browserOffline });
