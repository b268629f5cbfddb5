import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, latestEmailTo, loginAs, test, uniqueEmail } from './fixtures';

/** Registers a fresh learner (no subscription), verifies the address through the outbox link (a plan needs it) and signs the page in. */
async function newLearner(page: Page, label: string) {
  const account = { name: 'Lena Learner', email: uniqueEmail(label), password: 'Learner-pass-1' };
  const response = await page.request.post('/api/v1/auth/register', { data: account });
  expect(response.ok(), `register answered ${response.status()}`).toBeTruthy();
  let token: string | undefined;
  await expect.poll(() => (token = latestEmailTo(account.email)?.match(/verify-email\?token=([A-Za-z0-9_%-]+)/)?.[1])).toBeTruthy();
  expect((await page.request.get(`/api/v1/auth/verify-email?token=${token}`)).status()).toBe(200);
  return { ...account, token: await loginAs(page, account) };
}

/** From the plans page through the sandbox's hosted checkout with one card. */
async function payWith(page: Page, card: string) {
  await page.goto('/subscription');
  await expect(page.getByText('Most popular choice')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText('$14.99').first()).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe/ }).click();
}

async function firstCategory(page: Page): Promise<{ slug: string; name: string }> {
  const response = await page.request.get('/api/v1/categories');
  const { data } = (await response.json()) as { data: unknown };
  const list = (Array.isArray(data) ? data : ((data as { items?: unknown[] }).items ?? [])) as Array<{ slug: string; name: string }>;
  expect(list.length).toBeGreaterThan(0);
  return list[0]!;
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a learner subscribes with the success card and opens a premium category at once', async ({ page }) => {
  const learner = await newLearner(page, 'subscribe');
  const category = await firstCategory(page);
  const before = await page.request.get(`/api/v1/content/premium/categories/${category.slug}`, { headers: { authorization: `Bearer ${learner.token}` } });
  expect(before.status()).toBe(403);

  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();
  await expect(page.getByText(learner.name).first()).toBeVisible();

  const after = await page.request.get(`/api/v1/content/premium/categories/${category.slug}`, { headers: { authorization: `Bearer ${learner.token}` } });
  expect(after.status()).toBe(200);
  await page.getByRole('link', { name: 'Start Learning Now' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await page.goto(`/browse/category/${category.slug}`);
  await expect(page.getByText(category.name).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/browse/category/${category.slug}$`));

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
});

const failures: Array<[string, string, string]> = [
  ['4000 0000 0000 0002', 'card_declined', 'Your card was declined. Please try a different payment method.'],
  ['4000 0000 0000 9995', 'insufficient_funds', 'Insufficient funds on your payment method. Please try a different card.'],
  ['4000 0000 0000 0069', 'expired_card', 'Your card has expired. Please update your payment method.'],
  ['4000 0000 0000 0119', 'payment_failed', 'Your payment could not be processed. Please check your payment method and try again.'],
];

test('each failure card lands on Subscription Failed with its message', async ({ page }) => {
  await newLearner(page, 'declined');
  for (const [card, code, message] of failures) {
    await payWith(page, card);
    await expect(page).toHaveURL(new RegExp(`/subscription/cancel\\?.*error=${code}`));
    await expect(page.getByRole('heading', { name: 'Subscription Failed' })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText('How to fix this')).toBeVisible();
  }
  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
});

test('cancel shows the end date and reactivate clears it', async ({ page }) => {
  await newLearner(page, 'cancel');
  await payWith(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByText(/Renews on /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText(/Your subscription will end on \w+ \d{1,2}, \d{4}/)).toBeVisible();
  await expect(page.getByText(/Renews on /)).toHaveCount(0);

  await page.reload();
  await expect(page.getByText(/Your subscription will end on /)).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText(/Renews on /)).toBeVisible();
  await expect(page.getByText(/Your subscription will end on /)).toHaveCount(0);
});
