import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, dismissCookieBanner, expect, loginAs, test } from './fixtures';

/** A demo course with a playable lesson (the demo seed gives every product a local video). */
const SLUG = 'html-css-from-scratch';

interface Product {
  _id: string;
  productId: string;
  title: string;
  videoUrl: string | null;
}

async function productOf(request: APIRequestContext, token: string): Promise<Product> {
  const res = await request.get(`/api/v1/content/premium/products/${SLUG}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `product ${SLUG} answered ${res.status()}`).toBeTruthy();
  const product = ((await res.json()) as { data: Product }).data;
  expect(product.videoUrl, 'the demo course has a video').toBeTruthy();
  return product;
}

async function savedProgress(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/content/progress/product/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { progress: number; lastPosition: number; completed: boolean } }).data;
}

async function resetProgress(request: APIRequestContext, token: string, id: string) {
  const res = await request.patch(`/api/v1/content/progress/product/${id}/reset`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
}

const video = (page: Page) => page.getByTestId('video-player').locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function openProduct(page: Page, product: Product) {
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  // the saved progress has loaded once the progress text shows
  await expect(page.getByTestId('progress-percent')).toBeVisible();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
}

let token: string;
let product: Product;

test.beforeEach(async ({ page, request }) => {
  await dismissCookieBanner(page);
  token = await apiToken(request, 'member');
  product = await productOf(request, token);
  await resetProgress(request, token, product._id);
  await loginAs(page, 'member');
});

test('plays, leaves, comes back: the position is restored', async ({ page, request }) => {
  await openProduct(page, product);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Browse' })).toBeVisible();
  await expect(crumbs).toContainText(product.title);

  await page.getByRole('button', { name: 'Play video' }).click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('Space'); // pause: saved at once
  const leftAt = await currentTime(page);
  await expect.poll(async () => (await savedProgress(request, token, product._id)).lastPosition).toBeCloseTo(leftAt, 0);

  await page.goto('/');
  await openProduct(page, product);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(leftAt - 1);
  expect(await currentTime(page)).toBeLessThan(leftAt + 1);
});

test('the unload save lands when the page is left mid-playback', async ({ page, request }) => {
  await openProduct(page, product);
  // only the unload form may save in this test: every regular PATCH save is refused on the way out
  let patchesRefused = 0;
  await page.route(`**/api/v1/content/progress/product/${product._id}`, (route) => {
    if (route.request().method() === 'PATCH') {
      patchesRefused += 1;
      return route.abort();
    }
    return route.fallback();
  });
  await page.getByRole('button', { name: 'Play video' }).click();
  // under 10 s of continuous playback: no forced save yet, and the debounce keeps being pushed back
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(4);
  const before = await savedProgress(request, token, product._id);
  expect(before.lastPosition).toBe(0);
  const leftAt = await currentTime(page);

  await page.goto('/about'); // a real page unload: pagehide sends the keepalive form
  // timeupdate fires about every 250 ms, so the player's last known position may trail currentTime a little
  await expect.poll(async () => (await savedProgress(request, token, product._id)).lastPosition, { timeout: 10_000 }).toBeGreaterThanOrEqual(leftAt - 1);
  expect(patchesRefused).toBe(0); // continuous playback under 10 s: the policy sent nothing before leaving
});

test('Mark Complete sets 100 and disables itself; Reset goes back to 0 and rewinds', async ({ page, request }) => {
  await openProduct(page, product);
  const markComplete = page.getByRole('button', { name: 'Mark Complete' });
  await expect(markComplete).toBeEnabled();
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 6;
  });
  await markComplete.click();
  await expect(page.getByTestId('progress-percent')).toHaveText('Completed · 100%');
  await expect(markComplete).toBeDisabled();
  await expect(page.getByTestId('course-progress')).toContainText('Completed');
  expect(await savedProgress(request, token, product._id)).toMatchObject({ progress: 100, completed: true });

  await page.getByRole('button', { name: 'Reset' }).click();
  // Confirmed first, saying what will be lost; Cancel keeps everything.
  await expect(page.getByRole('dialog', { name: 'Reset your progress?' })).toContainText('your 100% progress and the completed mark');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('Completed · 100%');
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset progress' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('0% complete');
  await expect(markComplete).toBeEnabled();
  await expect.poll(() => currentTime(page)).toBe(0);
  expect(await savedProgress(request, token, product._id)).toMatchObject({ progress: 0, lastPosition: 0, completed: false });
});

test('a learner without a plan is sent to /subscription from a premium product', async ({ page }) => {
  await loginAs(page, 'learner');
  // SLUG is free (priced 0), which opens for every signed-in user; this one is priced
  await page.goto('/browse/premium/product/modern-javascript-essentials');
  await expect(page).toHaveURL(/\/subscription$/);
});
