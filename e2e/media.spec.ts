import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeTestVideo } from '@catalyst/service-kit/testing/media';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, dataDir, dismissCookieBanner, expect, loginAs, test } from './fixtures';

/** A real 720p video with sound, made by ffmpeg for this run. */
function makeUpload(): string {
  const dir = path.join(dataDir, 'e2e-uploads');
  mkdirSync(dir, { recursive: true });
  return makeTestVideo(path.join(dir, 'keynote-720p.mp4'), { seconds: 8, toneHz: 330 });
}

test('an admin uploads a video through the product form (surviving a dropped connection), and a member streams it and switches quality', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const video = makeUpload();
  const token = await apiToken(request, 'admin');
  const listed = await request.get('/api/v1/admin/products?limit=1&sort=title', {
    headers: { authorization: `Bearer ${token}` },
  });
  const product = (
    (await listed.json()) as {
      data: { items: Array<{ _id: string; title: string; slug: string; thumbnail: string | null }> };
    }
  ).data.items[0]!;

  await dismissCookieBanner(page);
  await loginAs(page, 'admin');
  // The first chunk's connection drops mid-upload: the upload must go on from what the server kept.
  let dropped = 0;
  let patches = 0;
  await page.route('**/api/v1/media/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches++;
    if (dropped === 0) {
      dropped++;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.goto(`/admin/products/${product._id}/edit`);
  await page.getByLabel('Video upload').setInputFiles(video);
  // (the demo product already plays a demo lesson's stream: 360p only, so 360p + 720p is the new upload)
  await expect.poll(() => patches, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(dropped).toBe(1);
  await expect(page.getByTestId('asset-status')).toHaveText('Ready: 360p, 720p', { timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Poster of keynote-720p.mp4' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  // The Media page lists it as used by the product.
  await page.goto('/admin/media');
  const row = page.getByTestId('media-row').filter({ hasText: 'keynote-720p.mp4' });
  await expect(row).toContainText('Ready');
  await expect(row).toContainText(product.title);
  await expect(row).toContainText(`${(statSync(video).size / 1024 ** 2).toFixed(1)} MB`);
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  // Processed again (an older encode brought to the current ladder), it says so until the new encode is in.
  await row.getByRole('button', { name: 'Process again' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Processing keynote-720p.mp4 again; it keeps playing meanwhile',
  );
  await expect(row).toContainText('Ready · processing again');
  await expect(row.getByRole('button', { name: 'Process again' })).toBeVisible({ timeout: 60_000 });
  await expect(row).not.toContainText('processing again');

  // A member plays the stream and picks 720p.
  await page.evaluate(() => sessionStorage.clear());
  await loginAs(page, 'member');
  const images: string[] = [];
  page.on(
    'request',
    (sent) =>
      void (
        sent.resourceType() === 'image' &&
        images.push(new URL(sent.url()).pathname + new URL(sent.url()).search)
      ),
  );
  const storyboards: string[] = [];
  page.on('request', (sent) => void (sent.url().includes('/storyboard.vtt') && storyboards.push(sent.url())));
  await page.goto(`/browse/premium/product/${product.slug}`);
  const quality = page.getByLabel('Quality');
  await expect(quality).toBeVisible({ timeout: 20_000 });
  // The poster the player shows is the stream's, fetched once (hinted as the page's answer came in); the
  // product's own thumbnail, which it does not show, is not downloaded at all.
  const poster = await page.getByTestId('video-player').locator('video').getAttribute('poster');
  expect(poster).toContain('/poster.jpg?token=');
  expect(images.filter((url) => url === poster)).toHaveLength(1);
  if (product.thumbnail) expect(images).not.toContain(product.thumbnail);
  await expect(quality.locator('option')).toHaveText([/^Auto/, '360p', '720p']);
  const player = page.getByTestId('video-player').locator('video');
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  await quality.selectOption({ label: '720p' });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
    .toBe(720);
  await quality.selectOption({ label: '360p' });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
    .toBe(360);

  // Seek-bar thumbnails from the storyboard, read only when a mouse first comes over the seek bar.
  expect(storyboards).toEqual([]);
  const seek = page.getByRole('slider', { name: 'Seek' });
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await expect(page.getByTestId('seek-thumbnail')).toBeVisible();
  expect(storyboards).toHaveLength(1);
});

/** A premium demo product and its stream as a member's product page gives it (the worker publishes the demo lessons after start). */
async function streamedDemoProduct(
  request: APIRequestContext,
): Promise<{ id: string; slug: string; master: string; token: string }> {
  const token = await apiToken(request, 'member');
  const listed = await request.get('/api/v1/content/products?limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const items = (
    (await listed.json()) as { data: { items: Array<{ _id: string; slug: string; price: number | null }> } }
  ).data.items;
  const premium = items.find((p) => p.price !== 0)!;
  let stream: { url: string } | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/content/premium/products/${premium.slug}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        stream = ((await res.json()) as { data: { stream: { url: string } | null } }).data.stream;
        return stream !== null;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return { id: premium._id, slug: premium.slug, master: stream!.url, token };
}

test('playing through hls.js, a product page fetches nothing of its lesson until the member points at the player, one segment until Play, and the rest as it plays', async ({
  page,
  request,
}) => {
  const { id, slug, token } = await streamedDemoProduct(request);
  // From the start: no saved position to seek to before Play.
  const reset = await request.patch(`/api/v1/content/progress/product/${id}/reset`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(reset.status()).toBe(200);
  // A browser without HLS of its own (Firefox; Chromium before its native HLS): the player streams through hls.js.
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  await dismissCookieBanner(page);
  await loginAs(page, 'member');
  const segments: string[] = [];
  /** When each request for the stream (a playlist or a segment) was made. */
  const streamed: number[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (/\/seg_\d+\.ts$/.test(pathname)) segments.push(pathname);
    if (/\/media\/streams\/.*\.(m3u8|ts)$/.test(pathname)) streamed.push(Date.now());
  });
  await page.goto(`/browse/premium/product/${slug}`);
  const player = page.getByTestId('video-player').locator('video');
  // The page shown, its progress read and loaded, the lesson is not asked for ...
  await expect(page.getByTestId('progress-percent')).toBeVisible();
  await page.waitForLoadState('load');
  await expect(player).toHaveAttribute('preload', 'none');
  const pointedAt = Date.now();
  await page.getByTestId('video-player').hover();
  // ... until the member points at the player: the first segment gives the duration (the element's metadata) ...
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  expect(Math.min(...streamed)).toBeGreaterThanOrEqual(pointedAt);
  // ... and nothing more comes while the page sits unplayed (left alone, hls.js had the whole lesson by now).
  await page.waitForTimeout(1_500);
  expect(segments).toHaveLength(1);
  await page.getByRole('button', { name: 'Play video' }).click();
  await expect.poll(() => segments.length, { timeout: 20_000 }).toBeGreaterThan(1);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
});

test('a learner without the plan gets no stream, and a segment without a valid token is refused', async ({
  page,
  request,
}) => {
  const { slug, master } = await streamedDemoProduct(request);
  expect((await request.get(master)).status()).toBe(200);
  const segment = master.replace('master.m3u8', '360p/seg_000.ts');
  expect((await request.get(segment)).status()).toBe(200);
  expect((await request.get(segment.replace(/token=[^&]+/, 'token=9999999999.forged'))).status()).toBe(403);
  expect((await request.get(segment.split('?')[0]!)).status()).toBe(403);

  await loginAs(page, 'learner');
  const learner = await apiToken(request, 'learner');
  const refused = await request.get(`/api/v1/content/premium/products/${slug}`, {
    headers: { authorization: `Bearer ${learner}` },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain('token=');
});
