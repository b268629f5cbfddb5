/**
 * Plans and promotion codes: a code is used once per person however many checkouts are opened with it at the
 * same moment; the free trial is once per person, by account and by card; the browser cannot set a price.
 */
import { randomBytes } from 'node:crypto';
import type { AdminPromotion, CheckoutSession, SubscriptionStatus } from '@catalyst/contracts';
import { confirmedAccount } from './community';
import { dataOf, describe, isErrorShape, type Suite } from './harness';

/** Pays a hosted checkout with a card; answers where the page sent the browser. */
async function pay(url: string, cardNumber = '4242424242424242') {
  const paid = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }),
  });
  return paid.headers.get('location') ?? '';
}

export async function billingPlans(suite: Suite) {
  const { admin } = suite.fixtures.tokens;
  const code = `TWICE${randomBytes(4).toString('hex').toUpperCase()}`;
  const made = await suite.request<AdminPromotion>('POST', '/admin/promotions', {
    token: admin,
    body: { code, kind: 'percent', percentOff: 50, duration: 'forever', audience: 'anyone' },
  });
  if (made.status !== 201) throw new Error(`making a promotion code answered ${describe(made)}`);

  // One person opens three checkouts with the code at the same moment and pays every one.
  const buyer = await confirmedAccount(suite, 'code-twice');
  const opened = await Promise.all(
    [0, 1, 2].map(() =>
      suite.request<CheckoutSession>('POST', '/subscription/create-checkout-session', {
        token: buyer.token,
        body: { plan: 'premium', code },
      }),
    ),
  );
  const urls = opened.filter((o) => o.status === 200).map((o) => dataOf(o).url);
  const landed = await Promise.all(urls.map((url) => pay(url)));
  const paidWithCode = landed.filter((to) => to.includes('/subscription/success')).length;
  suite.check(
    'a promotion code applied in three checkouts opened at the same moment by one person is paid once',
    paidWithCode === 1,
    'one payment with the code; the other checkouts expired or refused in the one error shape',
    () => `${opened.map((o) => o.status).join(', ')} -> ${landed.join(' | ')}`,
  );
  // The paid checkout is confirmed as its success page does (the provider's webhook may come later).
  const paidSession = landed.find((to) => to.includes('/subscription/success'));
  const paidId = paidSession ? new URL(paidSession).searchParams.get('session_id') : null;
  if (paidId) await suite.request('GET', `/subscription/status?session_id=${paidId}`, { token: buyer.token });
  const listed = dataOf(await suite.request<AdminPromotion[]>('GET', '/admin/promotions', { token: admin }));
  const again = await suite.request('GET', `/subscription/offer?code=${code.toLowerCase()}`, {
    token: buyer.token,
  });
  suite.check(
    'the code is then used: counted once, and refused to the same person in any case of its letters',
    listed.find((p) => p.code === code)?.redemptions === 1 &&
      again.status === 400 &&
      isErrorShape(again.body) &&
      again.body.message === 'You have already used this code.',
    'one redemption; 400 "You have already used this code."',
    () => `${JSON.stringify(listed.find((p) => p.code === code))} | ${describe(again)}`,
  );

  // The free trial, once per card: a second account with the same card gets no trial and pays nothing.
  const card = '5555555555554444';
  const trialists = [await confirmedAccount(suite, 'trial-a'), await confirmedAccount(suite, 'trial-b')];
  const plans: SubscriptionStatus[] = [];
  for (const person of trialists) {
    const session = dataOf(
      await suite.request<CheckoutSession>('POST', '/subscription/create-checkout-session', {
        token: person.token,
        body: { plan: 'premium', trial: true },
      }),
    );
    await pay(session.url, card);
    plans.push(
      dataOf(
        await suite.request<SubscriptionStatus>(
          'GET',
          `/subscription/status?session_id=${session.sessionId}`,
          {
            token: person.token,
          },
        ),
      ),
    );
  }
  suite.check(
    'a free trial taken twice with one card: the second account gets no Premium from it',
    plans[0]?.status === 'trialing' && plans[1]?.hasSubscription === false,
    'trialing, then no plan',
    () => plans.map((p) => `${p.status}/${p.hasSubscription}`).join(' | '),
  );
  const secondTrial = await suite.request('POST', '/subscription/create-checkout-session', {
    token: trialists[1]!.token,
    body: { plan: 'premium', trial: true },
  });
  suite.expectClientError(
    'a free trial asked for again by an account that had one is refused',
    secondTrial,
    [409],
  );

  // The price is the server's: whatever the browser sends beside the plan, the annual checkout is $149.99.
  const shopper = await confirmedAccount(suite, 'price');
  const forged = await suite.request<CheckoutSession>('POST', '/subscription/create-checkout-session', {
    token: shopper.token,
    body: {
      plan: 'premium',
      interval: 'year',
      price: 0.01,
      unit_amount: 1,
      amount: 1,
      line_items: [{ price_data: { unit_amount: 1, currency: 'usd' } }],
      discounts: [{ coupon: 'FREE' }],
    },
  });
  const page = forged.status === 200 ? await (await fetch(dataOf(forged).url)).text() : '';
  suite.check(
    'a price, amount or line item sent by the browser is not read: the annual checkout costs $149.99',
    page.includes('$149.99') && !page.includes('$0.01'),
    'the hosted page shows $149.99',
    () => `${describe(forged)} ${page.slice(0, 200)}`,
  );
  const weekly = await suite.request('POST', '/subscription/create-checkout-session', {
    token: shopper.token,
    body: { plan: 'premium', interval: 'day' },
  });
  suite.expectClientError('a billing interval the product does not sell is refused', weekly, [400]);
  const junk = await suite.request('GET', `/subscription/offer?code=${'Z'.repeat(200)}`, {
    token: shopper.token,
  });
  suite.expectClientError('an overlong code is refused, never a 5xx', junk, [400]);
}
