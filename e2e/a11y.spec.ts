import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { COLOUR_RULES, scan } from './lib/axe';

type Role = 'visitor' | 'learner' | 'member' | 'admin';

interface DemoPaths {
  category: string;
  creator: string;
  product: string;
  learningPath: string;
}

/** Real addresses of a category, a creator library, a product and a learning path from the seeded catalogue. */
async function demoPaths(request: APIRequestContext): Promise<DemoPaths> {
  const categories = (await (await request.get('/api/v1/content/categories')).json()) as {
    data: { items: { _id: string; slug: string }[] };
  };
  const category = categories.data.items[0]!;
  const token = await apiToken(request, 'member');
  const creators = (await (
    await request.get(`/api/v1/users/premium/categories/${category._id}/creators`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    data: { id: string }[];
  };
  const top = (await (await request.get('/api/v1/content/products/top')).json()) as {
    data: { productId: string }[];
  };
  const paths = (await (await request.get('/api/v1/content/paths')).json()) as { data: { slug: string }[] };
  return {
    category: `/browse/category/${category.slug}`,
    creator: `/browse/category/${category.slug}/creator/${creators.data[0]!.id}`,
    product: `/browse/premium/product/${top.data[0]!.productId}`,
    learningPath: `/paths/${paths.data[0]!.slug}`,
  };
}

function pagesFor(role: Role, demo: DemoPaths): string[] {
  const common = ['/', '/browse', '/pricing', '/privacy-policy', '/terms-and-conditions', '/missing-page'];
  if (role === 'visitor')
    return [
      ...common,
      '/about',
      '/subscription',
      demo.category,
      '/paths',
      demo.learningPath,
      '/creators/maya-chen',
    ];
  // What every signed-in person opens. The admin's scan opens each of these (in both themes); a learner and a
  // member are scanned on the pages their plan changes (locked or open, the plan's offer or its management)
  // and on what only they are shown, not again on pages that read the same for every signed-in person.
  const signedIn = [
    ...common,
    '/about',
    '/subscription',
    '/profile',
    '/saved',
    demo.category,
    demo.creator,
    demo.product,
    '/paths',
    demo.learningPath,
  ];
  const byPlan = ['/', '/browse', '/pricing', '/subscription', demo.category, demo.creator, demo.product];
  // the team plan's offer and its form: the demo learner is in no team
  if (role === 'learner') return [...byPlan, '/admin', '/team'];
  if (role === 'member') return [...byPlan, '/admin'];
  return [
    ...signedIn,
    '/admin',
    '/admin/categories',
    '/admin/categories/new',
    '/admin/products',
    '/admin/products/new',
    '/admin/paths',
    '/admin/paths/new',
    '/admin/reviews-queue',
    '/admin/royalties',
    // the creator studio, as an admin acting for every creator
    '/studio',
    '/studio/analytics',
    '/studio/reviews',
  ];
}

/**
 * Waits until the page and any remote in it have rendered (no spinner left), read to its end: what loads only
 * near the screen (a lesson's discussion, the reviews) is scanned too.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    // two frames: the sections' observers have answered and what they started has rendered its spinner
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  });
  await expect(page.locator('main [role="status"]:has(.ck-visually-hidden)')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

/**
 * Opens each page in turn and scans it once settled; `before` asks more of each page before its scan, and what it
 * found counts too.
 */
async function scanPages(
  page: Page,
  paths: string[],
  label: string,
  before: (page: Page, path: string) => Promise<string[]> = async () => [],
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    found.push(...(await before(page, path)));
    found.push(...(await scan(page, `${label} ${path}`)));
  }
  return found;
}

for (const role of ['visitor', 'learner', 'member'] as const) {
  test(`no serious or critical accessibility violations on the main pages for a ${role}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const demo = await demoPaths(request);
    await dismissCookieBanner(page);
    if (role !== 'visitor') await loginAs(page, role);
    const found = await scanPages(page, pagesFor(role, demo), role);
    if (role === 'visitor') {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
      found.push(...(await scan(page, 'visitor register dialog')));
      await page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
      found.push(...(await scan(page, 'visitor login dialog')));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('no serious or critical accessibility violations on every page an admin opens, in dark and light mode', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const demo = await demoPaths(request);
  // colours change at once when the theme does (the buttons' 150 ms transitions would be scanned half-way)
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await dismissCookieBanner(page);
  await loginAs(page, 'admin');
  // chosen in the header: System, Light, Dark; kept for every page opened after
  const toggle = page.getByTestId('theme-toggle');
  await toggle.click();
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: Dark');
  // Each page is opened once and scanned in both themes: dark as chosen (only the tokens' colours differ between
  // the two, so the rules that read colours), then light as the head script would put it (every rule).
  const found = await scanPages(page, pagesFor('admin', demo), 'admin', async (shown, path) => {
    await expect(shown.locator('html')).toHaveAttribute('data-theme', 'dark');
    const dark = await scan(shown, `admin (dark) ${path}`, { rules: COLOUR_RULES });
    await shown.evaluate(async () => {
      document.documentElement.dataset.theme = 'light';
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    });
    return dark;
  });
  expect(found, found.join('\n')).toEqual([]);
});

test('the cookie banner passes the scan', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
  const found = await scan(page, 'cookie banner');
  expect(found, found.join('\n')).toEqual([]);
});
