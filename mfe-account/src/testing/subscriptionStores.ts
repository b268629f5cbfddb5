// Test doubles for the subscription pages: a session and a subscription store over the fake API.
import { within } from '@testing-library/react';
import { vi } from 'vitest';
import type { PlanChangePreview } from '@catalyst/contracts';
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

/** The server's price of monthly → annual: $149.99 less the unused $7.50 of the month, $142.49 charged today. */
export const ANNUAL_SWITCH_PREVIEW: PlanChangePreview = {
  interval: 'year',
  effective: 'now',
  effectiveAt: '2030-03-01T12:00:00.000Z',
  price: 149.99,
  credit: 7.5,
  amountDue: 142.49,
  currency: 'usd',
};

/** What a switch's confirmation lists, in order (the plan's price, the credit, what is charged today). */
export const switchFigures = (confirm: HTMLElement) =>
  within(confirm)
    .getAllByRole('definition')
    .map((d) => d.textContent);
