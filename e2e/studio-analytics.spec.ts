import { demoCreatorAccounts } from '../packages/contracts/src/demo';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { scan } from './lib/axe';

/** The demo creator, linked to Maya Chen: her items have a month of seeded viewing. */
const CREATOR = demoCreatorAccounts.creator;

test("a creator reads a course's drop-off chart and the numbers behind it", async ({ page }) => {
  await dismissCookieBanner(page);
  await loginAs(page, CREATOR);
  await page.goto('/studio/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('studio-analytics-row').first()).toBeVisible();
  const found = await scan(page, 'studio analytics');
  await page.getByRole('link', { name: 'CSS Grid Layout Workshop' }).click();

  const dropOff = page.getByTestId('chart-drop-off');
  await expect(dropOff.getByRole('heading', { name: 'Drop-off per lesson' })).toBeVisible();
  // uPlot is loaded with the first chart and draws on a canvas.
  await expect(dropOff.locator('canvas')).toBeVisible();
  await dropOff.getByText('Show the numbers').click();
  const rows = dropOff.getByRole('table', { name: 'Drop-off per lesson' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(3);
  found.push(...(await scan(page, 'studio product analytics')));
  expect(found).toEqual([]);
});
