import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminBillingRoutes, type AdminGift } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { failureMessage, flashMessage, rowCells } from '../testing/adminPage';
import { AdminGiftsPage } from './AdminGiftsPage';
import { BillingFigures } from './BillingFigures';

afterEach(() => vi.unstubAllGlobals());

const clientFor = (answer: (fake: FakeApi) => unknown) => {
  const fake = fakeApi();
  answer(fake);
  return createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
};

const GIFT: AdminGift = {
  id: '8d0f3c3e-7a4b-4d5e-9f60-1a2b3c4d5e6f',
  months: 6,
  amount: 89.94,
  currency: 'usd',
  recipientName: 'Sam',
  recipientEmail: null,
  delivery: 'print',
  sendOn: '2030-03-15',
  message: null,
  status: 'paid',
  sentAt: null,
  createdAt: '2030-03-15T12:00:00.000Z',
  buyerEmail: 'lena@example.com',
  redeemedAt: null,
};

describe('the billing figures', () => {
  it('show MRR, subscribers by plan, trials, churn and recovered revenue', async () => {
    const client = clientFor((fake) =>
      fake.on(adminBillingRoutes.figures, {
        currency: 'usd',
        mrr: 1249.5,
        activeByPlan: [
          { plan: 'Premium Annual', count: 20 },
          { plan: 'Premium Monthly', count: 66 },
        ],
        trials: { active: 4, ended: 10, converted: 7 },
        churn: { ended: 3, rate: 0.034 },
        recovered: { invoices: 2, amount: 29.98 },
      }),
    );
    render(<BillingFigures client={client} />);
    const figures = await screen.findByTestId('billing-figures');
    const cards = within(figures)
      .getAllByText(/./, { selector: 'p' })
      .map((p) => p.textContent);
    expect(cards).toEqual([
      'MRR',
      '$1,249.50',
      'Monthly recurring revenue',
      'Active subscribers',
      '86',
      'Premium Annual: 20, Premium Monthly: 66',
      'Trials converting',
      '70%',
      '7 of 10 ended in 30 days; 4 on trial',
      'Churn this month',
      '3.4%',
      '3 plans ended',
      'Recovered by retries',
      '$29.98',
      '2 failed renewals paid this month',
    ]);
  });
});

describe('the gifts page', () => {
  it('refunds a paid gift and says so; a refusal is shown as the server words it', async () => {
    const client = clientFor((fake) => {
      fake.on(adminBillingRoutes.gifts, [
        GIFT,
        { ...GIFT, id: '9d0f3c3e-7a4b-4d5e-9f60-1a2b3c4d5e6f', recipientName: 'Kim', status: 'redeemed' },
      ]);
      fake.on(adminBillingRoutes.refundGift, { ...GIFT, status: 'refunded' });
    });
    render(
      <MemoryRouter>
        <AdminGiftsPage client={client} />
      </MemoryRouter>,
    );
    const refund = await screen.findByRole('button', { name: 'Refund the gift for Sam' });
    expect(screen.queryByRole('button', { name: 'Refund the gift for Kim' })).toBeNull();
    fireEvent.click(refund);
    await waitFor(() => expect(flashMessage()).toBe('The gift for Sam was refunded.'));
    expect(screen.queryByRole('button', { name: 'Refund the gift for Sam' })).toBeNull();
    // the row says so too, under its column's heading
    expect(
      screen.getAllByTestId('gift-row').map((row) => [rowCells(row).Recipient, rowCells(row).Status]),
    ).toEqual([
      ['Sam', 'Refunded'],
      ['Kim', 'Redeemed'],
    ]);
  });

  it('shows why a refund was refused', async () => {
    const client = clientFor((fake) => {
      fake.on(adminBillingRoutes.gifts, [GIFT]);
      fake.on(
        adminBillingRoutes.refundGift,
        failure(409, 'Only a paid gift that has not been redeemed can be refunded'),
      );
    });
    render(
      <MemoryRouter>
        <AdminGiftsPage client={client} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund the gift for Sam' }));
    await waitFor(() =>
      expect(failureMessage()).toBe('Only a paid gift that has not been redeemed can be refunded'),
    );
  });
});
