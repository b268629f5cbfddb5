import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planRoutes, subscriptionRoutes, type Invoice, type SubscriptionStatus } from '@catalyst/contracts';
import { failure, fakeApi, inTurn, success, type FakeApi } from '@catalyst/web-kit/testing';
import {
  admin,
  ANNUAL_SWITCH_PREVIEW,
  fakeStores,
  learner,
  switchFigures,
} from '../testing/subscriptionStores';
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

  it('switches monthly to annual from the plan section, the proration shown before confirming', async () => {
    let state: SubscriptionStatus = { ...ACTIVE, interval: 'month' };
    const { fake } = renderSection((fake) =>
      fake
        .on(subscriptionRoutes.status, () => state)
        .on(
          subscriptionRoutes.invoices,
          inTurn(() => new Promise(() => undefined), [PAID]),
        )
        .on(planRoutes.previewChange, ANNUAL_SWITCH_PREVIEW)
        .on(planRoutes.change, () => {
          state = { ...state, interval: 'year' };
          return success(state, { message: 'You are now on the annual plan.' });
        }),
    );
    const switchPlan = await within(section()).findByRole('region', { name: 'Switch to annual' });
    // Shown with the plan, above the invoices still loading: their list never moves it.
    expect(within(section()).getByRole('status').textContent).toBe('Loading invoices...');
    expect(
      switchPlan.compareDocumentPosition(within(section()).getByRole('heading', { name: 'Invoices' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(switchPlan).getByRole('heading', { level: 3 }).textContent).toBe('Switch to annual');

    fireEvent.click(within(switchPlan).getByRole('button', { name: 'See the annual price' }));
    const confirm = await within(switchPlan).findByRole('group', { name: 'Confirm the switch' });
    expect(switchFigures(confirm)).toEqual(['$149.99', '−$7.50', '$142.49']);
    expect(fake.callsTo(planRoutes.change)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm switch' }));
    await within(section()).findByText('You are now on the annual plan.');
    expect(fake.callsTo(planRoutes.change)[0]?.body).toEqual({ interval: 'year' });
    expect(facts()).toMatchObject({ Plan: 'Premium Annual', Renews: 'March 15, 2030' });
  });

  it('moves annual to monthly at the renewal, and Keep annual undoes it', async () => {
    let state: SubscriptionStatus = { ...ACTIVE, interval: 'year', scheduledInterval: 'month' };
    const { fake } = renderSection((fake) =>
      fake
        .on(subscriptionRoutes.status, () => state)
        .on(subscriptionRoutes.invoices, [PAID])
        .on(planRoutes.change, () => {
          state = { ...state, scheduledInterval: null };
          return success(state, { message: 'You stay on the annual plan.' });
        }),
    );
    const switchPlan = await within(section()).findByRole('region', { name: 'Switch to annual' });
    expect(within(switchPlan).getByRole('paragraph').textContent).toBe(
      'Your plan becomes monthly on March 15, 2030. Keep the annual plan instead?',
    );
    fireEvent.click(within(switchPlan).getByRole('button', { name: 'Keep annual' }));
    await within(section()).findByText('You stay on the annual plan.');
    expect(fake.callsTo(planRoutes.change)[0]?.body).toEqual({ interval: 'year' });
    expect(
      within(await within(section()).findByRole('region', { name: 'Switch to monthly' })).getByRole(
        'paragraph',
      ).textContent,
    ).toBe('$14.99 a month from your annual renewal on March 15, 2030.');
  });

  it('offers no switch to a plan that is ending, a trial or a gift', async () => {
    for (const status of [
      { ...ACTIVE, interval: 'month', cancelAtPeriodEnd: true },
      { ...ACTIVE, interval: 'month', status: 'trialing', trialEnd: '2030-03-15T12:00:00.000Z' },
      { ...ACTIVE, cancelAtPeriodEnd: true, gift: true },
    ] satisfies SubscriptionStatus[]) {
      renderSection((fake) => fake.on(subscriptionRoutes.status, status).on(subscriptionRoutes.invoices, []));
      await waitFor(() => expect(underInvoices()).toBe('No invoices yet.'));
      expect(within(section()).queryByRole('region', { name: /^Switch to/ })).toBeNull();
      cleanup();
    }
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
