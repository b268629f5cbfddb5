import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FREE_STATUS, subscriptionRoutes, type SubscriptionStatus } from '@catalyst/contracts';
import { session } from '@catalyst/web-kit';
import { fakeApi } from '@catalyst/web-kit/testing';
import { PlansPage } from './PlansPage';
import { SubscriptionCancelPage } from './SubscriptionCancelPage';
import { SubscriptionSuccessPage } from './SubscriptionSuccessPage';
import { fakeStores, learner } from '../testing/subscriptionStores';

beforeAll(() => {
  // Site configuration as the gateway injects it: the support links come from here.
  const config = document.createElement('script');
  config.type = 'application/json';
  config.id = 'catalyst-config';
  config.textContent = JSON.stringify({ supportEmail: 'help@catalyst.example', contactPhone: '+1 555 0100' });
  document.head.appendChild(config);
  // The pages greet the shared session's user; no real fetch: the fake answers what no test stubbed with a 404.
  fakeApi();
  session.loadUser(learner);
});
afterEach(() => vi.clearAllMocks());

/** Premium just bought: the status the checkout's return confirms. */
const PREMIUM: SubscriptionStatus = {
  hasSubscription: true,
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

const title = () => screen.getByRole('heading', { level: 1 }).textContent;
/** The line under the page's title. */
const lead = () => screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent;
/** What follows a section heading (its paragraph or its list). */
const under = (heading: string) =>
  screen.getByRole('heading', { level: 2, name: heading }).nextElementSibling as HTMLElement;
/** The details list: { Plan: 'Premium', Reference: ... }. */
const details = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

function at(path: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/subscription/:page" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SubscriptionSuccessPage', () => {
  it('confirms the session while showing the spinner, then greets the learner', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { store, fake } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, PREMIUM));
    const slowRefresh = store.refresh;
    store.refresh = async (options) => {
      await gate;
      return slowRefresh(options);
    };
    at('/subscription/success?session_id=cs_test_42', <SubscriptionSuccessPage store={store} />);
    expect(screen.getByRole('status').textContent).toBe('Confirming your subscription...');
    release();
    await waitFor(() => expect(title()).toBe('Subscription Activated Successfully'));
    expect(fake.requests()).toContain('GET /subscription/status?session_id=cs_test_42');
    expect(lead()).toBe('Welcome to Premium, Lena Learner!');
    expect(
      within(under('You now have access to'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('Access all premium courses and content');
    expect(details()).toMatchObject({ Plan: 'Premium', Reference: 'cs_test_42' });
    expect(screen.getAllByText('Premium').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Start Learning Now' }).getAttribute('href')).toBe('/browse');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('says so when the card already had a free trial: no trial, nothing charged', async () => {
    const { store } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, { ...FREE_STATUS, status: 'canceled' }),
    );
    at('/subscription/success?session_id=cs_test_43', <SubscriptionSuccessPage store={store} />);
    await waitFor(() => expect(title()).toBe('No free trial with this card'));
    expect(
      screen.getByText(
        'This card has already had a free trial, so no trial was started and nothing was charged.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Choose your plan' }).getAttribute('href')).toBe('/subscription');
  });

  it('skips the spinner without a session id', async () => {
    const { store } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, PREMIUM));
    at('/subscription/success', <SubscriptionSuccessPage store={store} />);
    expect(screen.queryByText('Confirming your subscription...')).toBeNull();
    expect(title()).toBe('Subscription Activated Successfully');
  });
});

describe('SubscriptionCancelPage', () => {
  it.each([
    [
      'payment_failed',
      'Your payment could not be processed. Please check your payment method and try again.',
    ],
    ['card_declined', 'Your card was declined. Please try a different payment method.'],
    ['insufficient_funds', 'Insufficient funds on your payment method. Please try a different card.'],
    ['expired_card', 'Your card has expired. Please update your payment method.'],
    ['session_expired', 'Your session has expired. Please try subscribing again.'],
    [
      'something_else',
      'There was an issue processing your subscription. Please try again or contact support.',
    ],
  ])('explains error=%s', async (code, message) => {
    const { store } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, FREE_STATUS));
    at(`/subscription/cancel?session_id=cs_test_1&error=${code}`, <SubscriptionCancelPage store={store} />);
    expect(title()).toBe('Subscription Failed');
    expect(under('What happened?').textContent).toBe(message);
  });

  it('shows the name, how to fix it, the dashboard button and the support links, and refreshes the status', async () => {
    const { store, fake } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, FREE_STATUS));
    at(
      '/subscription/cancel?session_id=cs_test_1&error=payment_failed',
      <SubscriptionCancelPage store={store} />,
    );
    expect(lead()).toBe("Sorry, Lena Learner, we couldn't complete your subscription.");
    expect(under('What happened?').textContent).toBe(
      'Your payment could not be processed. Please check your payment method and try again.',
    );
    expect(
      within(under('How to fix this'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Check that your payment information is correct',
      'Make sure you have sufficient funds',
      'Try a different payment method',
      'Contact your bank for more information',
    ]);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'help@catalyst.example' }).getAttribute('href')).toBe(
      'mailto:help@catalyst.example',
    );
    expect(screen.getByRole('link', { name: '+1 555 0100' }).getAttribute('href')).toBe('tel:+15550100');
    expect(details()).toMatchObject({
      Plan: 'Premium',
      Reference: 'cs_test_1',
      'Error code': 'payment_failed',
    });
    await waitFor(() => expect(fake.requests()).toContain('GET /subscription/status'));
  });

  it('Try Again goes straight back into the hosted checkout, to try another card', async () => {
    const { store, navigate, fake } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, FREE_STATUS).on(subscriptionRoutes.createCheckoutSession, {
        sessionId: 'cs_2',
        url: 'http://pay.test/checkout/cs_2',
      }),
    );
    at(
      '/subscription/cancel?session_id=cs_test_1&error=card_declined',
      <SubscriptionCancelPage store={store} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://pay.test/checkout/cs_2'));
    expect(fake.requests()).toContain('POST /subscription/create-checkout-session');
  });

  it('treats going back from the checkout as no failure: the plans page again, with a neutral note', async () => {
    const { store } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, FREE_STATUS));
    render(
      <MemoryRouter initialEntries={['/subscription/cancel?session_id=cs_test_1']}>
        <Routes>
          <Route path="/subscription/cancel" element={<SubscriptionCancelPage store={store} />} />
          <Route path="/subscription" element={<PlansPage store={store} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeInstanceOf(
      HTMLHeadingElement,
    );
    expect(screen.getByText('Checkout closed')).toBeInstanceOf(HTMLElement);
    expect(
      screen.getByText(
        'You left the checkout before paying, so nothing was charged. Subscribe whenever you are ready.',
      ),
    ).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('Subscription Failed')).toBeNull();
    expect(screen.queryByText('Make sure you have sufficient funds')).toBeNull();
  });
});
