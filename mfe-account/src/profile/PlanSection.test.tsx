import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionRoutes, type Invoice, type SubscriptionStatus } from '@catalyst/contracts';
import { failure, fakeApi, inTurn, type FakeApi } from '@catalyst/web-kit/testing';
import { admin, fakeStores, learner } from '../testing/subscriptionStores';
import { PlanSection } from './PlanSection';

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
const PAID: Invoice = {
  id: 'in_1',
  date: '2030-02-15T12:00:00.000Z',
  amount: 14.99,
  currency: 'usd',
  status: 'paid',
  receiptUrl: 'http://pay.test/receipts/in_1?sig=abc',
};

/** Renders the section once `answer` has stubbed the routes it reads. */
function renderSection(answer: (fake: FakeApi) => unknown, user = learner) {
  const fake = fakeApi();
  answer(fake);
  const stores = fakeStores(user, fake);
  render(
    <MemoryRouter>
      <PlanSection store={stores.store} client={stores.api} />
    </MemoryRouter>,
  );
  return stores;
}

const section = () => screen.getByRole('region', { name: 'Subscription' });
/** The plan's facts as the section lists them: { Plan: 'Premium', Status: 'Active', ... }. */
const facts = () =>
  Object.fromEntries(
    within(section())
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
/** What shows under the Invoices heading. */
const underInvoices = () =>
  within(section()).getByRole('heading', { name: 'Invoices' }).nextElementSibling?.textContent;

describe('the profile plan section', () => {
  it('shows an active plan, its renewal date, Manage billing and the receipts', async () => {
    const { navigate } = renderSection((fake) =>
      fake
        .on(subscriptionRoutes.status, ACTIVE)
        .on(subscriptionRoutes.invoices, [PAID])
        .on(subscriptionRoutes.portal, { url: 'http://pay.test/portal/bps_1' }),
    );
    const receipt = await screen.findByRole('link', { name: /^Receipt/ });
    expect(facts()).toEqual({ Plan: 'Premium', Status: 'Active', Renews: 'March 15, 2030' });
    const row = receipt.closest('li')!;
    expect([...row.children].slice(0, 3).map((cell) => cell.textContent)).toEqual([
      'February 15, 2030',
      '$14.99',
      'Paid',
    ]);
    expect(receipt.getAttribute('href')).toBe(PAID.receiptUrl);
    expect(receipt.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(section()).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://pay.test/portal/bps_1'));
  });

  it('shows the end date of a cancelled plan', async () => {
    renderSection((fake) =>
      fake
        .on(subscriptionRoutes.status, { ...ACTIVE, cancelAtPeriodEnd: true })
        .on(subscriptionRoutes.invoices, [PAID]),
    );
    await waitFor(() =>
      expect(facts()).toEqual({
        Plan: 'Premium',
        Status: 'Cancelled, access until the end date',
        Ends: 'March 15, 2030',
      }),
    );
    expect(within(section()).queryByText('Renews')).toBeNull();
  });

  it("shows a gift's Premium and when it ends, as no cancelled plan and with no portal to open", async () => {
    renderSection((fake) =>
      fake
        .on(subscriptionRoutes.status, { ...ACTIVE, cancelAtPeriodEnd: true, gift: true })
        .on(subscriptionRoutes.invoices, []),
    );
    await waitFor(() => expect(underInvoices()).toBe('No invoices yet.'));
    expect(facts()).toEqual({ Plan: 'Premium (gift)', Status: 'Gift', 'Gift ends': 'March 15, 2030' });
    expect(within(section()).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('shows only a spinner while the plan loads, over the room the plan will take, unseen and out of reach', async () => {
    renderSection((fake) => fake.on(subscriptionRoutes.status, FREE).on(subscriptionRoutes.invoices, []));
    expect(within(section()).getByRole('status').textContent).toBe('Loading your subscription...');
    // The room: a free plan's facts, its button and invoices, laid out but hidden from sight, readers and the keyboard.
    const room = section().querySelector('[aria-hidden="true"]')!;
    expect(room.hasAttribute('inert')).toBe(true);
    expect(room.textContent).toContain('See Premium');
    expect(within(section()).queryByRole('link', { name: 'See Premium' })).toBeNull();

    expect((await within(section()).findByRole('link', { name: 'See Premium' })).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(section().querySelector('[inert]')).toBeNull();
    expect(within(section()).queryByText('Loading your subscription...')).toBeNull();
  });

  it('offers Premium to a learner without a plan, with no invoices and no billing portal', async () => {
    renderSection((fake) => fake.on(subscriptionRoutes.status, FREE).on(subscriptionRoutes.invoices, []));
    await waitFor(() => expect(underInvoices()).toBe('No invoices yet.'));
    expect(facts()).toEqual({ Plan: 'Free', Status: 'No plan' });
    expect(within(section()).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(within(section()).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('says when the invoices cannot be loaded, and Try Again loads them', async () => {
    renderSection((fake) =>
      fake
        .on(subscriptionRoutes.status, ACTIVE)
        .on(
          subscriptionRoutes.invoices,
          inTurn(failure(503, 'The payment provider is unavailable.'), [PAID]),
        ),
    );
    await waitFor(() => expect(underInvoices()).toBe('Failed to load invoices. Try Again'));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByRole('link', { name: /^Receipt/ })).getAttribute('href')).toBe(
      PAID.receiptUrl,
    );
  });

  it('shows an admin full access, without invoices or billing calls', async () => {
    const { fake } = renderSection(() => undefined, admin);
    await waitFor(() => expect(facts()).toEqual({ Plan: 'Admin', Status: 'Full access (admin)' }));
    expect(screen.queryByText('Invoices')).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
