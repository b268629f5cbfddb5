import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  adminRoyaltyRoutes,
  earningsRoutes,
  type RoyaltyMonthDetail,
  type RoyaltyStatement,
} from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi, inTurn, success, type FakeApi } from '@catalyst/web-kit/testing';
import { rowCells } from '../testing/adminPage';
import { StudioEarningsPage } from '../studio/earnings/StudioEarningsPage';
import { AdminRoyaltiesPage } from './AdminRoyaltiesPage';
import { AdminRoyaltyMonthPage } from './AdminRoyaltyMonthPage';

const clientFor = (answer: (fake: FakeApi) => unknown) => {
  const fake = fakeApi();
  answer(fake);
  return { fake, client: createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' }) };
};

const STATEMENT: RoyaltyStatement = {
  id: '8d0f3c3e-7a4b-4d5e-9f60-1a2b3c4d5e6f',
  month: '2030-02',
  status: 'closed',
  creatorId: '33333333333333333333cc01',
  creatorName: 'Maya Chen',
  paidMinutes: 101,
  qualifies: true,
  share: 0.689419,
  amount: 360.21,
  currency: 'usd',
  pool: 522.49,
  poolSharePercent: 40,
  paidAt: null,
  items: [
    { productId: '11111111111111111111aa01', title: 'Design', paidMinutes: 70, amount: 249.65 },
    { productId: '11111111111111111111aa02', title: 'Colour', paidMinutes: 31, amount: 110.56 },
  ],
};

describe('the studio earnings page', () => {
  it("lists the creator's months and shows the chosen month's statement with each item", async () => {
    const { client } = clientFor((fake) => {
      fake.on(earningsRoutes.list, {
        creatorId: STATEMENT.creatorId,
        currency: 'usd',
        minPaidMinutes: 30,
        months: [
          { month: '2030-03', status: 'open', paidMinutes: 12, qualifies: false, amount: 0, paidAt: null },
          {
            month: '2030-02',
            status: 'closed',
            paidMinutes: 101,
            qualifies: true,
            amount: 360.21,
            paidAt: null,
          },
        ],
      });
      const open: RoyaltyStatement = {
        ...STATEMENT,
        id: null,
        month: '2030-03',
        status: 'open',
        paidMinutes: 12,
        qualifies: false,
        share: 0,
        amount: 0,
        items: [],
      };
      fake.on(earningsRoutes.statement, ({ params }) => (params.month === '2030-02' ? STATEMENT : open));
    });
    render(
      <MemoryRouter initialEntries={['/studio/earnings']}>
        <StudioEarningsPage client={client} />
      </MemoryRouter>,
    );
    const months = await screen.findAllByTestId('earnings-month');
    expect(months.map((row) => [rowCells(row).Month, rowCells(row).Status, rowCells(row).Amount])).toEqual([
      ['March 2030', 'Estimate (month open)', '$0.00'],
      ['February 2030', 'Closed', '$360.21'],
    ]);
    expect(await screen.findByText('A month needs at least 30 paid minutes to share the pool.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Statement for February 2030' }));
    const statement = await screen.findByRole('region', { name: 'Statement for February 2030' });
    await waitFor(() => expect(within(statement).getAllByTestId('statement-item')).toHaveLength(2));
    expect(
      within(statement)
        .getAllByTestId('statement-item')
        .map((row) => rowCells(row)),
    ).toEqual([
      { Item: 'Design', 'Paid minutes': '70 min', Amount: '$249.65' },
      { Item: 'Colour', 'Paid minutes': '31 min', Amount: '$110.56' },
    ]);
    expect(within(statement).getByText('68.94%')).toBeTruthy();
    expect(within(statement).getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('records where the creator is paid, the first time from an empty form', async () => {
    const { fake, client } = clientFor((fake) => {
      fake.on(earningsRoutes.list, {
        creatorId: STATEMENT.creatorId,
        currency: 'usd',
        minPaidMinutes: 30,
        months: [],
      });
      fake.fail(earningsRoutes.ownPayoutAccount, 404, 'No payout details recorded');
      fake.on(earningsRoutes.saveOwnPayoutAccount, ({ body }) => ({
        creatorId: STATEMENT.creatorId,
        method: body.method,
        reference: body.reference,
        referenceHint: '•••• 5 55',
        holderName: null,
        stripeAccountId: null,
        updatedAt: '2030-03-01T00:00:00.000Z',
      }));
    });
    render(
      <MemoryRouter initialEntries={['/studio/earnings']}>
        <StudioEarningsPage client={client} />
      </MemoryRouter>,
    );
    const card = within(await screen.findByTestId('own-payout-details'));
    const reference = await card.findByLabelText(/^Reference/);
    expect((reference as HTMLInputElement).value).toBe('');
    fireEvent.change(reference, { target: { value: 'GB33 BUKB 2020 1555 5555 55' } });
    fireEvent.click(card.getByRole('button', { name: 'Save payout details' }));
    expect((await card.findByText('Your payout details are saved.')).textContent).toBeTruthy();
    expect(fake.callsTo(earningsRoutes.saveOwnPayoutAccount)[0]!.body).toEqual({
      method: 'bank_transfer',
      reference: 'GB33 BUKB 2020 1555 5555 55',
    });
  });
});

const MONTH: RoyaltyMonthDetail = {
  month: '2030-02',
  status: 'open',
  revenue: 1044.97,
  poolSharePercent: 50,
  pool: 522.49,
  allocated: 522.49,
  qualifyingCreators: 1,
  paidMinutes: 101,
  closedAt: null,
  statementsPaid: 0,
  currency: 'usd',
  statements: [{ ...STATEMENT, id: null, status: 'open', payoutAccount: null }],
};
const CLOSED: RoyaltyMonthDetail = {
  ...MONTH,
  status: 'closed',
  closedAt: '2030-03-01T09:00:00.000Z',
  statements: [{ ...STATEMENT, payoutAccount: { method: 'bank_transfer', referenceHint: '•••• 3000' } }],
};

describe('the admin royalty month page', () => {
  it('closes the month after confirming, then marks a statement paid', async () => {
    const { client, fake } = clientFor((f) => {
      f.on(
        adminRoyaltyRoutes.month,
        inTurn(
          success(MONTH),
          success(CLOSED),
          success({
            ...CLOSED,
            statementsPaid: 1,
            statements: [{ ...CLOSED.statements[0]!, paidAt: '2030-03-02T09:00:00.000Z' }],
          }),
        ),
      );
      f.on(adminRoyaltyRoutes.close, CLOSED);
      f.on(adminRoyaltyRoutes.markPaid, { ...CLOSED.statements[0]!, paidAt: '2030-03-02T09:00:00.000Z' });
    });
    render(
      <MemoryRouter initialEntries={['/admin/royalties/2030-02']}>
        <Routes>
          <Route path="/admin/royalties/:month" element={<AdminRoyaltyMonthPage client={client} />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Close month' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close month' }));
    await screen.findByText('February 2030 is closed: its figures will not change.');
    expect(fake.callsTo(adminRoyaltyRoutes.close)).toHaveLength(1);

    fireEvent.click(await screen.findByRole('button', { name: "Mark Maya Chen's statement paid" }));
    await screen.findByText("Maya Chen's statement is marked paid.");
    await waitFor(() =>
      expect(rowCells(screen.getByTestId('royalty-statement')).Actions).toBe('StatementPaid'),
    );
    expect(rowCells(screen.getByTestId('royalty-statement'))['Payout details']).toBe(
      'Bank transfer •••• 3000',
    );
  });
});

describe('the admin royalties page', () => {
  it("lists the months and saves a new pool share, showing a refused one in the server's words", async () => {
    const overview = {
      currency: 'usd',
      poolSharePercent: 40,
      minPaidMinutes: 30,
      months: [MONTH],
    };
    const { client, fake } = clientFor((f) => {
      f.on(adminRoyaltyRoutes.overview, overview);
      f.on(
        adminRoyaltyRoutes.settings,
        inTurn(
          failure(400, 'Invalid request', [
            { field: 'poolSharePercent', message: 'The pool share is a percent from 0 to 100' },
          ]),
          success({ poolSharePercent: 45 }),
        ),
      );
    });
    render(
      <MemoryRouter>
        <AdminRoyaltiesPage client={client} />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('royalty-month');
    expect(rowCells(row)).toMatchObject({
      Month: 'February 2030',
      'Net revenue': '$1,044.97',
      Pool: '$522.49 (50%)',
    });
    const field = screen.getByRole('textbox', { name: /Pool share/ });
    expect(field).toHaveProperty('value', '40');
    fireEvent.change(field, { target: { value: '140' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The pool share is a percent from 0 to 100');
    fireEvent.change(field, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The pool is now 45% of net revenue.');
    expect(fake.callsTo(adminRoyaltyRoutes.settings).map((call) => call.body)).toEqual([
      { poolSharePercent: 140 },
      { poolSharePercent: 45 },
    ]);
  });
});
