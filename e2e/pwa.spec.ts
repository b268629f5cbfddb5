// The installable app (issue 21): the manifest and worker pass Chromium's install checks, the app opens
// offline with the last dashboard, progress saved offline reaches the server on reconnect, a remote
// redeployed on its own runs after a reload (with the update prompt), a downloaded lesson plays
// offline until the member's plan ends, also in the app reopened offline (issue 52). The suite blocks
// service workers elsewhere (playwright.config.ts); this file allows them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../scripts/lib/chromium';
import {
  apiToken,
  dataDir,
  dismissCookieBanner,
  expect,
  keptAnswerUrls,
  loginAs,
  storeKeys,
  test,
} from './fixtures';
import { bearer, lessonTitled, outlineOf } from './lib/course';
import { newPremiumMember } from './lib/members';

test.use({ serviceWorkers: 'allow' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deployedRoot = path.join(dataDir, 'static');
/** A demo course whose product page plays a local MP4 (free: open to every signed-in user). */
const SLUG = 'html-css-from-scratch';
/** A priced demo course (a plan needed): its saved copy lives only as long as the plan. */
const PREMIUM_SLUG = 'modern-javascript-essentials';
/** A priced demo course with video lessons (the saved copy of a lesson lives as long as the plan). */
const COURSE_SLUG = 'css-grid-layout-workshop';
const COURSE_VIDEO_LESSON = 'Your first grid';
const UPDATE_PROMPT = 'A new version is available — Reload';
/** A saved copy plays from the worker's address for it (or an object URL without a worker). */
const SAVED_COPY = /\/offline-downloads\/|^blob:/;

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** Waits until the service worker controls the page (first visit: installed, activated and claimed). */
async function workerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

async function productIdOf(
  request: APIRequestContext,
  token: string,
  slug = SLUG,
): Promise<{ _id: string; productId: string; title: string }> {
  const res = await request.get(`/api/v1/content/premium/products/${slug}`, { headers: bearer(token) });
  expect(res.status(), `product ${slug}`).toBe(200);
  return ((await res.json()) as { data: { _id: string; productId: string; title: string } }).data;
}

const video = (page: Page) => page.getByTestId('video-player').locator('video');

/** How many writes wait in the offline queue (IndexedDB) of the page's origin. */
const queuedWrites = async (page: Page) =>
  (await storeKeys(page, 'catalyst-offline-writes', 'writes')).length;

/** Writes waiting for the connection: queued in IndexedDB, or held in the tab's sessionStorage as a page went away. */
const waitingWrites = async (page: Page) =>
  (await queuedWrites(page)) +
  (await page.evaluate(
    () =>
      Object.keys(
        (JSON.parse(sessionStorage.getItem('catalyst-held-writes') ?? 'null') as { writes?: object } | null)
          ?.writes ?? {},
      ).length,
  ));

const savedProgressOf = async (request: APIRequestContext, token: string, productId: string) =>
  (
    (await (
      await request.get(`/api/v1/content/progress/product/${productId}`, { headers: bearer(token) })
    ).json()) as { data: { lastPosition: number } }
  ).data;

/** Playing (its time moving), muted, with at least `ahead` seconds buffered to go on with offline. */
async function playWithBuffer(page: Page, ahead: number) {
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  // play() resolves when playback is asked for; on a loaded host the first frames can come seconds later
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
      message: 'the video plays',
    })
    .toBeGreaterThan(0.5);
  await expect
    .poll(
      () =>
        video(page).evaluate((v: HTMLVideoElement) =>
          v.buffered.length > 0 ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0,
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(ahead);
}

/**
 * The member on the demo product's page from its start (progress reset), playing with `buffer` seconds buffered,
 * then offline and still playing 2 s later: the position the connection dropped at.
 */
async function watchingOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  { buffer }: { buffer: number },
) {
  const token = await loginAs(page, 'member');
  const product = await productIdOf(request, token);
  await request.patch(`/api/v1/content/progress/product/${product._id}/reset`, {
    headers: bearer(token),
    data: { clientTime: Date.now() },
  });
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await workerControls(page);
  await playWithBuffer(page, buffer);
  await context.setOffline(true);
  const offlineFrom = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(offlineFrom + 2);
  return { token, product, offlineFrom };
}

test('the manifest and the worker pass Chromium’s installability checks', async ({ baseURL }) => {
  // Chromium never offers to install from an incognito window (every test context is one): a profile on disk.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: TEST_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    await installable(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(context: import('@playwright/test').BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await workerControls(page);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    display: string;
    icons: Array<{ purpose: string }>;
    shortcuts: Array<{ url: string }>;
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => icon.purpose)).toEqual(expect.arrayContaining(['any', 'maskable']));
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/browse', '/#continue-watching']);
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(
      async () =>
        ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
          .installabilityErrors,
      { timeout: 20_000 },
    )
    .toEqual([]);
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['service-worker-allowed']).toBe('/');
}

test('the offline stores are no part of a first visit: a visitor never downloads them, a signed-in page only after its load event', async ({
  page,
}) => {
  /** When the page asked for the offline stores' chunk (IndexedDB, the queue, downloads), ms from navigation start. */
  const storesFetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/offline-stores\.[0-9a-f]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    );
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await storesFetched(), 'a visitor’s pages never fetch the offline stores').toEqual([]);

  await loginAs(page, 'member');
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await expect
    .poll(storesFetched, { message: 'a signed-in page keeps its answers for offline use' })
    .toHaveLength(1);
  const loadedAt = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );
  expect((await storesFetched())[0]).toBeGreaterThanOrEqual(loadedAt);
});

test('offline, a reload opens the app with the last dashboard and the Offline banner; a page never loaded says it is offline', async ({
  page,
  context,
}) => {
  await loginAs(page, 'member');
  await page.goto('/');
  await expect(page.locator('#dashboard-title')).toBeVisible();
  await workerControls(page);
  // the dashboard again, now through the worker (its remotes and answers kept)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Continue watching' })).toBeVisible();
  await expect(page.locator('#dashboard-title')).toHaveText(/Welcome back/);
  const heading = await page.locator('#dashboard-title').innerText();
  // the page keeps its answers in idle moments after its first content: Continue watching's is kept before the
  // connection goes, as it would be before a person's next visit. A proof run on a loaded host once went
  // offline first, and its offline reload had no Continue watching to show.
  await expect
    .poll(() => keptAnswerUrls(page), { timeout: 20_000, message: 'Continue watching’s answer is kept' })
    .toContainEqual(expect.stringMatching(/status=in-progress/));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.locator('#dashboard-title')).toHaveText(heading);
  await expect(page.getByRole('heading', { name: 'Continue watching' })).toBeVisible();

  // a client route whose data was never loaded still opens the app shell, and says it is offline
  await page.goto('/learning').catch(() => undefined);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await context.setOffline(false);
  await page.goto('/');
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

test('a progress save made offline is queued and reaches the server when the connection returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // playing, with some seconds buffered ahead to go on with offline, then offline
  const { token, product } = await watchingOffline(page, context, request, { buffer: 4 });
  // a pause saves at once: offline, the save cannot reach the server
  const position = await video(page).evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  // the save failed offline and waits in the queue (IndexedDB)
  await expect
    .poll(() => queuedWrites(page), { timeout: 20_000, message: 'the offline save is queued' })
    .toBeGreaterThan(0);
  // leaving the lesson offline (the page that made the save is gone), then the connection returns
  await page.goto('/');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
  await expect
    .poll(async () => (await savedProgressOf(request, token, product._id)).lastPosition, {
      timeout: 20_000,
      message: 'the queued save reached the server',
    })
    .toBeCloseTo(position, 0);
});

test('the save made as a page is left offline (the unload save) is queued and reaches the server when the connection returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // still playing, offline, short of the next forced save (every 10 s of playback): only the unload save knows this position
  const { token, product, offlineFrom } = await watchingOffline(page, context, request, { buffer: 8 });
  const leftAt = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(Math.floor(leftAt / 10), 'no forced save between going offline and leaving').toBe(
    Math.floor(offlineFrom / 10),
  );
  expect((await savedProgressOf(request, token, product._id)).lastPosition).toBeLessThan(offlineFrom + 1);

  // the page is left while offline: its unload save is kept for the connection's return
  await page.goto('/');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect
    .poll(() => waitingWrites(page), { timeout: 10_000, message: 'the unload save is kept' })
    .toBeGreaterThan(0);
  await context.setOffline(false);
  await expect
    .poll(async () => (await savedProgressOf(request, token, product._id)).lastPosition, {
      timeout: 20_000,
      message: 'the queued unload save reached the server',
    })
    .toBeGreaterThanOrEqual(leftAt - 0.5);
  // what was played before leaving, not more
  expect((await savedProgressOf(request, token, product._id)).lastPosition).toBeLessThan(leftAt + 3);
  await expect.poll(() => waitingWrites(page), { timeout: 10_000 }).toBe(0);
});

test('a remote rebuilt and deployed on its own runs after a reload, and the update prompt appears', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await loginAs(page, 'member');
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await workerControls(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();

  const label = `pwa-redeploy-${Date.now()}`;
  execFileSync(path.join(root, 'node_modules/.bin/rspack'), ['build'], {
    cwd: path.join(root, 'mfe-catalog'),
    env: {
      ...process.env,
      CATALYST_BUILD_LABEL: label,
      CATALYST_OUT_DIR: path.join(deployedRoot, 'mfe-catalog', 'dist'),
    },
    stdio: 'pipe',
  });
  // the deploy step of a remote: the worker's precache list names the new files
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/build-sw.ts', '--static-root', deployedRoot],
    { cwd: root, stdio: 'pipe' },
  );

  await page.reload();
  await expect(page.getByTestId('remote-catalog').first()).toHaveAttribute('data-build', label, {
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await expect(page.getByText(UPDATE_PROMPT.replace(' — Reload', ''))).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'A new version is available' }),
  ).toHaveText(UPDATE_PROMPT);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('remote-catalog').first()).toHaveAttribute('data-build', label);
  await expect(page.getByText('A new version is available')).toBeHidden();
});

async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const me = (
    (await (await request.get('/api/v1/auth/me', { headers: bearer(token) })).json()) as {
      data: { _id?: string; id?: string; user?: { _id?: string; id?: string } };
    }
  ).data;
  return String(me.user?._id ?? me.user?.id ?? me._id ?? me.id);
}

/** The plan has ended as far as the server knows (the provider's word has reached billing). */
async function planEnded(request: APIRequestContext, token: string) {
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/v1/subscription/status', { headers: bearer(token) })).json()) as {
            data: { hasSubscription: boolean };
          }
        ).data.hasSubscription,
      {
        timeout: 30_000,
      },
    )
    .toBe(false);
}

/** The sandbox ends the member's plan at once (as the provider does when a subscription is deleted). */
async function endPlan(request: APIRequestContext, userId: string) {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')) as {
    services: Record<string, number>;
  };
  const key = readFileSync(path.join(dataDir, 'secrets', 'sandbox-secret-key.txt'), 'utf8').trim();
  const sandbox = `http://127.0.0.1:${runtime.services['payments-sandbox']}/v1`;
  const list = (await (
    await request.get(`${sandbox}/subscriptions?status=active&limit=100`, { headers: bearer(key) })
  ).json()) as { data: Array<{ id: string; metadata?: Record<string, string> }> };
  const subscription = list.data.find((s) => s.metadata?.userId === userId);
  expect(subscription?.id, 'the member has an active subscription on the sandbox').toMatch(/^sub_\w+$/);
  const ended = await request.delete(`${sandbox}/subscriptions/${subscription!.id}`, {
    headers: bearer(key),
  });
  expect(ended.status(), 'ending the subscription').toBe(200);
}

/** The Downloads page lists exactly one saved lesson, `title`, counted against the limit of 10. */
async function downloadsListOnly(page: Page, title: string) {
  await page.goto('/downloads');
  await expect(page.getByTestId('download-item')).toHaveCount(1);
  await expect(page.getByTestId('download-item')).toContainText(title);
  await expect(page.getByTestId('downloads-usage')).toContainText('1 of 10 lessons saved');
}

/** The page's video plays from its saved copy (offline). */
async function playsSavedCopy(page: Page) {
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 20_000 })
    .toMatch(SAVED_COPY);
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play();
  });
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
}

/** The member's plan ends while offline; back online, the next check deletes every saved copy and says why. */
async function planEndsWhileOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  member: { token: string; userId: string },
) {
  await endPlan(request, member.userId);
  await planEnded(request, member.token);
  await context.setOffline(false);
  await page.goto('/downloads');
  await expect(page.getByText('Your downloads were removed because your plan has ended.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('download-item')).toHaveCount(0);
}

test('a downloaded lesson plays offline, and stops once the member’s plan has ended', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newPremiumMember(request, 'Offline Olivia', 'pwa');
  await loginAs(page, member);
  const userId = await userIdOf(request, member.token);
  const product = await productIdOf(request, member.token, PREMIUM_SLUG);

  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await workerControls(page);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByText('Saved for offline watching.')).toBeVisible({ timeout: 30_000 });

  await downloadsListOnly(page, product.title);

  // offline: the saved copy plays
  await context.setOffline(true);
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await playsSavedCopy(page);

  // the plan ends while the member is offline; the next connection's check deletes the copy
  await planEndsWhileOffline(page, context, request, { token: member.token, userId });
  const cached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('catalyst-downloads-'));
    let files = 0;
    for (const name of names) files += (await (await caches.open(name)).keys()).length;
    return files;
  });
  expect(cached, 'no copy of the video is left in the Cache Storage').toBe(0);

  // offline again: nothing plays from the device any more
  await context.setOffline(true);
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(
    await video(page)
      .evaluate((v: HTMLVideoElement) => v.currentSrc)
      .catch(() => ''),
  ).not.toMatch(SAVED_COPY);
});

test('a video lesson of a course is saved for offline watching, listed beside the others, plays offline, and goes when the plan ends', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newPremiumMember(request, 'Offline Oscar', 'pwa-course');
  await loginAs(page, member);
  const userId = await userIdOf(request, member.token);
  const outline = await outlineOf(request, COURSE_SLUG);
  const lesson = lessonTitled(outline, COURSE_VIDEO_LESSON);
  expect(lesson.kind).toBe('video');
  const lessonUrl = `/browse/premium/product/${COURSE_SLUG}/lesson/${lesson.id}`;
  const lessonView = page.getByTestId('lesson-view');

  await page.goto(lessonUrl);
  await expect(lessonView.getByRole('heading', { level: 2, name: lesson.title })).toBeVisible();
  await workerControls(page);
  await lessonView.getByRole('button', { name: 'Download for offline' }).click();
  await expect(lessonView.getByText('Saved for offline watching.')).toBeVisible({ timeout: 30_000 });

  // the same list, limit and space as a single video's download
  await downloadsListOnly(page, lesson.title);

  // offline: the lesson plays its saved copy
  await context.setOffline(true);
  await page.goto(lessonUrl);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(lessonView.getByRole('heading', { level: 2, name: lesson.title })).toBeVisible();
  await playsSavedCopy(page);

  // the plan ends; the next connection's check deletes the lesson's copy like any premium download
  await planEndsWhileOffline(page, context, request, { token: member.token, userId });
});

test('after the app is closed, its saved video opens offline from /downloads and plays; a page never saved says Not available offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await newPremiumMember(request, 'Offline Otto', 'pwa-reopen');
  // signed in as people are: through the dialog, a sign-in this browser keeps (not a shared computer's)
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('banner').getByText('Welcome, Offline')).toBeVisible();
  const product = await productIdOf(request, member.token, PREMIUM_SLUG);
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await workerControls(page);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByText('Saved for offline watching.')).toBeVisible({ timeout: 30_000 });
  // the signed-in person is remembered on this device (IndexedDB), for the app opened offline
  await expect
    .poll(() => storeKeys(page, 'catalyst-offline-user', 'user'), { timeout: 10_000 })
    .toEqual(['last']);

  // the tab is closed (its token goes with it); the app is opened again without a connection, so the
  // remembered sign-in cannot be renewed
  await page.close();
  await context.setOffline(true);
  const reopened = await context.newPage();
  await dismissCookieBanner(reopened);
  await reopened.goto('/downloads');
  await expect(reopened.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(reopened.getByText('Authentication Required')).toBeHidden();
  // the app knows whose downloads these are without a connection
  await expect(reopened.getByTestId('downloads-offline-owner')).toHaveText(
    'You’re offline: these are the lessons Offline Otto saved on this device.',
  );
  await expect(reopened.getByTestId('download-item')).toHaveCount(1);
  await expect(reopened.getByTestId('download-item')).toContainText(product.title);

  // the saved item's page opens from the list and plays the saved copy
  await reopened.getByTestId('download-item').getByRole('link', { name: product.title }).click();
  await expect(reopened.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(reopened.getByText('Product not found or inaccessible.')).toBeHidden();
  await playsSavedCopy(reopened);
  // and opened by its address (a new page load, offline)
  const savedAddress = new URL(reopened.url()).pathname;
  await reopened.goto(savedAddress);
  await expect(reopened.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await playsSavedCopy(reopened);

  // a product page never saved: "Not available offline", with the way to the downloads
  await reopened.goto(`/browse/premium/product/${SLUG}`);
  await expect(reopened.getByRole('alert').filter({ hasText: 'Not available offline' })).toBeVisible();
  await expect(reopened.getByText('Product not found or inaccessible.')).toBeHidden();
  await reopened.getByRole('link', { name: 'Go to Downloads' }).click();
  await expect(reopened).toHaveURL(/\/downloads$/);
  await expect(reopened.getByTestId('download-item')).toContainText(product.title);
});

test('a signed-in person’s answers are never written to the worker’s shared caches', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'member');
  await loginAs(page, 'member');
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await workerControls(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys())
        if (new URL(req.url).pathname.startsWith('/api/')) urls.push(`${name} ${req.url}`);
    return urls;
  });
  // signed in, every call carries the session: the public catalogue's cache stays empty of them
  expect(cachedApi).toEqual([]);
  expect(token, 'the member is signed in').toMatch(/^[\w-]{43}$/);
});

test("a visitor's public catalogue is kept by the worker (stale-while-revalidate) and browses offline", async ({
  page,
  context,
}) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await workerControls(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('catalyst-public-catalogue');
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      }),
    )
    .toContainEqual(expect.stringMatching(/^\/api\/v1\/(content\/)?categories$/));
  const names = await page.getByRole('heading', { level: 3 }).allInnerTexts();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  if (names.length > 0) await expect(page.getByRole('heading', { level: 3 }).first()).toHaveText(names[0]!);
});
