import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminPromotionRoutes, type AdminPromotion } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { flashMessage } from '../testing/adminPage';
import { AdminPromotionsPage } from './AdminPromotionsPage';

const SPRING: AdminPromotion = {
  id: 'promo_Spring1',
  code: 'SPRING',
  kind: 'percent',
  percentOff: 20,
  amountOff: null,
  duration: 'repeating',
  durationInMonths: 3,
  audience: 'first-time',
  maxRedemptions: 100,
  expiresAt: '2030-04-30T23:59:59.000Z',
  interval: 'year',
  active: true,
  redemptions: 2,
  revenue: 239.98,
  createdAt: '2030-03-01T12:00:00.000Z',
};

function renderPage(fake: ReturnType<typeof fakeApi>) {
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  return render(
    <MemoryRouter>
      <AdminPromotionsPage client={client} />
    </MemoryRouter>,
  );
}

describe('AdminPromotionsPage', () => {
  it('lists codes with their rules, redemptions and revenue, and deactivates one', async () => {
    let listed = [SPRING];
    const fake = fakeApi()
      .on(adminPromotionRoutes.list, () => listed)
      .on(adminPromotionRoutes.deactivate, () => {
        listed = [{ ...SPRING, active: false }];
        return listed[0]!;
      })
      .on(adminPromotionRoutes.redemptions, [
        { userId: 'u1', interval: 'year', amountPaid: 119.99, redeemedAt: '2030-03-02T12:00:00.000Z' },
      ]);
    renderPage(fake);
    const row = (await screen.findByRole('cell', { name: 'SPRING' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'SPRING',
      '20% off for 3 months',
      'First-time subscribers, annual only, at most 100, until Apr 30, 2030',
      '2',
      '$239.98',
      'Active',
      expect.any(String),
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Redemptions of SPRING' }));
    const redemptions = await screen.findByRole('region', { name: 'Redemptions of SPRING' });
    expect(
      within(redemptions)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mar 2, 2030', 'u1', 'Annual', '$119.99']);
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate SPRING' }));
    await waitFor(() => expect(flashMessage()).toBe('Code SPRING deactivated.'));
    await waitFor(() => expect(screen.getByRole('cell', { name: 'Inactive' })).toBeDefined());
  });

  it('creates a code from the form, sending what was chosen', async () => {
    const fake = fakeApi()
      .on(adminPromotionRoutes.list, [])
      .on(adminPromotionRoutes.create, ({ body }) => ({ ...SPRING, code: String(body.code) }));
    renderPage(fake);
    await screen.findByText('No promotion codes yet.');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'Summer25' } });
    fireEvent.change(screen.getByLabelText('Discount'), { target: { value: 'amount' } });
    fireEvent.change(screen.getByLabelText('Amount off'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('For how long'), { target: { value: 'forever' } });
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'month' } });
    fireEvent.change(screen.getByLabelText('Maximum redemptions'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(flashMessage()).toBe('Code Summer25 created.'));
    expect(fake.callsTo(adminPromotionRoutes.create)[0]?.body).toEqual({
      code: 'Summer25',
      kind: 'amount',
      amountOff: 5,
      duration: 'forever',
      audience: 'anyone',
      maxRedemptions: 50,
      expiresAt: null,
      interval: 'month',
    });
  });

  it("shows the server's refusal beside the field", async () => {
    const fake = fakeApi()
      .on(adminPromotionRoutes.list, [])
      .on(
        adminPromotionRoutes.create,
        failure(409, 'An active code with these letters already exists', [
          { field: 'code', message: 'An active code with these letters already exists' },
        ]),
      );
    renderPage(fake);
    await screen.findByText('No promotion codes yet.');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SPRING' } });
    fireEvent.change(screen.getByLabelText('Percent off'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'An active code with these letters already exists',
      ),
    );
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
  });
});
