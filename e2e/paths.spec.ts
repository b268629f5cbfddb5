import { dismissCookieBanner, expect, loginAs, test } from './fixtures';
import { bearer } from './lib/course';
import { newPremiumMember } from './lib/members';
import { currentTime, inFullScreen, watchToTheEnd } from './lib/player';

const SLUG = 'start-with-the-web';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a member follows a demo learning path, finishes its items and earns the path certificate', async ({
  page,
  request,
}) => {
  const member = await newPremiumMember(request, 'Pat Pathfinder', 'paths');
  await loginAs(page, member);

  // Browse → Paths → the path
  await page.goto('/browse');
  await page.getByRole('link', { name: 'learning path' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Learning Paths' })).toBeVisible();
  await page.getByRole('link', { name: 'Start with the Web' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start with the Web' })).toBeVisible();
  await expect(page.getByTestId('path-progress')).toHaveText('0 of 3 finished');
  await page.getByRole('button', { name: 'Follow this path' }).click();
  await expect(page.getByText('Following', { exact: true })).toBeVisible();

  // The dashboard names the next item to take.
  const path = (
    (await (await request.get(`/api/v1/content/paths/${SLUG}`)).json()) as {
      data: { items: Array<{ productId: string; title: string }> };
    }
  ).data;
  await page.goto('/');
  const yourPath = page.getByRole('region', { name: 'Your path' });
  await expect(yourPath.getByTestId('your-path')).toContainText('0 of 3 finished');
  await expect(yourPath.getByRole('link', { name: path.items[0]!.title })).toBeVisible();

  // Every item finished (as the player's Mark Complete does), without watching them.
  for (const item of path.items) {
    const done = await request.patch(`/api/v1/content/progress/product/${item.productId}/complete`, {
      headers: bearer(member.token),
      data: {},
    });
    expect(done.status(), await done.text()).toBe(200);
  }

  await page.reload();
  await expect(yourPath.getByTestId('your-path')).toContainText('3 of 3 finished');
  await yourPath.getByRole('link', { name: 'View your path certificate' }).click();
  const certificate = page.getByRole('article', { name: 'Start with the Web' });
  await expect(certificate.getByTestId('certificate-status')).toHaveText(/Valid/);
  await expect(certificate.getByTestId('certificate-learner')).toHaveText('Pat Pathfinder');
  await expect(certificate.getByText('Learning path', { exact: true })).toBeVisible();

  // Watched again from the path, in full screen: Up next counts down to the path's next item, and Enter
  // opens it playing, still in full screen.
  await page.goto(`/paths/${SLUG}`);
  await page.getByRole('link', { name: path.items[0]!.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: path.items[0]!.title })).toBeVisible();
  await page.getByTestId('video-player').getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await watchToTheEnd(page);
  const upNext = page.getByTestId('up-next');
  await expect(upNext.getByRole('heading', { name: `Up next: ${path.items[1]!.title}` })).toBeVisible();
  await expect(upNext.getByText('Next in Start with the Web')).toBeVisible();
  await expect(upNext.getByTestId('countdown')).toContainText('Starts in');
  expect(await inFullScreen(page, 'up-next')).toBe(true);
  await expect(upNext.getByRole('button', { name: 'Play now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: path.items[1]!.title })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('path')).toBe(SLUG);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect.poll(() => inFullScreen(page, 'video-player')).toBe(true);
  await page.evaluate(() => document.exitFullscreen());
});
