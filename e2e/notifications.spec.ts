import type { Thread } from '@catalyst/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { bearer } from './lib/course';
import { markPage, productIdOf, retireThread, stillSamePage } from './lib/community';

const COURSE = 'ui-design-fundamentals';

test('a reply to my question arrives in the notification centre and the bell while the page is open', async ({
  page,
  request,
}) => {
  const [memberToken, adminToken] = await Promise.all([
    apiToken(request, 'member'),
    apiToken(request, 'admin'),
  ]);
  const productId = await productIdOf(request, COURSE);
  const title = `Where do the grid's gutters come from? (${Date.now()})`;
  const asked = await request.post('/api/v1/community/threads', {
    headers: bearer(memberToken),
    data: { productId, title, body: 'Asking so a reply can reach the bell.' },
  });
  expect(asked.status(), 'asking the question').toBe(201);
  const thread = ((await asked.json()) as { data: Thread }).data;
  try {
    await loginAs(page, 'member');
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^Notifications/);
    await markPage(page);

    const replied = await request.post(`/api/v1/community/threads/${thread._id}/replies`, {
      headers: bearer(adminToken),
      data: { body: 'From the column gap of the layout grid.' },
    });
    expect(replied.status(), 'the reply').toBe(201);

    const arrived = page.getByTestId('notification').filter({ hasText: `Ada Admin replied in “${title}”` });
    await expect(arrived).toBeVisible();
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    expect(await stillSamePage(page)).toBe(true);

    // a phone's header keeps the bell within 390 px, the page scrolling not sideways
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(bell).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // marked read here, the bell counts one fewer; its link opens the course's page
    const before = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
    await arrived.getByRole('button', { name: /as read$/ }).click();
    await expect(bell).toHaveAccessibleName(
      before > 1 ? `Notifications, ${before - 1} unread` : 'Notifications',
    );
    await arrived.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/browse/premium/product/${productId}$`));
  } finally {
    await retireThread(request, adminToken, thread);
  }
});
