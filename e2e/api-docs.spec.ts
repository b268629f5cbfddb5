import { expect, test } from './fixtures';

test('the API reference renders the generated document, offline and within the Content-Security-Policy', async ({
  page,
  baseURL,
}) => {
  const refused: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  page.on('request', (request) => {
    if (
      !request.url().startsWith(baseURL!) &&
      !request.url().startsWith('data:') &&
      !request.url().startsWith('blob:')
    )
      elsewhere.push(request.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Catalyst API' }).first()).toBeVisible({ timeout: 20_000 });
  // Operations come from the declarations, grouped by the service that owns them.
  await page.getByRole('link', { name: 'progress', exact: true }).first().click();
  await expect(page.getByText('Your progress, newest first').first()).toBeVisible();
  await expect(page.getByText('This API described as an OpenAPI 3.1 document')).toHaveCount(0);

  expect(refused, "nothing refused by the page's CSP").toEqual([]);
  expect(elsewhere, 'nothing fetched from another origin').toEqual([]);
});
