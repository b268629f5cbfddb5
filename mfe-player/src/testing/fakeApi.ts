import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  url: string;
  init: RequestInit;
}

type Answer = { status?: number; body: unknown } | ((call: FakeCall) => { status?: number; body: unknown });

/** Stubs global fetch with answers keyed by "METHOD /path" (path without the /api/v1 base and query). */
export function fakeApi(answers: Record<string, Answer>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const call = { method, url, init };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    const answer = answers[`${method} ${path}`];
    if (!answer)
      return new Response(JSON.stringify({ success: false, message: `Route not found: ${method} ${path}` }), {
        status: 404,
      });
    const { status = 200, body } = typeof answer === 'function' ? answer(call) : answer;
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
