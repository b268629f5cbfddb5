import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { newLearner } from './lib/members';

/** What differs between the plans page's ways into the checkout: the monthly plan's, by default. */
interface Checkout {
  /** What the plans page offers before its button is pressed. */
  offer: string | RegExp;
  /** The plans page's button that opens the sandbox's checkout. */
  start: string;
  /** What the checkout says is due. */
  due: string;
  /** The checkout's own button that pays. */
  pay: RegExp;
}
const MONTHLY: Checkout = {
  offer: 'Most popular choice',
  start: 'Subscribe Now',
  due: '$14.99',
  pay: /^Subscribe/,
};

/** From the plans page through the sandbox's hosted checkout with one card. */
async function payWith(page: Page, card: string, checkout: Partial<Checkout> = {}) {
  const { offer, start, due, pay } = { ...MONTHLY, ...checkout };
  await page.goto('/subscription');
  await expect(page.getByText(offer)).toBeVisible();
  await page.getByRole('button', { name: start }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText(due).first()).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: pay }).click();
}

async function firstCategory(page: Page): Promise<{ slug: string; name: string }> {
  const response = await page.request.get('/api/v1/categories');
  const { data } = (await response.json()) as { data: unknown };
  const list = (Array.isArray(data) ? data : ((data as { items?: unknown[] }).items ?? [])) as Array<{
    slug: string;
    name: string;
  }>;
  expect(list.length).toBeGreaterThan(0);
  return list[0]!;
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a learner subscribes with the success card and opens a premium category at once', async ({ page }) => {
  const learner = await newLearner(page, 'subscribe');
  const category = await firstCategory(page);
  const before = await page.request.get(`/api/v1/content/premium/categories/${category.slug}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(before.status()).toBe(403);

  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();
  await expect(page.getByText(learner.name).first()).toBeVisible();

  const after = await page.request.get(`/api/v1/content/premium/categories/${category.slug}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
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
  [
    '4000 0000 0000 9995',
    'insufficient_funds',
    'Insufficient funds on your payment method. Please try a different card.',
  ],
  ['4000 0000 0000 0069', 'expired_card', 'Your card has expired. Please update your payment method.'],
  [
    '4000 0000 0000 0119',
    'payment_failed',
    'Your payment could not be processed. Please check your payment method and try again.',
  ],
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

test('after a declined card, Try Again opens the checkout again and another card subscribes', async ({
  page,
}) => {
  await newLearner(page, 'retries');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'Subscription Failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();
});

test('going back from the checkout is no failure: the plans page again, nothing charged', async ({
  page,
}) => {
  await newLearner(page, 'backs-out');
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('Checkout closed')).toBeVisible();
  await expect(page.getByText('Subscription Failed')).toHaveCount(0);
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
  // the heading says the plan is ending, not "You're All Set!" (issue 15, bug 13)
  await expect(
    page.getByRole('heading', { level: 1, name: /^Your Premium ends on \w+ \d{1,2}, \d{4}$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByText(/Your subscription will end on /)).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText(/Renews on /)).toBeVisible();
  await expect(page.getByText(/Your subscription will end on /)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
});

// Issue 15: what a learner trips over around the plan (bug 3 and the flaws beside it).

/** The first card of Top Courses priced 0 ('Free') and the first priced one, as the dashboard lists them. */
async function topCourses(page: Page) {
  const response = await page.request.get('/api/v1/content/products/top');
  const top = (
    (await response.json()) as {
      data: Array<{ productId: string; slug: string; title: string; price: number | null }>;
    }
  ).data.slice(0, 4);
  const free = top.find((p) => p.price === 0);
  const premium = top.find((p) => p.price !== 0);
  expect(free, 'Top Courses shows a free product').toMatchObject({ price: 0 });
  expect(premium, 'Top Courses shows a premium product').toMatchObject({ title: expect.any(String) });
  return { free: free!, premium: premium! };
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a learner without a plan opens a free course from Top Courses and saves progress (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const learner = await newLearner(page, `free-${viewport.name}`);
    const { free } = await topCourses(page);
    await page.goto('/');
    const card = page
      .getByRole('region', { name: 'Top Courses' })
      .getByRole('link', { name: `View ${free.title}` });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/browse/premium/product/${free.productId}$`));
    await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();
    await expect(page.getByTestId('video-player').locator('video')).toBeVisible();
    // the free course's progress is the learner's too
    await expect(page.getByTestId('progress-percent')).toBeVisible();
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByTestId('progress-percent')).toHaveText('Completed · 100%');
    await expect(page).toHaveURL(new RegExp(`/browse/premium/product/${free.productId}$`));
    const product = (await (
      await page.request.get(`/api/v1/content/premium/products/${free.slug}`, {
        headers: { authorization: `Bearer ${learner.token}` },
      })
    ).json()) as { data: { _id: string } };
    const saved = await page.request.get(`/api/v1/content/progress/product/${product.data._id}`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(((await saved.json()) as { data: { completed: boolean } }).data.completed).toBe(true);
  });
}

test('a premium course sends a learner without a plan to the plans page, which says why', async ({
  page,
}) => {
  await loginAs(page, 'learner');
  const { premium } = await topCourses(page);
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Top Courses' })
    .getByRole('link', { name: `View ${premium.title}` })
    .click();
  await expect(page).toHaveURL(/\/subscription$/);
  const reason = page.getByText('This course is part of Premium');
  await expect(reason).toBeVisible();
  // above the plan
  const reasonBox = (await reason.boundingBox())!;
  const planBox = (await page.getByRole('heading', { name: 'Premium', exact: true }).boundingBox())!;
  expect(reasonBox.y).toBeLessThan(planBox.y);
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  // coming on one's own (the footer's Pricing) says nothing of the kind
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  await expect(page.getByText('This course is part of Premium')).toHaveCount(0);
});

test('the server still refuses a premium product to a learner, with the spec message', async ({ page }) => {
  const token = await loginAs(page, 'learner');
  const { free, premium } = await topCourses(page);
  const refused = await page.request.get(`/api/v1/content/premium/products/${premium.slug}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    success: false,
    message: 'Active subscription required to access this content',
  });
  const opened = await page.request.get(`/api/v1/content/premium/products/${free.slug}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(opened.status()).toBe(200);
});

test('the user menu leads to Subscription', async ({ page }) => {
  await loginAs(page, 'learner');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('menu', { name: 'User menu' })).toHaveCount(0);
});

test('after subscribing with the test card the profile shows the plan, Manage billing and the receipt', async ({
  page,
}) => {
  await newLearner(page, 'invoices');
  await page.goto('/profile');
  const plan = page.getByRole('region', { name: 'Subscription' });
  await expect(plan.getByText('No invoices yet.')).toBeVisible();
  await expect(plan.getByRole('link', { name: 'See Premium' })).toHaveAttribute('href', '/subscription');

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();

  // the invoices are read from the provider: a failure says so and Try Again reads them again
  await page.route('**/api/v1/subscription/invoices', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'The payment provider is unavailable. Please try again shortly.',
      }),
    }),
  );
  await page.goto('/profile');
  await expect(plan.getByText('Premium Monthly', { exact: true })).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText('Renews', { exact: true })).toBeVisible();
  await expect(plan.getByText(/Failed to load invoices\./)).toBeVisible();
  await page.unroute('**/api/v1/subscription/invoices');
  await plan.getByRole('button', { name: 'Try Again' }).click();

  const receipt = plan.getByRole('link', { name: /^Receipt/ });
  await expect(receipt).toBeVisible();
  const row = plan.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Receipt/ }) });
  await expect(row.getByText('$14.99')).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  const [receiptPage] = await Promise.all([page.waitForEvent('popup'), receipt.click()]);
  await expect(receiptPage.getByText('$14.99')).toBeVisible();
  await expect(receiptPage.getByText('Paid', { exact: true })).toBeVisible();
  await receiptPage.close();

  await plan.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Current plan' })).toBeVisible();
  await expect(page.getByText(/Renews on /)).toBeVisible();
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a visitor sees what Premium costs on the welcome page and can sign up (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const plan = page.getByRole('region', { name: 'Premium' });
    await expect(plan.getByText('$14.99/month')).toBeVisible();
    await expect(plan.getByRole('list', { name: 'Premium includes' }).getByRole('listitem')).toHaveCount(7);
    await expect(plan.getByText('Access to all courses')).toBeVisible();
    await plan.getByRole('button', { name: 'Sign Up for Premium' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
  });
}

test('a learner arrives with a shared code, sees the annual price it gives and checks out with it', async ({
  page,
}) => {
  // An admin makes the code (20% off the first year, annual only).
  const admin = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@catalyst.example', password: 'Admin-pass-1' },
  });
  const adminToken = ((await admin.json()) as { data: { token: string } }).data.token;
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
  const made = await page.request.post('/api/v1/admin/promotions', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { code, kind: 'percent', percentOff: 20, duration: 'once', audience: 'anyone', interval: 'year' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await newLearner(page, 'annual-code');
  await page.goto(`/subscription?code=${code.toLowerCase()}`);
  await expect(page.getByText(`Code ${code}: $119.99 for the first year, then $149.99/year`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Annual · 2 months free' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByText('$149.99', { exact: true })).toBeVisible();
  await expect(page.getByText('$12.50/month, billed yearly')).toBeVisible();

  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText('Due today: $119.99')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await expect(page.getByText('Current plan: Premium Annual')).toBeVisible();
});

test('a learner starts the free trial with a card, cancels it, keeps Premium to its end and pays nothing', async ({
  page,
}) => {
  const learner = await newLearner(page, 'trial');
  await payWith(page, '4242 4242 4242 4242', {
    offer: /^7-day free trial: nothing is charged until /,
    start: 'Start 7-day free trial',
    due: '7-day free trial: $0.00 due today.',
    pay: /^Subscribe|^Start/,
  });
  await expect(page.getByRole('heading', { name: 'Subscription Activated Successfully' })).toBeVisible();

  // The trial opens Premium at once, and the plans page says until when nothing is charged.
  await page.goto('/subscription');
  await expect(page.getByText(/^Free trial until \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  const category = await firstCategory(page);
  const premium = await page.request.get(`/api/v1/content/premium/categories/${category.slug}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(premium.status()).toBe(200);

  // Cancelled during the trial: Premium stays to the trial's end, and no card is ever charged.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(
    page.getByText(/^Your free trial ends on \w+ \d{1,2}, \d{4}\. Nothing will be charged\.$/),
  ).toBeVisible();
  const status = await page.request.get('/api/v1/subscription/status', {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(((await status.json()) as { data: unknown }).data).toMatchObject({
    hasSubscription: true,
    status: 'trialing',
    cancelAtPeriodEnd: true,
  });
  const invoices = await page.request.get('/api/v1/subscription/invoices', {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  const paid = ((await invoices.json()) as { data: Array<{ amount: number }> }).data;
  expect(paid.reduce((sum, invoice) => sum + invoice.amount, 0)).toBe(0);
});
