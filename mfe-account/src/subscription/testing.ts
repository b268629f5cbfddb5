// Test doubles for the subscription pages: a session and a subscription store over a scripted API.
import { vi } from 'vitest';
import {
  createApiClient,
  createSessionStore,
  createSubscriptionStore,
  type SessionUser,
} from '@catalyst/web-kit';

export type Route = (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined;

export function scriptedStores(route: Route, user: SessionUser | null) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const answer = route(url, init) ?? { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ fetch, baseUrl: '/api/v1' });
  const session = createSessionStore({ api });
  if (user) session.loadUser(user);
  const navigate = vi.fn();
  const store = createSubscriptionStore(session, { api, navigate });
  return { store, session, navigate, calls, api };
}

export const ok = (data: unknown, message?: string) => ({
  body: { success: true, data, ...(message ? { message } : {}) },
});

export const learner: SessionUser = {
  _id: 'u1',
  name: 'Lena Learner',
  email: 'lena@example.com',
  role: 'user',
};
export const admin: SessionUser = { _id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' };
