import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiToken,
  dismissCookieBanner,
  expect,
  loginAs,
  premiumProduct,
  type PremiumProduct,
  resetProgress,
  test,
} from './fixtures';

/** A demo course with a playable lesson (the demo seed gives every product a local video). */
const SLUG = 'html-css-from-scratch';

async function savedProgress(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/content/progress/product/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as {
      data: { progress: number; lastPosition: number; furthestPosition: number; completed: boolean };
    }
  ).data;
}

const video = (page: Page) => page.getByTestId('video-player').locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
const mediaDuration = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.duration);
/**
 * Moves the playhead as the seek bar does (the player saves on 'seeked') and waits until the seek has settled and
 * the frame there can be shown, as a person sees the picture change before pressing Play.
 */
const seekTo = (page: Page, seconds: number) =>
  video(page).evaluate(
    (v: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        const settled = () => !v.seeking && v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
        const check = () => {
          if (!settled()) return;
          v.removeEventListener('seeked', check);
          v.removeEventListener('canplay', check);
          resolve();
        };
        v.addEventListener('seeked', check);
        v.addEventListener('canplay', check);
        v.currentTime = to;
        check();
      }),
    seconds,
  );
const isPaused = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.paused);

/** Plays for a few seconds from where the player is, then pauses with the keyboard (a pause saves at once). */
async function playFor(page: Page, seconds: number) {
  const from = await currentTime(page);
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('Space');
  await expect.poll(() => isPaused(page), { message: 'Space starts playback' }).toBe(false);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(from + seconds);
  await page.keyboard.press('Space');
  await expect.poll(() => isPaused(page), { message: 'Space pauses' }).toBe(true);
  return currentTime(page);
}

async function openProduct(page: Page, product: PremiumProduct) {
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  // the saved progress has loaded once the progress text shows
  await expect(page.getByTestId('progress-percent')).toBeVisible();
  // the learner points at the video, which starts its load (nothing of it is fetched before)
  await page.getByTestId('video-player').hover();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
}

let token: string;
let product: PremiumProduct;

test.beforeEach(async ({ page, request }) => {
  await dismissCookieBanner(page);
  token = await apiToken(request, 'member');
  product = await premiumProduct(request, token, SLUG);
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
  await expect
    .poll(async () => (await savedProgress(request, token, product._id)).lastPosition)
    .toBeCloseTo(leftAt, 0);

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
  await expect
    .poll(async () => (await savedProgress(request, token, product._id)).lastPosition, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(leftAt - 1);
  expect(patchesRefused).toBe(0); // continuous playback under 10 s: the policy sent nothing before leaving
});

test('a reload mid-playback (F5) resumes where the learner was, even when the save on the way out is lost', async ({
  page,
  request,
}) => {
  await openProduct(page, product);
  // the way-out save never reaches the server (a browser may drop it, or the new page asks first)
  await page.route(`**/api/v1/content/progress/product/${product._id}`, (route) =>
    route.request().method() === 'POST' ? route.abort() : route.fallback(),
  );
  await page.getByRole('button', { name: 'Play video' }).click();
  // about 7 s of continuous playback: no forced save yet (the first is at 10 s)
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(7);
  const leftAt = await currentTime(page);
  await page.reload();
  await openProduct(page, product);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(leftAt - 1.5);
  expect(await currentTime(page)).toBeLessThan(leftAt + 1.5);
  await expect(page.getByTestId('progress-percent')).not.toHaveText('0% complete');
  // and the page that came back saved it
  await expect
    .poll(async () => (await savedProgress(request, token, product._id)).lastPosition)
    .toBeGreaterThan(leftAt - 1.5);
});

test('Mark Complete sets 100 and disables itself; Reset goes back to 0 and rewinds', async ({
  page,
  request,
}) => {
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
  await expect(page.getByRole('dialog', { name: 'Reset your progress?' })).toContainText(
    'your 100% progress and the completed mark',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('Completed · 100%');
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset progress' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('0% complete');
  await expect(markComplete).toBeEnabled();
  await expect.poll(() => currentTime(page)).toBe(0);
  expect(await savedProgress(request, token, product._id)).toMatchObject({
    progress: 0,
    lastPosition: 0,
    completed: false,
  });
});

test('a learner without a plan is sent to /subscription from a premium product', async ({ page }) => {
  await loginAs(page, 'learner');
  // SLUG is free (priced 0), which opens for every signed-in user; this one is priced
  await page.goto('/browse/premium/product/modern-javascript-essentials');
  await expect(page).toHaveURL(/\/subscription$/);
});

test('the demo course is as long as its video, and a reload resumes where the learner paused', async ({
  page,
  request,
}) => {
  await openProduct(page, product);
  const length = await mediaDuration(page);
  // the catalogue's duration is the media's own (whole minutes), and so is what the panel says is left
  expect(product.duration).toBe(Math.max(1, Math.ceil(length / 60)));
  const panel = page.getByTestId('course-progress');
  await expect(page.getByTestId('time-left')).toHaveText(`0:${String(Math.floor(length)).padStart(2, '0')}`);

  await page.getByRole('button', { name: 'Play video' }).click();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(5);
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('Space');
  const leftAt = await currentTime(page);
  await expect
    .poll(async () => (await savedProgress(request, token, product._id)).lastPosition)
    .toBeCloseTo(leftAt, 0);
  const saved = await savedProgress(request, token, product._id);
  const percent = Math.round((leftAt / length) * 100);
  expect(saved.progress).toBe(percent);
  await expect(page.getByTestId('progress-percent')).toHaveText(`${percent}% complete`);

  await page.reload();
  await openProduct(page, product);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(leftAt - 1);
  expect(await currentTime(page)).toBeLessThan(leftAt + 1);
  await expect(page.getByTestId('progress-percent')).toHaveText(`${percent}% complete`);
  await expect(panel).toContainText('In progress');

  // the dashboard's Continue watching says the same
  await page.goto('/');
  const card = page
    .getByRole('region', { name: 'Continue watching' })
    .getByRole('link', { name: product.title });
  await expect(card).toContainText(
    `${percent}% watched · resume at 0:${String(Math.floor(saved.lastPosition)).padStart(2, '0')}`,
  );
});

test('re-watching from the start moves the resume point but never lowers the percentage', async ({
  page,
  request,
}) => {
  await openProduct(page, product);
  const length = await mediaDuration(page);
  await seekTo(page, length * 0.6);
  await expect(page.getByTestId('progress-percent')).toHaveText('60% complete');
  await expect.poll(async () => (await savedProgress(request, token, product._id)).progress).toBe(60);

  await seekTo(page, 0);
  const rewatchedTo = await playFor(page, 3);
  await expect
    .poll(async () => (await savedProgress(request, token, product._id)).lastPosition)
    .toBeCloseTo(rewatchedTo, 0);
  expect(await savedProgress(request, token, product._id)).toMatchObject({ progress: 60, completed: false });
  await expect(page.getByTestId('progress-percent')).toHaveText('60% complete');

  await page.reload();
  await openProduct(page, product);
  await expect(page.getByTestId('progress-percent')).toHaveText('60% complete');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(rewatchedTo - 1);
  expect(await currentTime(page)).toBeLessThan(rewatchedTo + 1);
});

test('a save that fails says so, and lands on its own when the API comes back', async ({ page, request }) => {
  await openProduct(page, product);
  const length = await mediaDuration(page);
  let refused = 0;
  await page.route(`**/api/v1/content/progress/product/${product._id}`, (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    refused += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Service unavailable' }),
    });
  });
  await seekTo(page, length * 0.5);
  const status = page.getByTestId('save-status');
  await expect(status).toHaveText("Not saved yet: we can't reach Catalyst right now. Trying again...");
  await expect(status).not.toContainText('Service unavailable');
  expect((await savedProgress(request, token, product._id)).progress).toBe(0);
  // it keeps trying by itself (2 s, then 4 s)
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

  await page.unroute(`**/api/v1/content/progress/product/${product._id}`);
  await expect(status).toHaveText('', { timeout: 15_000 });
  expect(await savedProgress(request, token, product._id)).toMatchObject({ progress: 50 });
  await expect(page.getByTestId('progress-percent')).toHaveText('50% complete');
});

test('a failed Mark Complete says so in plain words on a phone, and Try again completes it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProduct(page, product);
  const complete = `**/api/v1/content/progress/product/${product._id}/complete`;
  await page.route(complete, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Service unavailable' }),
    }),
  );
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  const alert = page.getByTestId('progress-error');
  await expect(alert).toContainText(
    "We couldn't mark this as complete: we can't reach Catalyst right now. Your progress so far is kept; try again in a moment.",
  );
  await expect(alert).not.toContainText('Service unavailable');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeInViewport();
  await expect(page.getByTestId('progress-percent')).toHaveText('0% complete');

  await page.unroute(complete);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('Completed · 100%');
  await expect(alert).toBeHidden();
  expect(await savedProgress(request, token, product._id)).toMatchObject({ progress: 100, completed: true });
});

test('a learner rates a product after watching enough of it', async ({ page, request }) => {
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const mine = `/api/v1/content/products/${product._id}/reviews/mine`;
  // A review left by an earlier run goes first (one per learner and product).
  expect([200, 404]).toContain((await request.delete(mine, auth)).status());

  await openProduct(page, product);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByTestId('review-refusal')).toHaveText(
    /^Watch at least 20% of this (product|course or finish one of its lessons) to review it — you have watched 0%\.$/,
  );

  await seekTo(page, (await mediaDuration(page)) * 0.5);
  await expect
    .poll(async () => (await savedProgress(request, token, product._id)).progress)
    .toBeGreaterThanOrEqual(20);
  await page.reload();
  await reviews.getByRole('radio', { name: '4 stars' }).check();
  await reviews
    .getByRole('textbox', { name: /Your review/ })
    .fill('Clear **and** practical <script>alert(1)</script>');
  await reviews.getByRole('button', { name: 'Post review' }).click();

  await expect(reviews.getByRole('status')).toHaveText('Your review was saved');
  await expect(reviews.getByRole('img', { name: /^4\.0 out of 5, 1 rating$/ })).toBeVisible();
  const shown = reviews.getByTestId('review');
  await expect(shown).toContainText('Clear and practical <script>alert(1)</script>');
  await expect(shown.locator('script')).toHaveCount(0);
  expect((await request.delete(mine, auth)).status()).toBe(200);
});
