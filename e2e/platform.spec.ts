import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { dataDir, dismissCookieBanner, expect, loginAs, test } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The deployment the browser suite's gateway serves (a copy of the builds; see playwright.config.ts). */
const deployed = (app: string) => path.join(dataDir, 'static', app, 'dist');

/** name → mtime of every file in a folder, to prove a deploy did not touch it. */
function snapshot(dir: string): Record<string, number> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => [
      f,
      statSync(path.join(dir, f)).mtimeMs,
    ]),
  );
}

/**
 * The addresses of every script the page downloads, and a way to read them afterwards. A response's own body is
 * gone once the page navigates on, so the bodies are asked for again (same context, same cookies) when the test
 * reads them, each once.
 */
function recordScripts(page: Page) {
  const urls = new Set<string>();
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  const body = (url: string) => {
    let text = bodies.get(url);
    if (!text) {
      text = page.request.get(url).then((answer) => answer.text());
      bodies.set(url, text);
    }
    return text;
  };
  return {
    paths: () => [...urls].map((url) => new URL(url).pathname),
    /** Path → body of every script downloaded so far. */
    read: async () =>
      new Map(
        await Promise.all([...urls].map(async (url) => [new URL(url).pathname, await body(url)] as const)),
      ),
  };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('every remote renders through the shell', async ({ page }) => {
  await loginAs(page, 'admin');
  const products = await (await page.request.get('/api/v1/content/products?limit=1')).json();
  const slug = products.data.items[0].slug as string;

  await page.goto('/browse');
  await expect(page.getByTestId('remote-catalog').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();

  await page.goto(`/browse/premium/product/${slug}`);
  await expect(page.getByTestId('remote-player').first()).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('remote-account').first()).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByTestId('remote-admin').first()).toBeVisible();
});

test('a remote whose build is gone shows its fallback while the rest of the product works', async ({
  page,
}) => {
  await loginAs(page, 'member');
  const dist = deployed('mfe-catalog');
  const hidden = `${dist}.hidden`;
  renameSync(dist, hidden);
  try {
    await page.goto('/browse');
    await expect(page.getByText("This section couldn't be loaded")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Header, footer and other routes keep working.
    await expect(page.getByRole('link', { name: 'About' }).first()).toBeVisible();
    await expect(page.getByText('Where the change happens.')).toBeVisible();
    await page.getByRole('link', { name: 'About' }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goto('/profile');
    await expect(page.getByTestId('remote-account').first()).toBeVisible();

    // Once the files are back, Retry really loads the remote.
    await page.goto('/browse');
    await expect(page.getByText("This section couldn't be loaded")).toBeVisible();
    renameSync(hidden, dist);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  } finally {
    if (existsSync(hidden)) {
      rmSync(dist, { recursive: true, force: true });
      renameSync(hidden, dist);
    }
  }
});

test('a rebuilt remote deployed in place is picked up on reload without touching the shell build', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs(page, 'member');
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await expect(page.getByTestId('remote-catalog').first()).not.toHaveAttribute('data-build', /.+/);

  const shellBefore = snapshot(deployed('shell'));
  const label = `redeploy-${Date.now()}`;
  execFileSync(path.join(root, 'node_modules/.bin/rspack'), ['build'], {
    cwd: path.join(root, 'mfe-catalog'),
    env: { ...process.env, CATALYST_BUILD_LABEL: label, CATALYST_OUT_DIR: deployed('mfe-catalog') },
    stdio: 'pipe',
  });

  await page.reload();
  await expect(page.getByTestId('remote-catalog').first()).toHaveAttribute('data-build', label);
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  expect(snapshot(deployed('shell'))).toEqual(shellBefore);
});

test('a visitor never downloads the admin remote, and a learner is refused at /admin without it', async ({
  page,
}) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/mf/admin/')) adminRequests.push(request.url());
  });
  await page.goto('/');
  await page.goto('/browse');
  await loginAs(page, 'learner');
  await page.goto('/admin');
  await expect(page.getByText(/Access Denied/)).toBeVisible();
  expect(adminRequests).toEqual([]);
});

test('every script a page runs is compiled while it downloads: each starts with V8’s compile hint', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Catalyst' })).toBeVisible();
  await loginAs(page, 'learner');
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
  await expect.poll(() => scripts.paths().some((file) => file.startsWith('/mf/catalog/'))).toBe(true);
  const bodies = await scripts.read();
  const unhinted = [...bodies]
    .filter(([, body]) => !body.startsWith('//# allFunctionsCalledOnLoad\n'))
    .map(([file]) => file);
  expect(bodies.size).toBeGreaterThan(5);
  expect(unhinted).toEqual([]);
});

test('pages that only read never download the schema library: a member’s account pages and an admin’s lists (with their reason dialogs) never do, a form does', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  /** Scripts the page downloaded that carry zod (one of its own error texts survives minification). */
  const withZod = async () =>
    [...(await scripts.read())]
      .filter(([, body]) => body.includes('This is a bug in Zod'))
      .map(([file]) => file);
  const open = async (path: string, heading: string | RegExp) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  };

  await loginAs(page, 'member');
  await open('/profile', /profile/i);
  await open('/learning', /learning/i);
  await loginAs(page, 'admin');
  await open('/admin', /dashboard/i);
  await open('/admin/products', /products/i);
  await open('/admin/categories', /categories/i);
  await open('/admin/creators', /creators/i);
  await open('/admin/certificates', /certificates/i);
  await open('/admin/community', /reports|community|moderation/i);
  expect(await withZod(), 'reading pages validate nothing, so they need none of zod').toEqual([]);

  await open('/admin/products/new', /product/i);
  await expect
    .poll(async () => (await withZod()).length, {
      message: 'a form checks its fields with the schema the server uses',
    })
    .toBeGreaterThan(0);
});
