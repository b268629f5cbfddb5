import { readFile } from 'node:fs/promises';
import { demoCreatorAccounts } from '../packages/contracts/src/demo';
import { dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { scan } from './lib/axe';

test("the demo creator reads this month's statement from the royalty pool and downloads it as CSV", async ({
  page,
}) => {
  await dismissCookieBanner(page);
  await loginAs(page, demoCreatorAccounts.creator);
  await page.goto('/studio/earnings');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  // this month's estimate first, then last month's (both open on a fresh start)
  const months = page.getByTestId('earnings-month');
  await expect(months).toHaveCount(2);
  await expect(months.first()).toContainText('Estimate (month open)');

  const statement = page.getByTestId('earnings-statement');
  await expect(statement.getByRole('heading', { level: 2, name: /^Statement for / })).toBeVisible();
  await expect(statement).toContainText(/Pool \$\d[\d,]*\.\d\d \(40% of net subscription revenue\)/);
  // the seeded revenue and the generated viewing give the demo creator's items real paid minutes
  await expect(statement.getByTestId('statement-item').first()).toBeVisible();
  expect(await scan(page, 'studio earnings')).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^earnings-\d{4}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Month,Creator,Item,Paid minutes,Share,Amount,Currency');
  expect(csv).toContain(',Maya Chen,Total,');
});
