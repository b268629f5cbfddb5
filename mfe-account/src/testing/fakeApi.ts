// Test double of the server for pages that read through web-kit's `api`: global fetch answering by "METHOD /path".
import { vi } from 'vitest';

type Answer = { status?: number; body: unknown } | (() => { status?: number; body: unknown });

/** Stubs global fetch with answers keyed by "METHOD /path" (without the /api/v1 base and query); anything else is a 404. */
export function fakeApi(answers: Record<string, Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const key = `${(init.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname.replace(/^\/api\/v1/, '')}`;
      calls.push(key);
      const answer = answers[key];
      if (!answer)
        return new Response(JSON.stringify({ success: false, message: `Route not found: ${key}` }), {
          status: 404,
        });
      const { status = 200, body } = typeof answer === 'function' ? answer() : answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}

export const ok = (data: unknown) => ({ body: { success: true, data } });
export const refusal = (status: number, message: string) => ({ status, body: { success: false, message } });
