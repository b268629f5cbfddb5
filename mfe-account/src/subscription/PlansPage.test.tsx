import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionRoutes, type SubscriptionStatus } from '@catalyst/contracts';
import { fakeApi, success } from '@catalyst/web-kit/testing';
import { PlansPage } from './PlansPage';
import { admin, fakeStores, learner } from '../testing/subscriptionStores';

afterEach(() => vi.unstubAllGlobals());

const FREE: SubscriptionStatus = {
  hasSubscription: false,
  plan: null,
  status: 'free',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
const ACTIVE: SubscriptionStatus = {
  hasSubscription: true,
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: '2030-03-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
};

function renderPlans(store: Parameters<typeof PlansPage>[0]['store'], state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/subscription', state }]}>
      <PlansPage store={store} />
    </MemoryRouter>,
  );
}

const title = () => screen.getByRole('heading', { level: 1 }).textContent;
/** The page's lines of text, in order (the plan, its period, ...). */
const lines = () => screen.getAllByRole('paragraph').map((line) => line.textContent);
const enabled = (button: HTMLElement) => !(button as HTMLButtonElement).disabled;

describe('PlansPage', () => {
  it('offers Premium at 14.99 a month with its seven features', async () => {
    const { store } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, FREE));
    renderPlans(store);
    await screen.findByRole('button', { name: 'Subscribe Now' });
    const name = screen.getByRole('heading', { level: 2 });
    expect(name.textContent).toBe('Premium');
    expect(name.nextElementSibling?.textContent).toBe('Most popular choice');
    expect(within(screen.getByRole('article')).getByRole('paragraph').textContent).toBe('$14.99/month');
    const features = within(screen.getByRole('list', { name: 'Premium features' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(features).toEqual([
      'Access to all courses',
      'Install Catalyst as an app on phone and desktop',
      'Advanced progress tracking',
      'Downloadable resources',
      'Questions & answers on every lesson',
      'Live Q&A sessions',
      'Certificate of completion',
    ]);
  });

  it('sends the browser to the checkout address the server gives', async () => {
    const { store, navigate, fake } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, FREE).on(subscriptionRoutes.createCheckoutSession, {
        url: 'http://pay.test/checkout/cs_1',
        sessionId: 'cs_1',
      }),
    );
    renderPlans(store);
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://pay.test/checkout/cs_1'));
    expect(fake.requests()).toContain('POST /subscription/create-checkout-session');
  });

  it("says 'Failed to initiate subscription. Please try again.' when checkout cannot start", async () => {
    const { store, navigate } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, FREE)
        .fail(subscriptionRoutes.createCheckoutSession, 503, 'The payment provider is unavailable.'),
    );
    renderPlans(store);
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to initiate subscription. Please try again.',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(enabled(screen.getByRole('button', { name: 'Subscribe Now' }))).toBe(true);
  });

  it("shows 'You're All Set!' with the plan, the renewal date and the way out", async () => {
    let state = { ...ACTIVE };
    const { store } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, () => state)
        .on(subscriptionRoutes.cancel, () => {
          state = { ...state, cancelAtPeriodEnd: true };
          return success(state, { message: 'Your subscription will end at the end of the billing period.' });
        })
        .on(subscriptionRoutes.reactivate, () => (state = { ...state, cancelAtPeriodEnd: false }))
        .on(subscriptionRoutes.portal, { url: 'http://pay.test/portal/bps_1' }),
    );
    renderPlans(store);
    await waitFor(() => expect(title()).toBe("You're All Set!"));
    expect(lines()).toEqual(['Current plan: Premium', 'Renews on March 15, 2030']);
    expect(screen.getByRole('link', { name: 'Browse Content' }).getAttribute('href')).toBe('/browse');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() =>
      expect(lines()).toEqual(['Current plan: Premium', 'Your subscription will end on March 15, 2030.']),
    );
    // the answer's message is shown once the page has it (it can come after the new period text)
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your subscription will end at the end of the billing period.',
      ),
    );
    // the heading says the plan is ending, not "You're All Set!"
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Premium ends on March 15, 2030');
    expect(screen.queryByRole('heading', { name: "You're All Set!" })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Subscription' }));
    await waitFor(() => expect(lines()).toEqual(['Current plan: Premium', 'Renews on March 15, 2030']));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You're All Set!");
  });

  it("shows a gift's Premium with its end and what comes after, never a Reactivate button", async () => {
    const GIFT: SubscriptionStatus = { ...ACTIVE, cancelAtPeriodEnd: true, gift: true };
    const { store, fake } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, GIFT));
    renderPlans(store);
    await waitFor(() => expect(title()).toBe("You're All Set!"));
    expect(lines()).toEqual([
      'Current plan: Premium (gift)',
      'Your gifted Premium lasts until March 15, 2030. Nothing will be charged.',
      'To keep Premium after March 15, 2030, subscribe here once your gift ends: $14.99 a month, or $149.99 a year (2 months free). Until then you have everything Premium opens.',
    ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('After your gift');
    // Nothing to reactivate, cancel, switch or bill: a gift is no subscription.
    expect(screen.queryByRole('button', { name: 'Reactivate Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Switch to/ })).toBeNull();
    expect(fake.requests()).toEqual(['GET /subscription/status']);
  });

  it('says why a learner sent from premium content is here, above the plan, and nothing when they came on their own', async () => {
    const { store } = fakeStores(learner, fakeApi().on(subscriptionRoutes.status, FREE));
    const { unmount } = renderPlans(store, { premium: 'course' });
    await screen.findByRole('button', { name: 'Subscribe Now' });
    const reason = screen.getByText('This course is part of Premium');
    // above the plan
    expect(
      reason.compareDocumentPosition(screen.getByRole('heading', { name: 'Premium' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    unmount();
    renderPlans(store);
    await screen.findByRole('button', { name: 'Subscribe Now' });
    expect(screen.queryByText(/is part of Premium/)).toBeNull();
  });

  it('tells a learner whose renewal failed', async () => {
    const { store } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, { ...ACTIVE, status: 'past_due' }),
    );
    renderPlans(store);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('paragraph').textContent).toBe('Your last payment failed');
    expect(alert.textContent).toContain('Please update your payment method to keep your Premium access.');
    expect(within(alert).getByRole('link', { name: 'Update card' }).getAttribute('href')).toBe(
      '/account/billing?update=card',
    );
    expect(enabled(screen.getByRole('button', { name: 'Manage billing' }))).toBe(true);
  });

  it('opens the billing portal from Manage billing', async () => {
    const { store, navigate } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, ACTIVE)
        .on(subscriptionRoutes.portal, { url: 'http://pay.test/portal/bps_1' }),
    );
    renderPlans(store);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://pay.test/portal/bps_1'));
  });

  it('shows admins as subscribed with plan Admin and nothing to cancel, without a status call', async () => {
    const { store, fake } = fakeStores(admin);
    renderPlans(store);
    await waitFor(() => expect(title()).toBe("You're All Set!"));
    expect(lines()).toEqual(['Current plan: Admin', 'As an admin you have full access to all content.']);
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
