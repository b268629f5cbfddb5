import { dismissCookieBanner, expect, loginAs, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

async function fillCategory(page: import('@playwright/test').Page, name: string, description: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill(description);
}

test('an admin creates a category and sees it on /browse', async ({ page }) => {
  const name = `E2E Category ${Date.now() % 1_000_000}`;
  const adminFiles: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf/admin/')) adminFiles.push(request.url());
  });
  await loginAs(page, 'admin');
  await page.goto('/admin/categories/new');
  await fillCategory(page, name, 'A category made by the browser suite.');
  // The slug follows the name on create.
  await expect(page.getByLabel('Slug')).toHaveValue(name.toLowerCase().replace(/ /g, '-'));
  await page.getByRole('button', { name: 'Icon 🚀' }).click();
  await page.getByRole('button', { name: 'Create Category' }).click();

  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(page.getByText('Category created successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // The admin remote is fetched for an admin (the learner test below proves it is not for anyone else).
  expect(adminFiles.length).toBeGreaterThan(0);

  await page.goto('/browse');
  await expect(page.getByText(name)).toBeVisible();
});

test('a duplicate category name shows the 409 message', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/categories/new');
  await fillCategory(page, 'web development', 'Same name as a demo category, in other case.');
  await page.getByRole('button', { name: 'Create Category' }).click();
  await expect(
    page.getByText('A category with this name already exists. Please choose a different name.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/categories\/new$/);
});

test('a new name with a taken slug says the slug is taken, not the name (issue 15, bug 9)', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/categories/new');
  await fillCategory(
    page,
    `Web craft ${Date.now()}`,
    'A new name whose slug an existing category already has.',
  );
  await page.getByLabel('Slug').fill('web-development');
  await page.getByRole('button', { name: 'Create Category' }).click();
  await expect(
    page.getByText('A category with this slug already exists. Please choose a different slug.'),
  ).toBeVisible();
  await expect(page.getByText('A category with this name already exists', { exact: false })).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/categories\/new$/);
});

test('unpublishing a product removes it from the catalogue', async ({ page }) => {
  const listed = await page.request.get('/api/v1/content/products?limit=1&sort=title');
  const { items } = ((await listed.json()) as { data: { items: Array<{ title: string; slug: string }> } })
    .data;
  const product = items[0]!;
  expect((await page.request.get(`/api/v1/content/products/${product.slug}`)).status()).toBe(200);

  await loginAs(page, 'admin');
  await page.goto('/admin/products');
  // The list shows a page at a time: the admin finds the product by its title.
  await expect(page.getByRole('navigation', { name: 'Product pages' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products' }).fill(product.title);
  await page.getByRole('search', { name: 'Products' }).getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Unpublish ${product.title}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Publish ${product.title}`, exact: true })).toBeVisible();

  expect((await page.request.get(`/api/v1/content/products/${product.slug}`)).status()).toBe(404);
  const search = await page.request.get(
    `/api/v1/content/products?search=${encodeURIComponent(product.title)}`,
  );
  const found = ((await search.json()) as { data: { items: Array<{ slug: string }> } }).data.items.map(
    (p) => p.slug,
  );
  expect(found).not.toContain(product.slug);

  // Put the demo catalogue back as it was.
  await page.getByRole('button', { name: `Publish ${product.title}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Unpublish ${product.title}`, exact: true })).toBeVisible();
  expect((await page.request.get(`/api/v1/content/products/${product.slug}`)).status()).toBe(200);
});

test('a learner opening /admin sees Access Denied and never downloads the admin remote', async ({ page }) => {
  const adminFiles: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/mf/admin/')) adminFiles.push(request.url());
  });
  await loginAs(page, 'learner');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect(adminFiles).toEqual([]);
  // The server refuses the learner too, whatever the page shows.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const api = await page.request.get('/api/v1/admin/categories', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(api.status()).toBe(403);
});
