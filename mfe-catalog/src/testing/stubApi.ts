import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body: unknown;
}

type Handler = StubAnswer | ((url: URL) => StubAnswer | Promise<StubAnswer>);

/**
 * Stubs fetch for the API: the first route whose path prefix matches a request's path (after /api/v1)
 * answers it. Every request's URL is recorded. Unknown paths answer 404 in the one error shape.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    calls.push(url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const match = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find(
        (prefix) =>
          path === prefix ||
          path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) ||
          path.startsWith(`${prefix}?`),
      );
    const handler = match === undefined ? undefined : routes[match];
    const answer: StubAnswer =
      handler === undefined
        ? { status: 404, body: { success: false, message: 'Not found' } }
        : typeof handler === 'function'
          ? await handler(url)
          : handler;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, paths: () => calls.map((u) => u.pathname.replace(/^\/api\/v1/, '') + u.search) };
}

export const ok = (data: unknown): StubAnswer => ({ body: { success: true, data } });
export const fail = (status: number, message: string): StubAnswer => ({
  status,
  body: { success: false, message },
});
export const PREMIUM_REFUSAL = fail(403, 'Active subscription required to access this content');

/** An answer held back until release() is called: what the page shows while one read is still on its way. */
export function heldAnswer(answer: StubAnswer): { handler: () => Promise<StubAnswer>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { handler: () => released.then(() => answer), release };
}
