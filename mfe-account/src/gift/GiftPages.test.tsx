import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { giftRoutes, subscriptionRoutes, type Gift } from '@catalyst/contracts';
import { createApiClient, createSessionStore, createSubscriptionStore } from '@catalyst/web-kit';
import { failure, fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { GiftBuyPage } from './GiftBuyPage';
import { GiftRedeemPage } from './GiftRedeemPage';

afterEach(() => vi.unstubAllGlobals());

const CODE = '7K3M9QX2VR8T4WJ6N0PZBC5HDA';
const PAID: Gift = {
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
  code: CODE,
  redeemUrl: `http://catalyst.test/gift/${CODE}`,
  sentAt: null,
  createdAt: '2030-03-15T12:00:00.000Z',
};

function setup(answer: (fake: FakeApi) => unknown) {
  const fake = fakeApi();
  fake.on(subscriptionRoutes.status, {
    hasSubscription: false,
    plan: null,
    status: 'free',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
  });
  answer(fake);
  const client = createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' });
  const session = createSessionStore({ api: client });
  session.loadUser({ _id: 'u1', name: 'Lena', email: 'lena@example.com', role: 'user' });
  const store = createSubscriptionStore(session, { api: client });
  return { fake, client, store };
}

describe('buying a gift', () => {
  it('sends the chosen months, recipient and day to the checkout and leaves for it', async () => {
    const { fake, client } = setup((fake) =>
      fake.on(giftRoutes.checkout, { url: 'http://pay.test/checkout/cs_1', sessionId: 'cs_1' }),
    );
    const navigate = vi.fn();
    render(
      <MemoryRouter initialEntries={['/gift']}>
        <GiftBuyPage client={client} navigate={navigate} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByLabelText('12 months — $179.88'));
    fireEvent.change(screen.getByLabelText("Recipient's name"), { target: { value: 'Robin' } });
    fireEvent.change(screen.getByLabelText("Recipient's e-mail"), { target: { value: 'robin@example.com' } });
    fireEvent.change(screen.getByLabelText('Send on'), { target: { value: '2099-01-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $179.88' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://pay.test/checkout/cs_1'));
    expect(fake.calls.at(-1)?.body).toEqual({
      months: 12,
      recipientName: 'Robin',
      delivery: 'email',
      recipientEmail: 'robin@example.com',
      sendOn: '2099-01-02',
      message: '',
    });
  });

  it('shows a refusal beside its field', async () => {
    const { client } = setup((fake) =>
      fake.on(
        giftRoutes.checkout,
        failure(400, "Enter the recipient's e-mail address", [
          { field: 'recipientEmail', message: "Enter the recipient's e-mail address" },
        ]),
      ),
    );
    render(
      <MemoryRouter initialEntries={['/gift']}>
        <GiftBuyPage client={client} navigate={vi.fn()} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText("Recipient's name"), { target: { value: 'Robin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $44.97' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Recipient's e-mail").getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('after paying, shows the code to print', async () => {
    const { client } = setup((fake) => fake.on(giftRoutes.confirm, PAID));
    render(
      <MemoryRouter initialEntries={['/gift?purchased=cs_1']}>
        <GiftBuyPage client={client} navigate={vi.fn()} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Thank you! Your gift is paid.',
    );
    expect(screen.getByLabelText('Gift code').textContent).toBe('7K3M9-QX2VR-8T4WJ-6N0PZ-BC5HD-A');
  });
});

describe('redeeming a gift', () => {
  function renderRedeem(client: ReturnType<typeof setup>) {
    render(
      <MemoryRouter initialEntries={[`/gift/${CODE}`]}>
        <Routes>
          <Route
            path="/gift/:code"
            element={<GiftRedeemPage client={client.client} store={client.store} />}
          />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('says who gave what and redeems it', async () => {
    const world = setup((fake) => {
      fake.on(giftRoutes.preview, {
        months: 6,
        fromName: 'Lena',
        recipientName: 'Sam',
        message: 'Enjoy!',
        status: 'paid',
      });
      fake.on(giftRoutes.redeem, { months: 6, premiumUntil: '2030-09-15T12:00:00.000Z' });
    });
    renderRedeem(world);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Lena gave you 6 months of Premium',
    );
    expect(screen.getByText('Enjoy!')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Redeem gift' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Gift redeemed. Premium is yours until September 15, 2030.',
    );
  });

  it('says so when someone else redeemed it first', async () => {
    const world = setup((fake) => {
      fake.on(giftRoutes.preview, {
        months: 3,
        fromName: 'Lena',
        recipientName: 'Sam',
        message: null,
        status: 'paid',
      });
      fake.on(giftRoutes.redeem, failure(409, 'This gift has already been redeemed'));
    });
    renderRedeem(world);
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem gift' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This gift has already been redeemed');
  });
});
