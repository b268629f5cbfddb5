// Test doubles for the subscription pages: a session and a subscription store over the fake API.
import { vi } from 'vitest';
import {
  createApiClient,
  createSessionStore,
  createSubscriptionStore,
  type SessionUser,
} from '@catalyst/web-kit';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';

/**
 * A session (with `user` signed in) and a subscription store whose client reads from the fake API. Pass the fake
 * with the routes the test needs already answered (`fakeApi().on(subscriptionRoutes.status, ACTIVE)`): the store
 * asks for the status as soon as it is made.
 */
export function fakeStores(user: SessionUser | null, fake: FakeApi = fakeApi()) {
  const api = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const session = createSessionStore({ api });
  if (user) session.loadUser(user);
  const navigate = vi.fn();
  const store = createSubscriptionStore(session, { api, navigate });
  return { store, session, navigate, fake, api };
}

export const learner: SessionUser = {
  _id: 'u1',
  name: 'Lena Learner',
  email: 'lena@example.com',
  role: 'user',
};
export const admin: SessionUser = { _id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' };
