import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PRODUCT_TYPES, PRODUCT_TYPE_LABELS, isNewProduct } from '../packages/contracts/src/catalog';
import { apiToken, dismissCookieBanner, expect, loginAs, test, uniqueEmail } from './fixtures';
import { lessonHeading, lessonTitled, outlineOf } from './lib/course';

/** The catalogue as a visitor, a learner without a plan and a member: dashboard Top Courses, browse, category, creator library. */

interface Listed {
  _id: string;
  productId: string;
  title: string;
  price: number | null;
}

async function topProducts(request: APIRequestContext): Promise<Listed[]> {
  const res = await request.get('/api/v1/content/products/top');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Listed[] }).data;
}

interface LibraryItem extends Listed {
  _id: string;
  slug: string;
  type: string;
  description: string;
  createdAt: string;
}

/** A creator of a category (by slug), and that creator's library there, as a member's API calls see them. */
async function creatorLibrary(request: APIRequestContext, categorySlug: string, creatorName: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, 'member')}` };
  const creators = await request.get(`/api/v1/users/premium/categories/${categorySlug}/creators`, {
    headers,
  });
  expect(creators.status()).toBe(200);
  const creator = ((await creators.json()) as { data: Array<{ id: string; name: string }> }).data.find(
    (c) => c.name === creatorName,
  )!;
  const library = await request.get(`/api/v1/users/premium/products/${creator.id}/category/${categorySlug}`, {
    headers,
  });
  expect(library.status()).toBe(200);
  return {
    creatorId: creator.id,
    products: ((await library.json()) as { data: LibraryItem[] }).data,
    path: `/browse/category/${categorySlug}/creator/${creator.id}`,
  };
}

/** Every published product of the demo catalogue. */
async function allProducts(request: APIRequestContext): Promise<LibraryItem[]> {
  const res = await request.get('/api/v1/content/products?limit=100');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { items: LibraryItem[] } }).data.items;
}

/** A card's metadata pairs: their widths, and their left edges row by row (top to bottom). */
async function metadataLayout(card: Locator): Promise<{ widths: number[]; rows: number[][] }> {
  const boxes = await card
    .locator('dl > div')
    .evaluateAll((items) =>
      items
        .map((item) => item.getBoundingClientRect())
        .map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width) })),
    );
  const rows = new Map<number, number[]>();
  for (const box of boxes) rows.set(box.y, [...(rows.get(box.y) ?? []), box.x]);
  return {
    widths: boxes.map((b) => b.width),
    rows: [...rows.entries()].sort(([a], [b]) => a - b).map(([, xs]) => xs),
  };
}

const typeSelect = (page: Page) => page.getByLabel('Type');

async function publicCategoryCount(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/categories?limit=100');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { total: number } }).data.total;
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test.describe('visitor', () => {
  test('sees every public category with Login Required, and a click opens the login dialog', async ({
    page,
    request,
  }) => {
    const total = await publicCategoryCount(request);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
    await expect(page.getByText('Login Required')).toHaveCount(total);
    await page.getByRole('button', { name: /Web Development/ }).click();
    await expect(page.getByRole('dialog').getByText('Welcome Back')).toBeVisible();
  });

  test('opens a course page from the sitemap, reads it in the served HTML, signs up and lands in the course', async ({
    page,
    request,
  }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
    // a demo course with a free preview lesson: where a new member without a plan lands
    const slug = 'css-grid-layout-workshop';
    const welcome = lessonTitled(await outlineOf(request, slug), 'Welcome: what Grid is for');
    const course = new RegExp(`<loc>[^<]*?(/courses/${slug})</loc>`).exec(await sitemap.text())?.[1];
    expect(course).toBe(`/courses/${slug}`);
    const served = await (await request.get(course!)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(served)![1]!) as {
      '@type': string;
      name: string;
    };
    expect(ld['@type']).toBe('Course');
    expect(served).toContain('<meta property="og:title"');
    await page.goto(course!);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(ld.name);
    await expect(page.getByRole('heading', { name: 'What you will learn' }).first()).toBeVisible();
    // one click, on the served page's button or the app's: a click before the app has taken over is clicked
    // again on the app's button once it has (exact: the header has its own "Sign Up")
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Cora Visitor');
    await dialog.getByLabel('Email', { exact: true }).fill(uniqueEmail('course-page'));
    await dialog.getByLabel('Password', { exact: true }).fill('Strong-pass-1');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('Strong-pass-1');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    // signed in, in the course at its product address: the first lesson a member without a plan may open
    await expect(page).toHaveURL(new RegExp(`/browse/premium/product/[^/]+/lesson/${welcome.id}$`));
    await expect(lessonHeading(page, welcome.title)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Welcome, Cora')).toBeVisible();
  });

  test("sees the popular and new rows on the welcome page, each saying why, and opens a course's page", async ({
    page,
    request,
  }) => {
    const answer = await request.get('/api/v1/content/recommendations');
    expect(answer.status()).toBe(200);
    const { rows } = (
      (await answer.json()) as {
        data: {
          rows: Array<{ kind: string; title: string; reason: string; products: Array<{ title: string }> }>;
        };
      }
    ).data;
    // a visitor is recommended what is popular and what is new, nothing of their own
    expect(rows.map((row) => row.kind)).toEqual(['popular', 'new']);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Catalyst' })).toBeVisible();
    // the rows sit below the plan and load as the visitor scrolls to them
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    for (const row of rows) {
      const region = page.getByRole('region', { name: row.title, exact: true });
      await expect(region.getByText(row.reason, { exact: true })).toBeVisible();
      await expect(region.getByRole('heading', { level: 3 })).toHaveText(row.products.map((p) => p.title));
    }
    const popular = page.getByRole('region', { name: 'Popular with learners', exact: true });
    const first = rows[0]!.products[0]!.title;
    await popular.getByRole('link', { name: `View ${first}`, exact: true }).click();
    await expect(page).toHaveURL(/\/courses\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
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
    await page.route('**/api/v1/categories**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"boom"}',
      }),
    );
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
    // Top Courses' own cards: the recommendation rows below it show cards with View links too.
    const views = page.getByRole('region', { name: 'Top Courses' }).getByRole('link', { name: /^View / });
    await expect(views).toHaveCount(Math.min(4, top.length));
    await expect(views.first()).toHaveAttribute('href', `/browse/premium/product/${top[0]!.productId}`);
  });

  test('a premium product sends the learner to /subscription', async ({ page, request }) => {
    // a free product (priced 0) opens for the learner (subscription.spec): the first priced one of the cards
    const premium = (await topProducts(request)).slice(0, 4).find((p) => p.price !== 0);
    expect(premium, 'Top Courses shows a priced product').toMatchObject({ title: expect.any(String) });
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Top Courses' })
      .getByRole('link', { name: `View ${premium!.title}` })
      .click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('sees Premium Content on every category, and a click goes to /subscription', async ({
    page,
    request,
  }) => {
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

  test('browses a category with Full Access, then its creators with search, sort and counts', async ({
    page,
    request,
  }) => {
    const total = await publicCategoryCount(request);
    await page.goto('/browse');
    await expect(page.getByText('Full Access')).toHaveCount(total);
    await page.getByRole('button', { name: /Web Development/ }).click();
    await expect(page).toHaveURL(/\/browse\/category\/web-development$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development' })).toBeVisible();
    const cards = page.getByTestId('creator-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('Showing 2 of 2')).toBeVisible();
    await expect(cards.first()).toContainText('Maya Chen');
    await expect(cards.first()).toContainText(/\d+ items?/);
    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
    await expect(cards.first()).toContainText('Daniel Okafor');
    await page.getByLabel('Search creators').fill('postgres');
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('Showing 1 of 2')).toBeVisible();
    await page.getByLabel('Search creators').fill('nobody here');
    await expect(page.getByText('No creators found')).toBeVisible();
  });

  test("filters, sorts and switches the layout of a creator's library, then opens a product", async ({
    page,
  }) => {
    await page.goto('/browse/category/web-development');
    await page.getByTestId('creator-card').filter({ hasText: 'Maya Chen' }).click();
    await expect(page).toHaveURL(/\/browse\/category\/web-development\/creator\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible();
    const products = page.getByTestId('library-product');
    await expect(products).toHaveCount(4);
    await expect(products.first()).toContainText(/Completed|\d+%|New/);
    await expect(products.first()).toContainText(/\d+ (s|min|h)/);

    await page.getByLabel('Type').selectOption({ label: 'Course' });
    await expect(products).toHaveCount(1);
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

  test('saves a course for later from the catalogue, finds it on /saved, and removes it', async ({
    page,
  }) => {
    await page.goto('/browse/category/web-development');
    await page.getByTestId('creator-card').filter({ hasText: 'Maya Chen' }).click();
    const card = page.getByTestId('library-product').filter({ hasText: 'React Hooks in Depth' });
    // the bookmark sits beside the card's link, over its thumbnail
    const bookmark = card.locator('..').getByRole('button', { name: 'Save for later' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    // the bookmark's click is its own: the card did not open the product
    await expect(page).toHaveURL(/\/creator\/[0-9a-f]{24}$/);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Saved for later' }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved for later' })).toBeVisible();
    const saved = page.getByRole('list', { name: 'Saved courses' }).getByRole('listitem');
    await expect(saved.filter({ hasText: 'React Hooks in Depth' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Remove React Hooks in Depth from saved' }).click();
    await expect(page.getByRole('link', { name: 'React Hooks in Depth' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Nothing saved yet' })).toBeVisible();
  });

  test('opens a Top Courses product from the dashboard', async ({ page, request }) => {
    const top = await topProducts(request);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Top Courses' })
      .getByRole('link', { name: `View ${top[0]!.title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/browse/premium/product/${top[0]!.productId}$`));
    await expect(page.getByRole('heading', { level: 1, name: top[0]!.title })).toBeVisible();
  });
});

test.describe('member: what a learner trips over in the catalogue (issue 15)', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'member');
  });

  test('the Type filter offers every type the catalogue holds, so every item can be found', async ({
    page,
    request,
  }) => {
    const types = new Set((await allProducts(request)).map((p) => p.type));
    expect([...types].every((t) => (PRODUCT_TYPES as readonly string[]).includes(t))).toBe(true);
    const maya = await creatorLibrary(request, 'web-development', 'Maya Chen');
    await page.goto(maya.path);
    const products = page.getByTestId('library-product');
    await expect(products).toHaveCount(maya.products.length);
    const offered = await typeSelect(page).locator('option').allTextContents();
    expect(offered).toEqual(['All types', ...PRODUCT_TYPES.map((t) => PRODUCT_TYPE_LABELS[t])]);
    // every type in Maya's library shows exactly its own items
    for (const type of new Set(maya.products.map((p) => p.type))) {
      await typeSelect(page).selectOption({
        label: PRODUCT_TYPE_LABELS[type as keyof typeof PRODUCT_TYPE_LABELS],
      });
      await expect(products).toHaveCount(maya.products.filter((p) => p.type === type).length);
    }
    await typeSelect(page).selectOption({ label: 'Tutorial' });
    await expect(products).toHaveText([/React Hooks in Depth/]);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`filters, sort and layout survive a reload, back/forward step through them, Clear filters resets them (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const maya = await creatorLibrary(request, 'web-development', 'Maya Chen');
      await page.goto(maya.path);
      const products = page.getByTestId('library-product');
      await expect(products).toHaveCount(4);
      await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

      await typeSelect(page).selectOption({ label: 'Video' });
      await page.getByLabel('Level').selectOption({ label: 'Beginner' });
      await page.getByLabel('Sort by').selectOption({ label: 'Title A-Z' });
      await page.getByRole('button', { name: 'List' }).click();
      await expect(products).toHaveText([/HTML & CSS from Scratch/, /Modern JavaScript Essentials/]);
      await page.getByLabel('Search content').fill('javascript');
      await expect(page).toHaveURL(/search=javascript/);
      await expect(products).toHaveText([/Modern JavaScript Essentials/]);

      await page.reload();
      await expect(page.getByLabel('Search content')).toHaveValue('javascript');
      await expect(typeSelect(page)).toHaveValue('video');
      await expect(page.getByLabel('Level')).toHaveValue('beginner');
      await expect(page.getByLabel('Sort by')).toHaveValue('title');
      await expect(page.locator('[data-layout="list"]')).toBeVisible();
      await expect(products).toHaveText([/Modern JavaScript Essentials/]);

      await page.goBack(); // before the search
      await expect(page.getByLabel('Search content')).toHaveValue('');
      await expect(products).toHaveCount(2);
      await page.goBack(); // before the list layout
      await expect(page.locator('[data-layout="grid"]')).toBeVisible();
      await page.goForward();
      await page.goForward();
      await expect(page.getByLabel('Search content')).toHaveValue('javascript');
      await expect(products).toHaveText([/Modern JavaScript Essentials/]);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      // the address first: a list that stays filtered then says whether the address or the answer lagged
      await expect(page).toHaveURL(/\?sort=title&layout=list$/);
      await expect(products).toHaveCount(4);
      await expect(page.getByLabel('Search content')).toHaveValue('');
      await expect(typeSelect(page)).toHaveValue('');
      await expect(page.getByLabel('Level')).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
      // sort and layout are how the list is shown, not a filter: they stay
      await expect(page.getByLabel('Sort by')).toHaveValue('title');
      await expect(page.locator('[data-layout="list"]')).toBeVisible();
      await expect(products.first()).toContainText('CSS Grid Layout Workshop');
      await page.reload();
      await expect(products).toHaveCount(4);
    });
  }

  test('category links use the slug: browse, creators, back to category, breadcrumbs and an old id address', async ({
    page,
    request,
  }) => {
    await page.goto('/browse');
    await page.getByRole('button', { name: /Photography/ }).click();
    await expect(page).toHaveURL(/\/browse\/category\/photography$/);
    await page.getByTestId('creator-card').filter({ hasText: 'Kenji Watanabe' }).click();
    await expect(page).toHaveURL(/\/browse\/category\/photography\/creator\/[0-9a-f]{24}$/);
    await page.getByRole('button', { name: /Back to category/ }).click();
    await expect(page).toHaveURL(/\/browse\/category\/photography$/);
    await page.getByTestId('creator-card').filter({ hasText: 'Kenji Watanabe' }).click();
    await page.getByTestId('library-product').filter({ hasText: 'Composition Masterclass' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Composition Masterclass' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Photography' }),
    ).toHaveAttribute('href', '/browse/category/photography');

    const categories = await request.get('/api/v1/categories?limit=100');
    const photography = (
      (await categories.json()) as { data: { items: Array<{ _id: string; slug: string }> } }
    ).data.items.find((c) => c.slug === 'photography')!;
    await page.goto(`/browse/category/${photography._id}`);
    await expect(page).toHaveURL(/\/browse\/category\/photography$/);
    await page.getByTestId('creator-card').filter({ hasText: 'Kenji Watanabe' }).click();
    await expect(page).toHaveURL(/\/browse\/category\/photography\/creator\/[0-9a-f]{24}$/);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`a card is badged New only when published in the last 14 days, has no empty progress bar, and its details wrap in columns (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const kenji = await creatorLibrary(request, 'photography', 'Kenji Watanabe');
      const recent = kenji.products.filter((p) => isNewProduct(p.createdAt));
      expect(recent.length, 'the demo has a recent product here').toBeGreaterThan(0);
      expect(recent.length).toBeLessThan(kenji.products.length);
      const progress = await request.get('/api/v1/content/progress?limit=100', {
        headers: { authorization: `Bearer ${await apiToken(request, 'member')}` },
      });
      const started = new Set(
        (
          (await progress.json()) as {
            data: { items: Array<{ productId: string; progress: number; completed: boolean }> };
          }
        ).data.items
          .filter((r) => r.progress > 0 || r.completed)
          .map((r) => r.productId),
      );

      await page.goto(kenji.path);
      const cards = page.getByTestId('library-product');
      await expect(cards).toHaveCount(kenji.products.length);
      for (const product of kenji.products.filter((p) => !started.has(p._id))) {
        const card = cards.filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
        await expect(card.getByText('New', { exact: true }), product.title).toHaveCount(
          isNewProduct(product.createdAt) ? 1 : 0,
        );
        await expect(card.getByRole('progressbar')).toHaveCount(0);
      }
      for (const layout of ['grid', 'list'] as const) {
        await page.getByRole('button', { name: layout === 'grid' ? 'Grid' : 'List' }).click();
        for (const card of await cards.all()) {
          const { widths, rows } = await metadataLayout(card);
          // equal columns: every row starts where the first does, each pair sits under the one above it
          for (const width of widths) expect(Math.abs(width - widths[0]!)).toBeLessThanOrEqual(1);
          for (const row of rows.slice(1)) expect(row).toEqual(rows[0]!.slice(0, row.length));
        }
      }
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`library thumbnails keep their proportions in grid and list, so the titles printed on them are whole (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const maya = await creatorLibrary(request, 'web-development', 'Maya Chen');
      await page.goto(maya.path);
      const thumbs = page.getByTestId('library-product').locator('img');
      await expect(thumbs.first()).toBeVisible();
      for (const layout of ['grid', 'list'] as const) {
        await page.getByRole('button', { name: layout === 'grid' ? 'Grid' : 'List' }).click();
        await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
        for (const thumb of await thumbs.all()) {
          await expect
            .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
            .toBe(true);
          const [shown, natural] = await thumb.evaluate((img: HTMLImageElement) => [
            img.clientWidth / img.clientHeight,
            img.naturalWidth / img.naturalHeight,
          ]);
          expect(
            Math.abs(shown! - natural!) / natural!,
            `${layout}: shown ${shown} vs image ${natural}`,
          ).toBeLessThan(0.02);
        }
      }
    });
  }

  test('shows a progress bar, labelled, only on a card with progress', async ({ page, request }) => {
    const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const kenji = await creatorLibrary(request, 'photography', 'Kenji Watanabe');
    // a course's progress is its lessons' (saved per lesson): two single items carry a product's own
    const [watched, untouched] = kenji.products.filter((p) => p.type !== 'course');
    await request.patch(`/api/v1/content/progress/product/${untouched!._id}/reset`, { headers: admin });
    const saved = await request.patch(`/api/v1/content/progress/product/${watched!._id}`, {
      headers: admin,
      data: { progress: 40, lastPosition: 12, completed: false },
    });
    expect(saved.status()).toBe(200);
    try {
      await loginAs(page, 'admin');
      await page.goto(kenji.path);
      const card = (title: string) =>
        page
          .getByTestId('library-product')
          .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(card(watched!.title).getByRole('progressbar', { name: '40% watched' })).toBeVisible();
      await expect(card(watched!.title).getByText('40% watched')).toBeVisible();
      await expect(card(untouched!.title).getByRole('progressbar')).toHaveCount(0);
    } finally {
      await request.patch(`/api/v1/content/progress/product/${watched!._id}/reset`, { headers: admin });
    }
  });

  test('the product page shows its description once, and How it works fits the type', async ({
    page,
    request,
  }) => {
    const products = await allProducts(request);
    for (const slug of ['web-performance-checklist', 'scaling-postgres-webinar', 'html-css-from-scratch']) {
      const product = products.find((p) => p.slug === slug)!;
      await page.goto(`/browse/premium/product/${product.productId}`);
      await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
      await expect(page.getByText(product.description, { exact: true })).toHaveCount(1);
      const howItWorks = page
        .getByRole('heading', { name: 'How it works' })
        .locator('xpath=following-sibling::p[1]');
      await expect(howItWorks).not.toContainText('exercise');
      if (product.type === 'document') {
        await expect(howItWorks).toContainText('read');
        // the document itself, to read: nothing to play
        await expect(page.getByRole('heading', { level: 2, name: product.title })).toBeVisible();
        await expect(page.getByTestId('video-player')).toHaveCount(0);
      }
      if (product.type === 'webinar') {
        await expect(howItWorks).toContainText('recording of a live session');
        await expect(page.getByText(/^Recorded: \w+day \d+ \w+ \d{4}, \d\d:\d\d UTC/)).toBeVisible();
      }
    }
  });
});
