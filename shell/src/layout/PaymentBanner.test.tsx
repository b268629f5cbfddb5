import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionRoutes, type SubscriptionStatus } from '@catalyst/contracts';
import { createApiClient, createSessionStore, createSubscriptionStore } from '@catalyst/web-kit';
import { fakeApi, inTurn } from '@catalyst/web-kit/testing';
import { PaymentBanner } from './PaymentBanner';

afterEach(() => vi.unstubAllGlobals());

const PAST_DUE: SubscriptionStatus = {
  hasSubscription: true,
  plan: 'premium',
  status: 'past_due',
  currentPeriodEnd: '2030-04-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceEndsAt: '2030-03-22T12:00:00.000Z',
};
const ACTIVE: SubscriptionStatus = { ...PAST_DUE, status: 'active', graceEndsAt: null };

function renderBanner(...answers: [SubscriptionStatus, ...SubscriptionStatus[]]) {
  const fake = fakeApi().on(subscriptionRoutes.status, inTurn(...answers));
  const api = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const session = createSessionStore({ api });
  session.loadUser({ _id: 'u1', name: 'Lena', email: 'lena@example.com', role: 'user' });
  const store = createSubscriptionStore(session, { api });
  render(
    <MemoryRouter>
      <PaymentBanner store={store} />
    </MemoryRouter>,
  );
  return store;
}

describe('the payment banner', () => {
  it('says a renewal failed, until when Premium stays, and links to the card update', async () => {
    renderBanner(PAST_DUE);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      'Your last payment failed. Update your card by March 22, 2030 to keep Premium. Update card',
    );
    expect(screen.getByRole('link', { name: 'Update card' }).getAttribute('href')).toBe(
      '/account/billing?update=card',
    );
  });

  it('goes once the plan is paid again, and is never there for a plan in good standing', async () => {
    const store = renderBanner(PAST_DUE, ACTIVE);
    await screen.findByRole('alert');
    await act(() => store.refresh());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
