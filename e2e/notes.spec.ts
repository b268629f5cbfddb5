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
  // (the player puts the learner back where they left off once the video and their progress are in: a
  // click before that is overtaken, and clicking again plays from the line, as a person would)
  await expect(async () => {
    await second.click();
    expect(await currentTime(page)).toBeCloseTo(minutes! * 60 + seconds!, 0);
  }).toPass({ timeout: 15_000 });
  await expect(second).toHaveAttribute('aria-current', 'time');
  await expect(transcript.locator('[aria-current="time"]')).toHaveCount(1);

  // a word of that line, searched, is marked on the seek bar
  const word = (await second.locator('[aria-hidden="true"] + span + span').innerText())
    .split(/\W+/)
    .find((w) => w.length > 3)!;
  await page.getByRole('searchbox', { name: 'Search the transcript' }).fill(word);
  await expect(page.getByTestId('seek-match').first()).toBeAttached();
});
