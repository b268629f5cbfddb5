import { expect, loginAs, test } from './fixtures';

// slate 950 and slate 50: the tokens' dark background, and the light one
const DARK_BACKGROUND = 'rgb(2, 6, 23)';
const LIGHT_BACKGROUND = 'rgb(248, 250, 252)';
const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a learner turns dark mode on in the header: it holds across pages and a reload, with no light page first', async ({
  page,
}) => {
  await loginAs(page, 'learner');
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAccessibleName('Theme: System');
  expect(await background(page)).toBe(LIGHT_BACKGROUND);

  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: Light');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: Dark');
  expect(await background(page)).toBe(DARK_BACKGROUND);

  // the profile says the same, and offers all three
  await page.goto('/profile');
  const appearance = page.getByRole('group', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await background(page)).toBe(DARK_BACKGROUND);

  // The first paint is dark before any of the app's code runs: the page's own scripts are refused here, and
  // what the gateway serves (its first paint and the one inline script in <head>) is all that runs.
  await page.route('**/*.js', (route) => route.abort());
  // (a signed-in tab is served the app's frame: the header and a spinner, until the app renders the page)
  await page.goto('/browse');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('link', { name: /home$/ })).toBeVisible();
  expect(await background(page)).toBe(DARK_BACKGROUND);
  await page.unroute('**/*.js');

  // back to the system's on the profile: light here, where the browser asks for light
  await page.goto('/profile');
  await page.getByRole('group', { name: 'Appearance' }).getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await background(page)).toBe(LIGHT_BACKGROUND);
  await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Theme: System');
});

test("with nothing chosen, a page follows the system's dark scheme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName('Theme: System');
  expect(await background(page)).toBe(DARK_BACKGROUND);
});
