import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { createSessionStore } from '../session/store';
import { createSubscriptionStore } from './store';

const learner = { _id: 'l1', name: 'Lee', email: 'lee@example.com', role: 'user' };
const admin = { _id: 'a1', name: 'Ada', email: 'ada@example.com', role: 'admin' };

/** A fetch double: the handler sees the URL as a string; `.mock.calls` keeps what was asked. */
function fakeFetch(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  return mock as unknown as typeof fetch & Pick<typeof mock, 'mock'>;
}

function statusApi(answer: () => Response) {
  const fetch = fakeFetch((url) =>
    url.endsWith('/subscription/status') ? answer() : new Response('{}', { status: 404 }),
  );
  return { fetch, api: createApiClient({ fetch }) };
}
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscription store', () => {
  it("is 'free' and not subscribed while signed out", () => {
    const { api, fetch } = statusApi(() => ok({}));
    const store = createSubscriptionStore(createSessionStore({ api }), { api });
    expect(store.getState()).toMatchObject({
      hasSubscription: false,
      status: 'free',
      plan: null,
      isLoading: false,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the status from the server when a user signs in', async () => {
    const { api } = statusApi(() =>
      ok({
        hasSubscription: true,
        plan: 'premium',
        status: 'active',
        currentPeriodEnd: '2030-01-01T00:00:00Z',
      }),
    );
    const session = createSessionStore({ api });
    const store = createSubscriptionStore(session, { api });
    session.loadUser(learner);
    expect(store.getState().isLoading).toBe(true);
    await settle();
    expect(store.getState()).toMatchObject({
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      currentPeriodEnd: '2030-01-01T00:00:00Z',
      isLoading: false,
    });
  });

  it('treats admins as subscribed (plan admin, status active) without asking the server', async () => {
    const { api, fetch } = statusApi(() => ok({ hasSubscription: false }));
    const session = createSessionStore({ api });
    const store = createSubscriptionStore(session, { api });
    session.loadUser(admin);
    await settle();
    expect(store.getState()).toMatchObject({
      hasSubscription: true,
      plan: 'admin',
      status: 'active',
      currentPeriodEnd: null,
      isLoading: false,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves a non-admin unsubscribed when the status check fails', async () => {
    const { api } = statusApi(
      () => new Response(JSON.stringify({ success: false, message: 'down' }), { status: 503 }),
    );
    const session = createSessionStore({ api });
    const store = createSubscriptionStore(session, { api });
    session.loadUser(learner);
    await settle();
    expect(store.getState()).toMatchObject({ hasSubscription: false, status: 'free', isLoading: false });
  });

  it('goes back to free on logout and refreshes on demand', async () => {
    let active = false;
    const { api, fetch } = statusApi(() =>
      ok(
        active
          ? { hasSubscription: true, plan: 'premium', status: 'active' }
          : { hasSubscription: false, status: 'free' },
      ),
    );
    const session = createSessionStore({ api });
    const store = createSubscriptionStore(session, { api });
    session.loadUser(learner);
    await settle();
    expect(store.getState().hasSubscription).toBe(false);
    active = true;
    await store.refresh();
    expect(store.getState()).toMatchObject({ hasSubscription: true, plan: 'premium' });
    await session.logout();
    await settle();
    expect(store.getState()).toMatchObject({ hasSubscription: false, status: 'free', plan: null });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('confirms the checkout session of the success page while refreshing', async () => {
    const fetch = fakeFetch(() =>
      ok({
        hasSubscription: true,
        plan: 'premium',
        status: 'active',
        currentPeriodEnd: '2030-01-01T00:00:00Z',
        cancelAtPeriodEnd: false,
      }),
    );
    const api = createApiClient({ fetch });
    const session = createSessionStore({ api });
    session.loadUser(learner);
    const store = createSubscriptionStore(session, { api });
    await store.refresh({ sessionId: 'cs_test_123' });
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('/api/v1/subscription/status?session_id=cs_test_123');
    expect(store.getState()).toMatchObject({
      hasSubscription: true,
      plan: 'premium',
      cancelAtPeriodEnd: false,
      isLoading: false,
    });
  });

  it('asks the server for a checkout address and sends the browser to it', async () => {
    const fetch = fakeFetch((url, init) => {
      if (url.endsWith('/subscription/create-checkout-session')) {
        expect(JSON.parse(String(init?.body))).toEqual({ plan: 'premium' });
        return ok({ url: 'http://pay.example/checkout/cs_1', sessionId: 'cs_1' });
      }
      return ok({ hasSubscription: false, status: 'free' });
    });
    const api = createApiClient({ fetch });
    const navigate = vi.fn();
    const session = createSessionStore({ api });
    session.loadUser(learner);
    const store = createSubscriptionStore(session, { api, navigate });
    await store.startCheckout();
    expect(navigate).toHaveBeenCalledWith('http://pay.example/checkout/cs_1');
  });

  it('does not leave the page when the checkout cannot start', async () => {
    const fetch = fakeFetch(
      () => new Response(JSON.stringify({ success: false, message: 'down' }), { status: 503 }),
    );
    const api = createApiClient({ fetch });
    const navigate = vi.fn();
    const session = createSessionStore({ api });
    const store = createSubscriptionStore(session, { api, navigate });
    await expect(store.startCheckout()).rejects.toThrow('down');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('applies the status answered to cancel and reactivate', async () => {
    let cancelAtPeriodEnd = false;
    const fetch = fakeFetch((url) => {
      if (url.endsWith('/subscription/cancel')) cancelAtPeriodEnd = true;
      if (url.endsWith('/subscription/reactivate')) cancelAtPeriodEnd = false;
      const body = {
        hasSubscription: true,
        plan: 'premium',
        status: 'active',
        currentPeriodEnd: '2030-01-01T00:00:00Z',
        cancelAtPeriodEnd,
      };
      return new Response(
        JSON.stringify({ success: true, data: body, message: cancelAtPeriodEnd ? 'ends later' : 'renews' }),
        { status: 200 },
      );
    });
    const api = createApiClient({ fetch });
    const session = createSessionStore({ api });
    session.loadUser(learner);
    const store = createSubscriptionStore(session, { api });
    await settle();
    expect(await store.cancel()).toBe('ends later');
    expect(store.getState()).toMatchObject({ hasSubscription: true, cancelAtPeriodEnd: true });
    expect(await store.reactivate()).toBe('renews');
    expect(store.getState().cancelAtPeriodEnd).toBe(false);
  });
});
