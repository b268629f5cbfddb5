// Accounts made as a person makes them: registered, the address verified through the link in the outbox. A
// fresh learner signed in on the page (the subscription and billing journeys start from one), or a second Premium
// member, the plan paid on the payments sandbox's hosted checkout with the success card (its form posted
// directly: the checkout page itself is the subscription journey's subject, not this helper's).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, latestEmailTo, loginAs, uniqueEmail } from '../fixtures';
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

/** Registers the account and verifies its address with the link the outbox holds (a plan needs it). */
async function registerVerified(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
): Promise<void> {
  await dataOf(await request.post('/api/v1/auth/register', { data: account }), 'register', 201);
  let verifyToken: string | undefined;
  await expect
    .poll(
      () => (verifyToken = latestEmailTo(account.email)?.match(/verify-email\?token=([A-Za-z0-9_%-]+)/)?.[1]),
      { message: 'the verification e-mail reaches the outbox' },
    )
    .toMatch(/^[\w%-]+$/);
  await dataOf(await request.get(`/api/v1/auth/verify-email?token=${verifyToken}`), 'verify-email');
}

/** Registers an account and verifies its address; answers it signed in (its token). */
async function newVerifiedAccount(request: APIRequestContext, name: string, label: string): Promise<Member> {
  const account = { name, email: uniqueEmail(label), password: 'Member-pass-2' };
  await registerVerified(request, account);
  const { token } = await dataOf<{ token: string }>(
    await request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } }),
    'login',
  );
  return { ...account, token };
}

/** A fresh learner (no plan, the address verified) with the page signed in as them. */
export async function newLearner(
  page: Page,
  label: string,
  name = 'Lena Learner',
  email = uniqueEmail(label),
): Promise<Member> {
  const account = { name, email, password: 'Learner-pass-1' };
  await registerVerified(page.request, account);
  return { ...account, token: await loginAs(page, account) };
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
