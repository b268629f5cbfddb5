import type { Page } from '@playwright/test';
import {
  apiToken,
  appHasTakenOver,
  demo,
  dismissCookieBanner,
  expect,
  loginAs,
  premiumProduct,
  resetProgress,
  test,
  uniqueEmail,
} from './fixtures';

// What a learner tripped over in the walk-through at phone and desktop width (issue 15), each as the
// journey that showed it.

const PHONE = { width: 390, height: 844 };

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  return scrollY(page);
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test.describe('scroll position', () => {
  test('a new page starts at the top; back returns to where the last page was left', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await appHasTakenOver(page, 'Terms and Conditions');
    const left = await scrollToBottom(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(left - 5);
    await page.goForward();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("on a phone, the admin's success message is in view after Create", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, 'admin');
    await page.goto('/admin/categories/new');
    const name = `Scrolled ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Made at phone width, far down a long form.');
    const create = page.getByRole('button', { name: /Create Category/ });
    await create.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await create.click();
    const flash = page.getByText('Category created successfully!');
    await expect(flash).toBeInViewport();
  });
});

test('the navigation marks only the section the page is in', async ({ page }) => {
  await loginAs(page, 'learner');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/browse');
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Browse']);
  await page.goto('/');
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Dashboard']);
  await page.goto('/about');
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['About']);
});

test.describe('not found', () => {
  test('unknown paths under any remote show the one styled not-found page with a way on', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    for (const path of [
      '/browse/whatever',
      '/subscription/whatever',
      '/no-such-page',
      '/browse/premium/product/',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }), path).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to Homepage' }), path).toBeVisible();
      // styled: the big 404 and a centred page, not a bare heading
      const align = await page.getByTestId('not-found').evaluate((el) => getComputedStyle(el).textAlign);
      expect(align, path).toBe('center');
    }
    await page.getByRole('main').getByRole('link', { name: 'Browse Categories' }).click();
    await expect(page).toHaveURL(/\/browse$/);
  });

  test('an unknown product or category is a permanent not-found, without Retry, search or sort', async ({
    page,
  }) => {
    await loginAs(page, 'member');
    await page.goto('/browse/premium/product/no-such-product-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByText('Product not found or inaccessible.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    await page.goto('/browse/category/no-such-category');
    await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Creators' })).toHaveCount(0);
    await expect(page.getByLabel('Search creators')).toHaveCount(0);
    await expect(page.getByText('Sort by')).toHaveCount(0);
  });
});

test('a slow session check paints the header and a spinner, not a blank page', async ({ page }) => {
  await loginAs(page, 'member');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('link', { name: 'Catalyst home' })).toBeVisible({ timeout: 3000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' }).first()).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
});

test('a brand-new learner is welcomed and pointed at Browse, not welcomed back', async ({ page }) => {
  const account = { name: 'Nova Newcomer', email: uniqueEmail('new'), password: 'Newcomer-pass-1' };
  const registered = await page.request.post('/api/v1/auth/register', { data: account });
  expect(registered.status()).toBe(201);
  await loginAs(page, account);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nova' })).toBeVisible();
  await expect(page.getByText(/Start by browsing the library/)).toBeVisible();
  await expect(page.getByText('Welcome back', { exact: false })).toHaveCount(0);

  await loginAs(page, demo.member);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
});

test.describe('player', () => {
  const player = (page: Page) => page.getByTestId('video-player');
  const box = async (locator: import('@playwright/test').Locator) => {
    const b = await locator.boundingBox();
    expect(b).not.toBeNull();
    return b!;
  };

  test('captions sit above the controls and are readable on a phone; every control fits inside the frame', async ({
    page,
    request,
  }) => {
    // from the start, whatever an earlier journey left saved (the player resumes there, past the first cue)
    const token = await apiToken(request, 'member');
    await resetProgress(request, token, (await premiumProduct(request, token, 'html-css-from-scratch'))._id);
    await page.setViewportSize(PHONE);
    await loginAs(page, 'member');
    const captionRequests: string[] = [];
    page.on(
      'request',
      (r) => void (r.url().includes('/media/captions/') && captionRequests.push(r.method())),
    );
    await page.goto('/browse/premium/product/html-css-from-scratch');
    await player(page).getByRole('button', { name: 'Play video' }).click();
    await player(page).getByRole('button', { name: 'Captions' }).click();
    // the track reads the file once; nothing asks whether it exists first
    expect(captionRequests).toEqual(['GET']);
    const captions = player(page).getByTestId('captions');
    await expect(captions).toContainText('Welcome to the first lesson');
    await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(captions).toBeVisible();
    const cue = await box(captions);
    const controls = await box(player(page).getByRole('button', { name: 'Play', exact: true }));
    expect(cue.y + cue.height, 'captions end above the controls').toBeLessThanOrEqual(controls.y);
    const fontSize = await captions
      .locator('span')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(14);

    const frame = await box(player(page));
    const fullscreen = await box(player(page).getByRole('button', { name: 'Full screen' }));
    // inside the frame, clear of its rounded corner
    expect(fullscreen.x + fullscreen.width).toBeLessThanOrEqual(frame.x + frame.width - 8);
    expect(fullscreen.y + fullscreen.height).toBeLessThanOrEqual(frame.y + frame.height - 4);
    // the position and the length, whole: nothing cut to "0:00 /…"
    const time = player(page).getByTestId('player-time');
    await expect(time).toHaveText(/^\d+:\d{2} \/ \d+:\d{2}$/);
    expect(await time.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('speed and volume carry over to the next video and the next visit', async ({ page }) => {
    await loginAs(page, 'member');
    await page.goto('/browse/premium/product/html-css-from-scratch');
    await player(page).getByLabel('Playback speed').selectOption('1.5');
    await player(page).getByRole('button', { name: 'Mute' }).click();
    await page.goto('/browse/premium/product/modern-javascript-essentials');
    await expect(player(page).getByLabel('Playback speed')).toHaveValue('1.5');
    await expect(player(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
    const media = player(page).locator('video');
    expect(await media.evaluate((v: HTMLVideoElement) => [v.playbackRate, v.muted])).toEqual([1.5, true]);
  });
});

test.describe('admin on a phone', () => {
  test('the product list shows every field and the labelled actions of each product within the screen', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, 'admin');
    await page.goto('/admin/products');
    const row = page.getByTestId('product-row').first();
    await expect(row).toBeVisible();
    for (const label of ['Category', 'Creator', 'Type', 'Duration', 'Price', 'Status']) {
      const cell = row.locator(`td[data-label="${label}"]`);
      await expect(cell).toBeVisible();
      const b = (await cell.boundingBox())!;
      expect(b.x + b.width, label).toBeLessThanOrEqual(PHONE.width);
    }
    for (const name of [/^(Unpublish|Publish) /, /^(Unfeature|Feature) /, /^Edit /, /^Delete /]) {
      const action = row.getByRole(name.source.startsWith('^Edit') ? 'link' : 'button', { name });
      await expect(action).toBeInViewport();
      // the words are on the button, not only in a tooltip
      expect((await action.innerText()).trim().length).toBeGreaterThan(2);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('category and creator icons never draw as empty boxes: the presets are SVG icons, no emoji font needed', async ({
  page,
}) => {
  await loginAs(page, 'member');
  await page.goto('/browse/category/web-development');
  const icons = page.getByTestId('data-icon');
  await expect(icons.first()).toBeVisible();
  // every demo category and creator icon is a preset or has a counterpart: each draws an SVG with shapes
  const count = await icons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const svg = icons.nth(i).locator('svg');
    await expect(svg).toHaveCount(1);
    expect(await svg.locator('path, circle, rect, line, polyline, polygon, ellipse').count()).toBeGreaterThan(
      0,
    );
    const box = (await svg.boundingBox())!;
    expect(box.width).toBeGreaterThan(8);
  }
});
