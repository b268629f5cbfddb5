// The remotes' one test double of the API: global fetch answering the declared routes a test stubs.
// Tests only: product code never imports `@catalyst/web-kit/testing` (eslint refuses it outside tests).
import { vi } from 'vitest';
import type { z } from 'zod';
import {
  apiRoutes,
  routeKey,
  type FieldError,
  type RouteBodyInput,
  type RouteDeclaration,
} from '@catalyst/contracts';
import { DEFAULT_API_BASE, PREMIUM_REQUIRED_MESSAGE } from '../api/client';

/** `'/threads/:threadId/posts/:postId'` → `{ threadId: string; postId: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/** One request the fake received, as the page sent it. */
export interface FakeCall<R extends RouteDeclaration = RouteDeclaration> {
  method: string;
  /** The path under the API base, parameters filled in, without the query. */
  path: string;
  query: URLSearchParams;
  /** The address as fetched. */
  url: string;
  params: PathParams<R['path']>;
  /** The JSON body parsed (a FormData as sent), or undefined. */
  body: RouteBodyInput<R>;
  headers: Headers;
  signal: AbortSignal | null;
  /** The fetch options as sent (keepalive, a FormData body...). */
  init: RequestInit;
  /** The declaration the request was for; undefined when it matched none. */
  route: RouteDeclaration | undefined;
}

const ANSWER = Symbol('fake answer');

/** An answer other than the route's plain success: a failure, a message beside the data, another status. */
export interface FakeAnswer {
  readonly [ANSWER]: true;
  status?: number;
  body: unknown;
}

/**
 * What a handler answers: the route's data as the wire may carry it (its response schema's input: a field
 * with a default may be absent), in the success envelope; a FakeAnswer; or a raw Response (bytes, streams).
 */
export type FakeReply<R extends RouteDeclaration> = z.input<R['response']> | FakeAnswer | Response;
export type FakeHandler<R extends RouteDeclaration> =
  FakeReply<R> | ((call: FakeCall<R>) => FakeReply<R> | Promise<FakeReply<R>>);

/** A failure in the one error shape. */
export const failure = (status: number, message: string, errors?: FieldError[]): FakeAnswer => ({
  [ANSWER]: true,
  status,
  body: { success: false, message, ...(errors ? { errors } : {}) },
});

/** The server's refusal of premium content to a signed-in user without a plan. */
export const PREMIUM_REFUSAL = failure(403, PREMIUM_REQUIRED_MESSAGE);

/** A success with the server's message beside the data (forms show it), optionally with another status. */
export const success = (data: unknown, options: { message?: string; status?: number } = {}): FakeAnswer => ({
  [ANSWER]: true,
  status: options.status,
  body: { success: true, data, ...(options.message ? { message: options.message } : {}) },
});

/** An answer that never comes (the request rejects as fetch does when its signal aborts). */
export const hanging = (signal: AbortSignal | null): Promise<never> =>
  new Promise((_, reject) => {
    const abort = () =>
      reject(signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
  });

/** No answer: the request rejects as a browser's fetch does when the server cannot be reached. */
export const networkFailure = (): Promise<never> => Promise.reject(new TypeError('Failed to fetch'));

/**
 * Answers a route's calls in turn: the first call the first reply, the next the next, and the last reply every
 * call after (a reply may be a handler, e.g. `networkFailure`): `inTurn(failure(409, 'Taken'), networkFailure)`.
 */
export function inTurn<R extends RouteDeclaration>(
  ...replies: [FakeHandler<R>, ...FakeHandler<R>[]]
): (call: FakeCall<R>) => FakeReply<R> | Promise<FakeReply<R>> {
  let next = 0;
  return (call) => {
    const reply = replies[Math.min(next++, replies.length - 1)]!;
    return typeof reply === 'function'
      ? (reply as (call: FakeCall<R>) => FakeReply<R> | Promise<FakeReply<R>>)(call)
      : reply;
  };
}

/** An answer held back until `release()`: what a page shows while one request is still on its way. */
export function held<T>(reply: T): { reply: () => Promise<T>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reply: () => released.then(() => reply), release };
}

/** A Server-Sent Events answer the test writes to as it goes (`send`), and can drop (`drop`). */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(type: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    drop() {
      controller.error(new TypeError('network error'));
    },
  };
}

interface Compiled {
  route: RouteDeclaration;
  regex: RegExp;
  names: string[];
  /** Literal segments: `/content/products/top` outranks `/content/products/:idOrSlug`. */
  literals: number;
}

const compile = (route: RouteDeclaration): Compiled => {
  const names: string[] = [];
  const pattern = route.path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? (names.push(segment.slice(1)), '([^/]+)')
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return {
    route,
    regex: new RegExp(`^${pattern}$`),
    names,
    literals: route.path.split('/').filter((s) => s && !s.startsWith(':')).length,
  };
};

const declared = apiRoutes.map(compile);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const isAnswer = (value: unknown): value is FakeAnswer =>
  typeof value === 'object' && value !== null && ANSWER in value;

/**
 * Stubs global fetch with the API's declared routes a test answers, keyed by their declarations:
 * `fakeApi().on(productRoutes.get, ({ params }) => product)`. Answers come in the API's envelope (the
 * route's declared status), typed by the route's response schema; every request is recorded; a request
 * for a route not stubbed (or not declared) is a 404 in the one error shape. Undo with vi.unstubAllGlobals().
 */
export function fakeApi(base = DEFAULT_API_BASE) {
  /** By route: its answers, each for the path parameters it names (none: every call of the route). */
  const handlers = new Map<
    string,
    Array<{ params: Record<string, string>; handler: FakeHandler<RouteDeclaration> }>
  >();
  /** The answer naming the most of a call's path parameters, else the route's general one. */
  const handlerFor = (route: RouteDeclaration, params: Record<string, string>) =>
    handlers
      .get(routeKey(route))
      ?.filter((entry) => Object.entries(entry.params).every(([name, value]) => params[name] === value))
      .sort((a, b) => Object.keys(b.params).length - Object.keys(a.params).length)[0]?.handler;
  const extra: Compiled[] = [];
  const calls: FakeCall[] = [];
  /** No connection: every request is recorded and rejected (see `offline`). */
  let disconnected = false;

  const resolve = (method: string, path: string) => {
    let best: { compiled: Compiled; match: RegExpExecArray } | undefined;
    for (const compiled of [...declared, ...extra]) {
      if (compiled.route.method !== method) continue;
      const match = compiled.regex.exec(path);
      if (!match) continue;
      const better =
        !best ||
        compiled.literals > best.compiled.literals ||
        (compiled.literals === best.compiled.literals &&
          handlers.has(routeKey(compiled.route)) &&
          !handlers.has(routeKey(best.compiled.route)));
      if (better) best = { compiled, match };
    }
    return best;
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = parsed.pathname.startsWith(`${base}/`)
      ? parsed.pathname.slice(base.length)
      : parsed.pathname;
    const found = parsed.pathname.startsWith(`${base}/`) ? resolve(method, path) : undefined;
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: FakeCall = {
      method,
      path,
      query: parsed.searchParams,
      url,
      params: Object.fromEntries(
        (found?.compiled.names ?? []).map((name, i) => [name, decodeURIComponent(found!.match[i + 1]!)]),
      ),
      body: body as never,
      headers: new Headers(init.headers),
      signal: init.signal ?? null,
      init,
      route: found?.compiled.route,
    };
    calls.push(call);
    if (disconnected) return networkFailure();
    const handler = found
      ? handlerFor(found.compiled.route, call.params as Record<string, string>)
      : undefined;
    if (!found || handler === undefined)
      return json(404, { success: false, message: `Route not found: ${method} ${parsed.pathname}` });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply instanceof Response) return reply;
    if (isAnswer(reply)) return json(reply.status ?? found.compiled.route.status ?? 200, reply.body);
    return json(found.compiled.route.status ?? 200, { success: true, data: reply });
  });
  vi.stubGlobal('fetch', fetchMock);

  const fake = {
    /**
     * Answers a declared route, or only its calls with these path parameters (they win over the route's
     * general answer); a later `on` of the same route and parameters replaces the earlier one.
     */
    on<R extends RouteDeclaration>(
      route: R,
      handler: FakeHandler<R>,
      params: Partial<PathParams<R['path']>> = {},
    ) {
      if (!declared.some((compiled) => routeKey(compiled.route) === routeKey(route)))
        extra.push(compile(route));
      const named = (given: object) => JSON.stringify(Object.entries(given).sort());
      const others = (handlers.get(routeKey(route)) ?? []).filter(
        (entry) => named(entry.params) !== named(params),
      );
      const entry = {
        params: params as Record<string, string>,
        handler: handler as FakeHandler<RouteDeclaration>,
      };
      handlers.set(routeKey(route), [...others, entry]);
      return fake;
    },
    /** Makes a route fail in the one error shape. */
    fail(route: RouteDeclaration, status: number, message: string, errors?: FieldError[]) {
      return fake.on(route, failure(status, message, errors));
    },
    /** Makes a route never answer (until the request is aborted). */
    hang(route: RouteDeclaration) {
      return fake.on(route, (call) => hanging(call.signal));
    },
    /** Makes a route unreachable: its fetch rejects as a browser's does when the server cannot be reached. */
    unreachable(route: RouteDeclaration) {
      return fake.on(route, networkFailure);
    },
    /**
     * Takes the browser offline (or back online with `false`): every request, stubbed or not, API or not,
     * rejects as fetch does without a connection. What the page sends is still recorded.
     */
    offline(on = true) {
      disconnected = on;
      return fake;
    },
    /** Stops answering a route: it is a 404 again. */
    off(route: RouteDeclaration) {
      handlers.delete(routeKey(route));
      return fake;
    },
    /** Every request, in order. */
    calls,
    /** The requests for one declared route (with these path parameters, if given). */
    callsTo<R extends RouteDeclaration>(
      route: R,
      params: Partial<PathParams<R['path']>> = {},
    ): FakeCall<R>[] {
      return calls.filter(
        (call) =>
          call.route &&
          routeKey(call.route) === routeKey(route) &&
          Object.entries(params).every(
            ([name, value]) => (call.params as Record<string, string>)[name] === value,
          ),
      ) as FakeCall<R>[];
    },
    /** Every request as `METHOD /path?query` (under the API base). */
    requests(): string[] {
      return calls.map(
        (call) => `${call.method} ${call.path}${call.query.toString() ? `?${call.query.toString()}` : ''}`,
      );
    },
    /** The stubbed fetch itself. */
    fetch: fetchMock,
  };
  return fake;
}

export type FakeApi = ReturnType<typeof fakeApi>;
