import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { planRoutes, subscriptionRoutes, type Offer, type SubscriptionStatus } from '@catalyst/contracts';
import { setLanguage } from '@catalyst/web-kit';
import { failure, fakeApi, success } from '@catalyst/web-kit/testing';
import { PlansPage } from './PlansPage';
import { ANNUAL_SWITCH_PREVIEW, fakeStores, learner, switchFigures } from '../testing/subscriptionStores';

const FREE: SubscriptionStatus = {
  hasSubscription: false,
  plan: null,
  status: 'free',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
const NO_TRIAL: Offer = { trial: { eligible: false, days: 7 }, discount: null };
const SPRING: Offer = {
  trial: { eligible: false, days: 7 },
  discount: {
    code: 'SPRING',
    percentOff: 20,
    amountOff: null,
    duration: 'once',
    durationInMonths: null,
    interval: 'year',
    prices: [
      {
        interval: 'year',
        price: 149.99,
        discountedPrice: 119.99,
        summary: '$119.99 for the first year, then $149.99/year',
      },
    ],
  },
};
const CHECKOUT = { url: 'http://pay.test/checkout/cs_1', sessionId: 'cs_1' };

function renderAt(store: Parameters<typeof PlansPage>[0]['store'], path = '/subscription') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlansPage store={store} />
    </MemoryRouter>,
  );
}
const price = () => within(screen.getByRole('article')).getAllByRole('paragraph')[0]?.textContent;

describe('choosing a plan', () => {
  afterEach(() => setLanguage('en', { keep: false }));

  it("says a code's discount from its values, in English as the server words it and in German", async () => {
    const halfOff: Offer = {
      trial: NO_TRIAL.trial,
      discount: {
        code: 'HALF',
        percentOff: 50,
        amountOff: null,
        duration: 'repeating',
        durationInMonths: 3,
        interval: 'month',
        prices: [
          {
            interval: 'month',
            price: 14.99,
            discountedPrice: 7.5,
            summary: '$7.50/month for 3 months, then $14.99/month',
          },
        ],
      },
    };
    const { store } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, FREE).on(planRoutes.offer, halfOff),
    );
    const statuses = () => screen.getAllByRole('status').map((s) => s.textContent);
    const { unmount } = renderAt(store, '/subscription?code=HALF');
    await waitFor(() =>
      expect(statuses()).toContain('Code HALF: $7.50/month for 3 months, then $14.99/month'),
    );
    unmount();
    await setLanguage('de', { keep: false });
    renderAt(store, '/subscription?code=HALF');
    await waitFor(() =>
      expect(statuses()).toContain('Code HALF: 7,50\u00a0$/Monat für 3 Monate, danach 14,99\u00a0$/Monat'),
    );
  });

  it('switches between monthly (the spec texts) and annual ($149.99/year, 2 months free, $12.50/month)', async () => {
    const { store } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, FREE).on(planRoutes.offer, NO_TRIAL),
    );
    renderAt(store);
    await screen.findByRole('button', { name: 'Subscribe Now' });
    expect(screen.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
    expect(price()).toBe('$14.99/month');
    expect(screen.getByText('Most popular choice')).toBeDefined();
    fireEvent.click(screen.getByRole('radio', { name: 'Annual · 2 months free' }));
    expect(price()).toBe('$149.99/year');
    expect(screen.getByText('$12.50/month, billed yearly')).toBeDefined();
  });

  it('applies a shared ?code= link, shows the discounted price and for how long, and checks out with it', async () => {
    const { store, fake, navigate } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, FREE)
        .on(planRoutes.offer, ({ query }) => (query.get('code') === 'SPRING' ? SPRING : NO_TRIAL))
        .on(subscriptionRoutes.createCheckoutSession, CHECKOUT),
    );
    renderAt(store, '/subscription?code=SPRING');
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
        'Code SPRING: $119.99 for the first year, then $149.99/year',
      ),
    );
    // The code is for the annual plan: that plan is shown.
    expect(screen.getByRole('radio', { name: 'Annual · 2 months free' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect((screen.getByLabelText('Promotion code') as HTMLInputElement).value).toBe('SPRING');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT.url));
    expect(fake.callsTo(subscriptionRoutes.createCheckoutSession)[0]?.body).toEqual({
      plan: 'premium',
      interval: 'year',
      code: 'SPRING',
    });
  });

  it('says why a code cannot be used, and checks out without it', async () => {
    const { store, fake } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, FREE)
        .on(planRoutes.offer, ({ query }) =>
          query.get('code')
            ? failure(400, 'This code has expired.', [{ field: 'code', message: 'This code has expired.' }])
            : NO_TRIAL,
        )
        .on(subscriptionRoutes.createCheckoutSession, CHECKOUT),
    );
    renderAt(store);
    await screen.findByRole('button', { name: 'Subscribe Now' });
    fireEvent.change(screen.getByLabelText('Promotion code'), { target: { value: 'OLDCODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('This code has expired.');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(fake.callsTo(subscriptionRoutes.createCheckoutSession)).toHaveLength(1));
    expect(fake.callsTo(subscriptionRoutes.createCheckoutSession)[0]?.body).toEqual({
      plan: 'premium',
      interval: 'month',
    });
  });

  it('offers the 7-day free trial to someone who never had Premium', async () => {
    const { store, fake } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, FREE)
        .on(planRoutes.offer, { trial: { eligible: true, days: 7 }, discount: null })
        .on(subscriptionRoutes.createCheckoutSession, CHECKOUT),
    );
    renderAt(store);
    fireEvent.click(await screen.findByRole('button', { name: 'Start 7-day free trial' }));
    // Paying now stays the first choice.
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeDefined();
    expect(screen.getByText(/^7-day free trial: nothing is charged until /)).toBeDefined();
    await waitFor(() => expect(fake.callsTo(subscriptionRoutes.createCheckoutSession)).toHaveLength(1));
    expect(fake.callsTo(subscriptionRoutes.createCheckoutSession)[0]?.body).toEqual({
      plan: 'premium',
      interval: 'month',
      trial: true,
    });
  });
});

describe('a plan that is on', () => {
  const MONTHLY: SubscriptionStatus = {
    hasSubscription: true,
    plan: 'premium',
    status: 'active',
    currentPeriodEnd: '2030-03-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    interval: 'month',
    trialEnd: null,
    scheduledInterval: null,
  };

  it('shows the trial end date', async () => {
    const { store } = fakeStores(
      learner,
      fakeApi().on(subscriptionRoutes.status, {
        ...MONTHLY,
        status: 'trialing',
        trialEnd: '2030-03-15T12:00:00.000Z',
      }),
    );
    renderAt(store);
    await screen.findByText('Free trial until March 15, 2030');
    expect(screen.getByText('Premium Monthly')).toBeDefined();
  });

  it('shows what monthly → annual charges before it is confirmed, then switches', async () => {
    let state = MONTHLY;
    const { store, fake } = fakeStores(
      learner,
      fakeApi()
        .on(subscriptionRoutes.status, () => state)
        .on(planRoutes.previewChange, ANNUAL_SWITCH_PREVIEW)
        .on(planRoutes.change, () => {
          state = { ...MONTHLY, interval: 'year' };
          return success(state, { message: 'You are now on the annual plan.' });
        }),
    );
    renderAt(store);
    fireEvent.click(await screen.findByRole('button', { name: 'See the annual price' }));
    const confirm = await screen.findByRole('group', { name: 'Confirm the switch' });
    expect(switchFigures(confirm)).toEqual(['$149.99', '−$7.50', '$142.49']);
    expect(fake.callsTo(planRoutes.change)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm switch' }));
    await screen.findByText('You are now on the annual plan.');
    expect(fake.callsTo(planRoutes.change)[0]?.body).toEqual({ interval: 'year' });
    expect(screen.getByText('Premium Annual')).toBeDefined();
  });
});
