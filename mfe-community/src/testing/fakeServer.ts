import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
  signal?: AbortSignal | null;
}

/** An answer in the one shape (`data` wrapped as a success, `error` as a failure), or a raw Response (a stream). */
export type FakeAnswer =
  | { status?: number; data?: unknown; error?: string; errors?: Array<{ field: string; message: string }> }
  | Response;
type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Stubs fetch with the community service's routes as a test declares them ('PUT /community/posts/:postId/vote'),
 * paths under /api/v1. Every request is recorded; an undeclared one is a 404 in the one error shape.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/[.]/g, '\\.').replace(/:([A-Za-z]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`,
    );
    return { method, regex, names, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const request: FakeRequest = {
      method,
      path,
      params: {},
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
      signal: init.signal,
    };
    requests.push(request);
    for (const route of compiled) {
      const match = route.method === method ? route.regex.exec(path) : null;
      if (!match) continue;
      request.params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      const answer = await route.handler(request);
      if (answer instanceof Response) return answer;
      const { status = answer.error ? 400 : 200 } = answer;
      const body = answer.error
        ? { success: false, message: answer.error, ...(answer.errors ? { errors: answer.errors } : {}) }
        : { success: true, data: answer.data };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ success: false, message: `Route not found: ${method} ${path}` }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const called = (method: string, path: string) =>
    requests.filter((request) => request.method === method && request.path === path);
  return { requests, called, fetchMock };
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
