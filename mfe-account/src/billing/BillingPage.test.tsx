import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingAccountRoutes, type BillingAccount } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import BillingPage, { DETAILS_SAVED } from './BillingPage';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT: BillingAccount = {
  details: { email: 'lena@example.com', companyName: null, vatNumber: null },
  invoices: [
    {
      id: 'in_2',
      number: 'ABCD0002',
      date: '2030-03-15T12:00:00.000Z',
      plan: 'Premium Annual',
      subtotal: 149.99,
      discount: 30,
      tax: 0,
      amount: 119.99,
      currency: 'usd',
      status: 'paid',
      hostedUrl: 'http://pay.test/receipts/in_2?sig=a',
      pdfUrl: 'http://catalyst.test/api/v1/billing/receipts/in_2?sig=b',
    },
    {
      id: 'in_1',
      number: 'ABCD0001',
      date: '2030-02-15T12:00:00.000Z',
      plan: 'Premium Monthly',
      subtotal: 14.99,
      discount: 0,
      tax: 0,
      amount: 14.99,
      currency: 'usd',
      status: 'open',
      hostedUrl: null,
      pdfUrl: 'http://catalyst.test/api/v1/billing/receipts/in_1?sig=c',
    },
  ],
};

function renderPage(answer: (fake: FakeApi) => unknown, entry = '/account/billing') {
  const fake = fakeApi();
  answer(fake);
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const navigate = vi.fn();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <BillingPage client={client} navigate={navigate} />
    </MemoryRouter>,
  );
  return { fake, navigate };
}

describe('the billing page', () => {
  it('lists every invoice with its date, plan, amount, discount, tax, status and receipts', async () => {
    renderPage((fake) => fake.on(billingAccountRoutes.account, ACCOUNT));
    const table = await screen.findByRole('table', { name: 'Your invoices, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Mar 15, 2030', 'Premium Annual', '$119.99', '-$30.00', '$0.00', 'Paid', expect.any(String)],
      ['Feb 15, 2030', 'Premium Monthly', '$14.99', '—', '$0.00', 'Payment due', expect.any(String)],
    ]);
    const pdf = screen.getByRole('link', { name: 'PDF receipt of Mar 15, 2030' });
    expect(pdf.getAttribute('href')).toBe(ACCOUNT.invoices[0]!.pdfUrl);
    expect(screen.getByRole('link', { name: 'View invoice of Mar 15, 2030' }).getAttribute('href')).toBe(
      ACCOUNT.invoices[0]!.hostedUrl,
    );
    expect(screen.queryByRole('link', { name: 'View invoice of Feb 15, 2030' })).toBeNull();
  });

  it('saves the billing details, and shows a refusal beside its field', async () => {
    const { fake } = renderPage((fake) => {
      fake.on(billingAccountRoutes.account, ACCOUNT);
      fake.on(billingAccountRoutes.updateDetails, ({ body }) =>
        (body as { vatNumber: string }).vatNumber === '12'
          ? failure(400, 'Enter a VAT number as its country code and number, such as DE123456789', [
              {
                field: 'vatNumber',
                message: 'Enter a VAT number as its country code and number, such as DE123456789',
              },
            ])
          : { email: 'lena@example.com', companyName: 'Acme GmbH', vatNumber: 'DE123456789' },
      );
    });
    const email = await screen.findByLabelText('Billing e-mail');
    expect((email as HTMLInputElement).value).toBe('lena@example.com');
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Acme GmbH' } });
    fireEvent.change(screen.getByLabelText('VAT number'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() =>
      expect(screen.getByLabelText('VAT number').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(
      screen.getByText('Enter a VAT number as its country code and number, such as DE123456789'),
    ).toBeDefined();

    fireEvent.change(screen.getByLabelText('VAT number'), { target: { value: 'de 123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText(DETAILS_SAVED)).toBeDefined();
    expect((screen.getByLabelText('VAT number') as HTMLInputElement).value).toBe('DE123456789');
    expect(fake.calls.at(-1)?.body).toEqual({
      email: 'lena@example.com',
      companyName: 'Acme GmbH',
      vatNumber: 'de 123456789',
    });
  });

  it("opens the portal's card update at once from the failed-payment e-mail's link", async () => {
    const { navigate } = renderPage((fake) => {
      fake.on(billingAccountRoutes.account, ACCOUNT);
      fake.on(billingAccountRoutes.cardUpdate, {
        url: 'http://pay.test/portal/bps_1?flow=payment_method_update',
      });
    }, '/account/billing?update=card');
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('http://pay.test/portal/bps_1?flow=payment_method_update'),
    );
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('says why the card update cannot open', async () => {
    renderPage((fake) => {
      fake.on(billingAccountRoutes.account, { ...ACCOUNT, invoices: [] });
      fake.on(billingAccountRoutes.cardUpdate, () =>
        failure(404, 'No billing account found. Subscribe first.'),
      );
    });
    expect(await screen.findByText('No invoices yet.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('No billing account found. Subscribe first.')).toBeDefined();
  });
});
