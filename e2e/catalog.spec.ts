import type { APIRequestContext } from '@playwright/test';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';

/** The catalogue as a visitor, a learner without a plan and a member: dashboard Top Courses, browse, category, creator library. */

interface Listed {
  _id: string;
  productId: string;
  title: string;
  price: number | null;
}

async function topProducts(request: APIRequestContext): Promise<Listed[]> {
  const res = await request.get('/api/v1/content/products/top');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: Listed[] }).data;
}

async function publicCategoryCount(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/categories?limit=100');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { total: number } }).data.total;
}


test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test.describe('visitor', () => {
  test('sees every public category with Login Required, and a click opens the login dialog', async ({ page, request }) => {
    const total = await publicCategoryCount(request);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
    await expect(page.getByText('Login Required')).toHaveCount(total);
    await page.getByRole('button', { name: /Web Development/ }).click();
    await expect(page.getByRole('dialog').getByText('Welcome Back')).toBeVisible();
  });

  test('searches categories by name or description, with both empty states', async ({ page }) => {
    await page.goto('/browse');
    await expect(page.getByRole('button', { name: /Photography/ })).toBeVisible();
    await page.getByLabel('Search categories').fill('CAMERA');
    await expect(page.getByRole('button', { name: /Photography/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Web Development/ })).toHaveCount(0);
    await page.getByLabel('Search categories').fill('no such topic at all');
    await expect(page.getByText('No categories found')).toBeVisible();
  });

  test('shows Failed to load categories, and Try Again recovers', async ({ page }) => {
    await page.route('**/api/v1/categories**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"boom"}' }));
    await page.goto('/browse');
    await expect(page.getByText('Failed to load categories')).toBeVisible();
    await page.unroute('**/api/v1/categories**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: /Web Development/ })).toBeVisible();
  });

  test('is asked to log in on a category page', async ({ page }) => {
    await page.goto('/browse/category/web-development');
    await expect(page.getByText('Authentication Required')).toBeVisible();
  });
});

test.describe('learner without a plan', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'learner');
  });

  test('sees Top Courses on the dashboard with the count, 4 cards and prices', async ({ page, request }) => {
    const top = await topProducts(request);
    await page.goto('/');
    await expect(page.getByText(`${top.length} Available`)).toBeVisible();
    const views = page.getByRole('link', { name: /^View / });
    await expect(views).toHaveCount(Math.min(4, top.length));
    await expect(views.first()).toHaveAttribute('href', `/browse/premium/product/${top[0]!.productId}`);
  });

  test('a premium product sends the learner to /subscription', async ({ page, request }) => {
    // a free product (priced 0) opens for the learner (subscription.spec): the first priced one of the cards
    const premium = (await topProducts(request)).slice(0, 4).find((p) => p.price !== 0);
    expect(premium, 'Top Courses shows a priced product').toBeTruthy();
    await page.goto('/');
    await page.getByRole('link', { name: `View ${premium!.title}` }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('sees Premium Content on every category, and a click goes to /subscription', async ({ page, request }) => {
    const total = await publicCategoryCount(request);
    await page.goto('/browse');
    await expect(page.getByText('Premium Content')).toHaveCount(total);
    await page.getByRole('button', { name: /Data Science/ }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('is sent to /subscription from a category or creator address', async ({ page }) => {
    await page.goto('/browse/category/web-development');
    await expect(page).toHaveURL(/\/subscription$/);
    await page.goto('/browse/category/web-development/creator/maya-chen');
    await expect(page).toHaveURL(/\/subscription$/);
  });
});

test.describe('member', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'member');
  });

  test('browses a category with Full Access, then its creators with search, sort and counts', async ({ page, request }) => {
    const total = await publicCategoryCount(request);
    await page.goto('/browse');
    await expect(page.getByText('Full Access')).toHaveCount(total);
    await page.getByRole('button', { name: /Web Development/ }).click();
    await expect(page).toHaveURL(/\/browse\/category\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
    const cards = page.getByTestId('creator-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('Showing 2 of 2')).toBeVisible();
    await expect(cards.first()).toContainText('Maya Chen');
    await expect(cards.first()).toContainText(/\d+ videos?/);
    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
    await expect(cards.first()).toContainText('Daniel Okafor');
    await page.getByLabel('Search creators').fill('postgres');
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('Showing 1 of 2')).toBeVisible();
    await page.getByLabel('Search creators').fill('nobody here');
    await expect(page.getByText('No creators found')).toBeVisible();
  });

  test("filters, sorts and switches the layout of a creator's library, then opens a product", async ({ page }) => {
    await page.goto('/browse/category/web-development');
    await page.getByTestId('creator-card').filter({ hasText: 'Maya Chen' }).click();
    await expect(page).toHaveURL(/\/browse\/category\/web-development\/creator\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible();
    const products = page.getByTestId('library-product');
    await expect(products).toHaveCount(4);
    await expect(products.first()).toContainText(/Completed|\d+%|New/);
    await expect(products.first()).toContainText(/\d+h|\d+m/);

    await page.getByLabel('Type').selectOption({ label: 'Course' });
    await expect(products).toHaveCount(2);
    await page.getByLabel('Type').selectOption({ label: 'All types' });
    await page.getByLabel('Level').selectOption({ label: 'Intermediate' });
    await expect(products).toHaveCount(2);
    await page.getByLabel('Level').selectOption({ label: 'All levels' });
    await page.getByLabel('Sort by').selectOption({ label: 'Title A-Z' });
    await expect(products.first()).toContainText('CSS Grid Layout Workshop');
    await page.getByLabel('Search content').fill('hooks');
    await expect(products).toHaveCount(1);
    await page.getByLabel('Search content').fill('');
    await expect(products).toHaveCount(4);

    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.locator('[data-layout="list"]')).toBeVisible();
    await page.getByRole('button', { name: 'Grid' }).click();
    await expect(page.locator('[data-layout="grid"]')).toBeVisible();

    await page.getByRole('button', { name: /Back to category/ }).click();
    await expect(page).toHaveURL(/\/browse\/category\/web-development$/);
    await page.getByTestId('creator-card').filter({ hasText: 'Maya Chen' }).click();
    await products.filter({ hasText: 'React Hooks in Depth' }).click();
    await expect(page).toHaveURL(/\/browse\/premium\/product\/[A-Z0-9]{8}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'React Hooks in Depth' })).toBeVisible();
  });

  test('opens a Top Courses product from the dashboard', async ({ page, request }) => {
    const top = await topProducts(request);
    await page.goto('/');
    await page.getByRole('link', { name: `View ${top[0]!.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/browse/premium/product/${top[0]!.productId}$`));
    await expect(page.getByRole('heading', { level: 1, name: top[0]!.title })).toBeVisible();
  });
});
