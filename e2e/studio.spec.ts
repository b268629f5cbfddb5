import { demoCreatorAccounts } from '../packages/contracts/src/demo';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { scan } from './lib/axe';

/** The demo creator, linked to Maya Chen. */
const CREATOR = demoCreatorAccounts.creator;
/** One of Maya Chen's published courses; its slug stays, so the course suite still finds it by title. */
const SLUG = 'design-systems-workshop';

test('a creator edits a course and submits it; an admin sees the difference, approves, and it is live', async ({
  page,
  browser,
}) => {
  const title = `Design Systems Workshop, edition ${Date.now() % 100_000}`;
  const found: string[] = [];
  await dismissCookieBanner(page);
  await loginAs(page, CREATOR);
  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1, name: 'Your products' })).toBeVisible();
  const course = page.getByTestId('studio-product-row').filter({ hasText: SLUG });
  found.push(...(await scan(page, 'studio list')));
  await course.getByRole('link', { name: /^Edit / }).click();

  const titleField = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleField).toHaveValue(/^Design Systems Workshop/);
  await expect(page.getByTestId('curriculum-editor')).toBeVisible();
  found.push(...(await scan(page, 'studio product form')));
  await titleField.fill(title);
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/studio$/);

  await course.getByRole('link', { name: /^Edit / }).click();
  const review = page.getByTestId('studio-review');
  await review.getByRole('button', { name: 'Submit for review' }).click();
  await expect(review.getByTestId('review-status')).toContainText('In review');
  await expect(review.getByRole('button', { name: 'Submit for review' })).toBeDisabled();

  // the admin, in a browser of their own
  const context = await browser.newContext();
  const admin = await context.newPage();
  await dismissCookieBanner(admin);
  await loginAs(admin, 'admin');
  await admin.goto('/admin/reviews-queue');
  await admin
    .getByRole('link', { name: /^Review Design Systems Workshop/ })
    .last()
    .click();
  const titleChange = admin
    .getByTestId('field-diff')
    .filter({ hasText: /^Title/ })
    .first();
  await expect(titleChange.locator('ins')).toContainText(title.slice('Design Systems Workshop'.length));
  found.push(...(await scan(admin, 'revision review')));
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(admin).toHaveURL(/\/admin\/reviews-queue$/);

  await admin.goto(`/browse/premium/product/${SLUG}`);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await context.close();
  expect(found).toEqual([]);
});
