import { appHasTakenOver, dismissCookieBanner, expect, test } from './fixtures';

/** Catalogue-wide search as a visitor: the header's box, its suggestions, the results page and its filters. */

test('a visitor misspells a topic in the header box and finds the course, then narrows by level', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await page.goto('/privacy-policy');
  await appHasTakenOver(page, 'Privacy Policy');
  const box = page.getByRole('combobox', { name: 'Search the catalogue' });
  await box.fill('pyth');
  await expect(page.getByRole('option', { name: /Python for Data Analysis/ })).toBeVisible();
  await box.fill('pyhton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=pyhton$/);
  await expect(page.getByText('Showing results for python')).toBeVisible();
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByRole('link', { name: 'Python for Data Analysis' })).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(/python/i);
  await page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('link', { name: /^Beginner/ })
    .click();
  await expect(page).toHaveURL(/level=beginner/);
  await expect(page.getByRole('status')).toHaveText(/\d+ results?/);
});

test('a visitor searches from the keyboard with the command palette', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto('/privacy-policy');
  await appHasTakenOver(page, 'Privacy Policy');
  await page.keyboard.press('/');
  const palette = page.getByRole('dialog', { name: 'Search' });
  const box = palette.getByRole('combobox', { name: 'Search for' });
  await expect(box).toBeFocused();
  await box.pressSequentially('pyth');
  const products = palette.getByRole('group', { name: 'Courses and products' });
  await expect(products.getByRole('option', { name: /Python for Data Analysis/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('Control+k');
  await box.fill('pyhton');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=pyhton$/);
  await page.keyboard.press('Control+k');
  const recent = palette.getByRole('group', { name: 'Recent searches' });
  await expect(recent.getByRole('option', { name: 'pyhton' })).toBeVisible();
});
