import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { admin, learner, ok, scriptedStores, type Route } from '../subscription/testing';
import { PlanSection } from './PlanSection';

const FREE = {
  hasSubscription: false,
  plan: null,
  status: 'free',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
const ACTIVE = {
  hasSubscription: true,
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: '2030-03-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
};
const PAID = {
  id: 'in_1',
  date: '2030-02-15T12:00:00.000Z',
  amount: 14.99,
  currency: 'usd',
  status: 'paid',
  receiptUrl: 'http://pay.test/receipts/in_1?sig=abc',
};

function renderSection(route: Route, user = learner) {
  const stores = scriptedStores(route, user);
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
    const { navigate } = renderSection((url) => {
      if (url.endsWith('/subscription/status')) return ok(ACTIVE);
      if (url.endsWith('/subscription/invoices')) return ok([PAID]);
      if (url.endsWith('/subscription/portal')) return ok({ url: 'http://pay.test/portal/bps_1' });
      return undefined;
    });
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
    renderSection((url) =>
      url.endsWith('/subscription/status')
        ? ok({ ...ACTIVE, cancelAtPeriodEnd: true })
        : url.endsWith('/invoices')
          ? ok([PAID])
          : undefined,
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

  it('shows only a spinner while the plan loads, over the room the plan will take, unseen and out of reach', async () => {
    renderSection((url) =>
      url.endsWith('/subscription/status')
        ? ok(FREE)
        : url.endsWith('/subscription/invoices')
          ? ok([])
          : undefined,
    );
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
    renderSection((url) =>
      url.endsWith('/subscription/status') ? ok(FREE) : url.endsWith('/invoices') ? ok([]) : undefined,
    );
    await waitFor(() => expect(underInvoices()).toBe('No invoices yet.'));
    expect(facts()).toEqual({ Plan: 'Free', Status: 'No plan' });
    expect(within(section()).getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(within(section()).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('says when the invoices cannot be loaded, and Try Again loads them', async () => {
    let failing = true;
    renderSection((url) => {
      if (url.endsWith('/subscription/status')) return ok(ACTIVE);
      if (url.endsWith('/subscription/invoices'))
        return failing
          ? { status: 503, body: { success: false, message: 'The payment provider is unavailable.' } }
          : ok([PAID]);
      return undefined;
    });
    await waitFor(() => expect(underInvoices()).toBe('Failed to load invoices. Try Again'));
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByRole('link', { name: /^Receipt/ })).getAttribute('href')).toBe(
      PAID.receiptUrl,
    );
  });

  it('shows an admin full access, without invoices or billing calls', async () => {
    const { calls } = renderSection(() => undefined, admin);
    await waitFor(() => expect(facts()).toEqual({ Plan: 'Admin', Status: 'Full access (admin)' }));
    expect(screen.queryByText('Invoices')).toBeNull();
    expect(calls).toEqual([]);
  });
});
