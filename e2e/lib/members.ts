// A second Premium member made as a person becomes one: registered, the address verified through the link in
// the outbox, the plan paid on the payments sandbox's hosted checkout with the success card (its form posted
// directly: the checkout page itself is the subscription journey's subject, not this helper's).
import type { APIRequestContext } from '@playwright/test';
import { expect, latestEmailTo, uniqueEmail } from '../fixtures';
import { bearer } from './course';

export interface Member {
  name: string;
  email: string;
  password: string;
  token: string;
}

async function dataOf<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
  status = 200,
): Promise<T> {
  expect(response.status(), `${what} answered: ${await response.text()}`).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/** Registers an account and verifies its address with the link the outbox holds; answers it signed in (its token). */
async function newVerifiedAccount(request: APIRequestContext, name: string, label: string): Promise<Member> {
  const account = { name, email: uniqueEmail(label), password: 'Member-pass-2' };
  await dataOf(await request.post('/api/v1/auth/register', { data: account }), 'register', 201);
  let verifyToken: string | undefined;
  await expect
    .poll(
      () => (verifyToken = latestEmailTo(account.email)?.match(/verify-email\?token=([A-Za-z0-9_%-]+)/)?.[1]),
      { message: 'the verification e-mail reaches the outbox' },
    )
    .toMatch(/^[\w%-]+$/);
  await dataOf(await request.get(`/api/v1/auth/verify-email?token=${verifyToken}`), 'verify-email');
  const { token } = await dataOf<{ token: string }>(
    await request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } }),
    'login',
  );
  return { ...account, token };
}

/** A new account with an active Premium plan, paid with 4242 4242 4242 4242. */
export async function newPremiumMember(
  request: APIRequestContext,
  name: string,
  label = 'member',
): Promise<Member> {
  const member = await newVerifiedAccount(request, name, label);
  const checkout = await dataOf<{ url: string; sessionId: string }>(
    await request.post('/api/v1/subscription/create-checkout-session', {
      headers: bearer(member.token),
      data: { plan: 'premium' },
    }),
    'create-checkout-session',
  );
  const paid = await request.post(checkout.url, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', cardName: name },
    maxRedirects: 0,
  });
  expect(paid.status(), 'the hosted checkout accepts the success card').toBe(303);
  expect(paid.headers().location, 'the checkout returns to the success page').not.toMatch(/error=/);
  // the success page's own call: the checkout it names is confirmed with the provider first
  await expect
    .poll(
      async () =>
        (
          await dataOf<{ hasSubscription: boolean }>(
            await request.get(`/api/v1/subscription/status?session_id=${checkout.sessionId}`, {
              headers: bearer(member.token),
            }),
            'subscription status',
          )
        ).hasSubscription,
      { message: 'the plan is active' },
    )
    .toBe(true);
  return member;
}
