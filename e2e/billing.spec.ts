import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dataDir, dismissCookieBanner, expect, latestEmailTo, test } from './fixtures';
import { newLearner } from './lib/members';

/** Moves the sandbox's test clock (its own API, with the per-install key the launcher keeps) to `at`. */
async function advanceSandboxClockTo(page: Page, at: Date) {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')) as {
    services: Record<string, number>;
  };
  const key = readFileSync(path.join(dataDir, 'secrets', 'sandbox-secret-key.txt'), 'utf8').trim();
  const response = await page.request.post(
    `http://127.0.0.1:${runtime.services['payments-sandbox']}/v1/test_helpers/advance`,
    { headers: { authorization: `Bearer ${key}` }, form: { to: String(Math.floor(at.getTime() / 1000)) } },
  );
  expect(response.status(), 'advance the test clock').toBe(200);
}

/** Fills the sandbox's hosted card form and submits it. */
async function payOnHostedPage(page: Page, card: string, button: RegExp) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

const planStatus = async (page: Page, token: string) =>
  (
    (await (
      await page.request.get('/api/v1/subscription/status', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { status: string; hasSubscription: boolean };
    }
  ).data;

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a failed renewal shows the banner and e-mail, and a new card in the portal recovers it', async ({
  page,
}) => {
  const learner = await newLearner(page, 'renewal');
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await payOnHostedPage(page, '4242 4242 4242 4242', /^Subscribe/);
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();

  // The card on file becomes one that fails when charged, then the month runs out.
  await page.goto('/account/billing');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await page.getByLabel('New card number').fill('4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByText('Your card has been updated.')).toBeVisible();
  // Just past the paid period (or a first-time trial): the renewal fails once, before any retry.
  const { currentPeriodEnd } = (await planStatus(page, learner.token)) as unknown as {
    currentPeriodEnd: string;
  };
  await advanceSandboxClockTo(page, new Date(Date.parse(currentPeriodEnd) + 60_000));
  await expect
    .poll(async () => (await planStatus(page, learner.token)).status, { timeout: 15_000 })
    .toBe('past_due');

  await page.goto('/');
  const banner = page.getByRole('alert').filter({ hasText: 'Your last payment failed.' });
  await expect(banner).toContainText(/Update your card by \w+ \d+, \d{4} to keep Premium\./);

  let link: string | undefined;
  await expect
    .poll(() => (link = latestEmailTo(learner.email)?.match(/Update your card: (\S+)/)?.[1]))
    .toMatch(/\/account\/billing\?update=card$/);
  expect(latestEmailTo(learner.email)).toContain('Subject: Your Catalyst Premium payment failed');
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  // The e-mail's link opens the portal at the card update.
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await expect(
    page.getByText('Your last payment failed. A new card pays the open invoice at once.'),
  ).toBeVisible();
  await page.getByLabel('New card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByText('Your card has been updated.')).toBeVisible();
  await expect
    .poll(async () => (await planStatus(page, learner.token)).status, { timeout: 15_000 })
    .toBe('active');

  await page.getByRole('link', { name: 'Return to Catalyst' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('Your last payment failed.')).toHaveCount(0);
  const rows = page.getByRole('table', { name: 'Your invoices, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Premium Monthly');
  await expect(rows.nth(1)).toContainText('$14.99');
  await expect(rows.nth(1)).toContainText('Paid');
  // Its PDF receipt opens through the gateway from the signed link, with no sign-in.
  const pdfLink = rows.nth(1).getByRole('link', { name: /^PDF receipt/ });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('a gift is bought with one payment, its code printed, and redeemed by someone else', async ({
  page,
}) => {
  await newLearner(page, 'giver', 'Gina Giver');
  await page.goto('/gift');
  await page.getByLabel('6 months — $89.94').check();
  await page.getByLabel("Recipient's name").fill('Rafa');
  await page.getByLabel('I will print the code').check();
  await page.getByRole('button', { name: 'Pay $89.94' }).click();
  await expect(page.getByText('Pay for')).toBeVisible();
  await payOnHostedPage(page, '4242 4242 4242 4242', /^Pay/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your gift is paid.' })).toBeVisible();
  const code = (await page.getByLabel('Gift code').textContent())!.replaceAll('-', '');
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);

  const recipient = await newLearner(page, 'recipient', 'Rafa Recipient');
  await page.goto(`/gift/${code}`);
  await expect(page.getByRole('heading', { name: 'Gina Giver gave you 6 months of Premium' })).toBeVisible();
  await page.getByRole('button', { name: 'Redeem gift' }).click();
  await expect(page.getByText(/^Gift redeemed\. Premium is yours until \w+ \d+, \d{4}\.$/)).toBeVisible();
  expect((await planStatus(page, recipient.token)).hasSubscription).toBe(true);

  // Single use: the page says so to anyone who comes next.
  await page.reload();
  await expect(page.getByText('This gift has already been redeemed')).toBeVisible();
});
