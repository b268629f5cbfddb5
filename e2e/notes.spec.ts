import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiToken,
  dismissCookieBanner,
  expect,
  loginAs,
  premiumProduct,
  type PremiumProduct,
  test,
} from './fixtures';
import { scan } from './lib/axe';

/** A demo product with a playable video (the demo seed gives every product a local video). */
const SLUG = 'html-css-from-scratch';

/** Deletes every note the account keeps, so each run starts without any. */
async function deleteNotes(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.get('/api/v1/notes?limit=500', { headers });
  expect(res.status()).toBe(200);
  for (const note of ((await res.json()) as { data: { items: { id: string }[] } }).data.items)
    expect((await request.delete(`/api/v1/notes/${note.id}`, { headers })).status()).toBe(200);
}

const video = (page: Page) => page.getByTestId('video-player').locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

let product: PremiumProduct;

test.beforeEach(async ({ page, request }) => {
  await dismissCookieBanner(page);
  const token = await apiToken(request, 'member');
  product = await premiumProduct(request, token, SLUG);
  await deleteNotes(request, token);
  await loginAs(page, 'member');
});

test('a note taken with N at the current second is listed, marked and jumps back there', async ({ page }) => {
  await page.goto(`/browse/premium/product/${product.productId}`);
  await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible();
  await page.getByTestId('video-player').hover(); // pointed at, the video loads
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 7.4;
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(7);

  await page.getByTestId('video-player').focus();
  await page.keyboard.press('n');
  const field = page.getByRole('textbox', { name: 'Note at 0:07' });
  await expect(field).toBeFocused();
  await field.fill('**Flexbox** needs a gap <script>window.__xss = 1</script>');
  await page.getByRole('button', { name: 'Save' }).click();

  const notes = page.getByRole('list', { name: 'Your notes' });
  await expect(notes.getByRole('button', { name: 'Play from 0:07' })).toBeVisible();
  await expect(notes.locator('strong', { hasText: 'Flexbox' })).toBeVisible();
  await expect(notes).toContainText('<script>window.__xss = 1</script>');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.getByTestId('seek-mark')).toHaveCount(1);

  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
  await notes.getByRole('button', { name: 'Play from 0:07' }).click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(7, 0);

  await page.goto('/learning/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'My notes' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${product.title} · 0:07` })).toBeVisible();
});

test('a member reads along in the Transcript tab and jumps by clicking a line', async ({ page }) => {
  await page.goto(`/browse/premium/product/${product.productId}`);
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await page.getByTestId('video-player').hover(); // pointed at, the video loads
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(1);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  const lines = transcript.getByRole('button');
  // one line is the one being said (where the video is)
  await expect(transcript.locator('[aria-current="time"]')).toHaveCount(1);
  await expect(lines.first()).toHaveAccessibleName(/^0 seconds: \S/);

  // the second line: its time as shown ("0:05"), then a click plays from there and it is the one highlighted
  const second = lines.nth(1);
  const [minutes, seconds] = (await second.locator('[aria-hidden="true"]').innerText())
    .split(':')
    .map(Number);
  // (a click before the learner's saved position has come in still holds: the resume does not take it back)
  await second.click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(minutes! * 60 + seconds!, 0);
  await expect(second).toHaveAttribute('aria-current', 'time');
  await expect(transcript.locator('[aria-current="time"]')).toHaveCount(1);

  // a word of that line, searched, is marked on the seek bar
  const word = (await second.locator('[aria-hidden="true"] + span + span').innerText())
    .split(/\W+/)
    .find((w) => w.length > 3)!;
  await page.getByRole('searchbox', { name: 'Search the transcript' }).fill(word);
  await expect(page.getByTestId('seek-match').first()).toBeAttached();

  // the tab as a screen reader meets it (its lines, the one being said, a search's marks): nothing to fix
  await expect(transcript.locator('mark').first()).toBeVisible();
  const found = await scan(page, 'Transcript tab', {
    within: '[data-testid="transcript-panel"]',
    every: true,
  });
  expect(found, found.join('\n')).toEqual([]);
});

test('a note taken offline is kept on the device and listed from the server once back online', async ({
  page,
  context,
  request,
}) => {
  await page.goto(`/browse/premium/product/${product.productId}`);
  await page.getByRole('button', { name: 'Add note' }).click();
  const field = page.getByRole('textbox', { name: /^Note at / });
  await expect(field).toBeFocused();

  await context.setOffline(true);
  await field.fill('Written on the train');
  await page.getByRole('button', { name: 'Save' }).click();
  const notes = page.getByRole('list', { name: 'Your notes' });
  await expect(notes.getByText('Kept on this device: sent when you are back online')).toBeVisible();
  await expect(notes.getByText('Written on the train')).toBeVisible();

  await context.setOffline(false);
  await expect(notes.getByText('Kept on this device: sent when you are back online')).toHaveCount(0);
  // stored once on the server: a reload lists it from there
  const token = await apiToken(request, 'member');
  const headers = { authorization: `Bearer ${token}` };
  const bodies = async () =>
    (
      (await (await request.get('/api/v1/notes?limit=500', { headers })).json()) as {
        data: { items: { body: string }[] };
      }
    ).data.items.map((note) => note.body);
  await expect.poll(bodies).toEqual(['Written on the train']);
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Your notes' }).getByText('Written on the train'),
  ).toBeVisible();
});
