import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@catalyst/contracts';
import { installedMediaTool, installMediaTools } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { testLog, testUsers } from '@catalyst/service-kit/testing';
import { sql } from 'kysely';
import { RETIRE_QUEUE } from '../jobs/queue';
import { processAsset } from '../processing/process-asset';
import { createTestContext, makeVideo } from '../test-support';

const lesson = readFileSync(path.join(DEMO_MEDIA_ROOT, 'media/videos/lesson-2.mp4'));
const thumbnail = readFileSync(path.join(DEMO_MEDIA_ROOT, 'media/thumbnails/ab-testing-playbook.jpg'));

// Each case runs ffmpeg over a few seconds of video: 2–6 s on a CI machine, but a run with a load average of 32
// took over 30 s for four of them. They get 90 s; a stuck job still fails.
describe('assets: processing, the admin list, retry and delete', { timeout: 90_000 }, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  /** A short 360p video (one rendition) for the checks that are not about the encode itself. */
  let clip: Buffer;
  beforeAll(async () => {
    t = await createTestContext();
    clip = readFileSync(makeVideo(t.dataDir, { seconds: 4, height: 360, name: 'clip.mp4' }));
  });
  afterAll(() => t.close());
  const asset = async (id: string) =>
    (await (await t.request(testUsers.admin, 'GET', `/media/assets/${id}`)).json()).data;
  /** The admin's browser: their stream tokens play beside their own media grant. */
  const stream = (url: string) =>
    t.request(null, 'GET', url, { headers: t.grant({ userId: testUsers.admin.id, access: 'plan' }) });

  it('turns a 720p video into a 360p + 720p HLS ladder with a poster and a storyboard, never above the source', async () => {
    const source = readFileSync(makeVideo(t.dataDir, { seconds: 3, height: 720 }));
    const { id } = await t.upload(source, 'talk.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    const ready = await asset(id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, width: 1280, height: 720, reason: null });
    expect(ready.durationSeconds).toBeCloseTo(3, 0);
    expect(ready.renditions.map((r: { height: number }) => r.height)).toEqual([360, 720]);
    expect(ready.streamUrl).toMatch(new RegExp(`^/api/v1/media/streams/${id}/master\\.m3u8\\?token=`));
    expect(ready.posterUrl).toMatch(/poster\.jpg\?token=/);
    expect(ready.storyboardUrl).toMatch(/storyboard\.vtt\?token=/);
    // the poster, the largest paint of a video page, as a progressive JPEG at the video's size
    const poster = await stream(ready.posterUrl.replace(/^\/api\/v1/, ''));
    expect(poster.status).toBe(200);
    const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual(['jpeg', 1280, 720, true]);
    // the poster also as public image copies, for a product's thumbnail (no token)
    const widths = ready.images.map((image: { width: number }) => image.width);
    expect(Math.max(...widths)).toBe(1280);
    const copy = ready.images.find(
      (image: { width: number; format: string }) => image.width === 640 && image.format === 'webp',
    );
    expect(copy.url).toBe(`/api/v1/media/images/${id}/w640.webp`);
    const served = await t.request(null, 'GET', `/media/images/${id}/w640.webp`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
  });

  it('makes the same ladder with the ffmpeg the npm installer packages ship (a machine without a system ffmpeg)', async () => {
    installMediaTools();
    const bundled = { ffmpeg: installedMediaTool('ffmpeg')!, ffprobe: installedMediaTool('ffprobe')! };
    expect(bundled.ffmpeg).toContain(`${path.sep}@ffmpeg-installer${path.sep}`);
    const { id } = await t.upload(
      readFileSync(makeVideo(t.dataDir, { seconds: 3, height: 720, name: 'bundled.mp4' })),
      'bundled.mp4',
      'video/mp4',
    );
    expect(
      await processAsset(
        { db: t.db, storage: t.storage, log: testLog, ...bundled, retire: t.jobs.retire },
        id,
      ),
    ).toBe('ready');
    const ready = await asset(id);
    expect(ready.renditions.map((r: { height: number }) => r.height)).toEqual([360, 720]);
    const token = new URL(ready.streamUrl, 'http://x.invalid').searchParams.get('token')!;
    const master = await (await stream(`/media/streams/${id}/master.m3u8?token=${token}`)).text();
    expect(master).toMatch(/RESOLUTION=1280x720/);
    expect((await stream(`/media/streams/${id}/720p/seg_000.ts?token=${token}`)).status).toBe(200);
  }, 180_000);

  it("encodes under each rendition's cap at constant quality: a lesson of still pictures takes a fraction of it, and mono stays mono", async () => {
    // The demo's second lesson: colour bars, a title and a clock over 24 s, mono sound.
    const { id } = await t.upload(lesson, 'slides.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    const ready = await asset(id);
    // The cap (800 kbps video + 7 %) plus 64 kbps for one channel of sound, not 128 for an upmixed two.
    expect(ready.renditions).toEqual([{ height: 360, bandwidth: 920_000 }]);
    // What a learner's player downloads: every segment the 360p playlist names.
    const token = new URL(ready.streamUrl, 'http://x.invalid').searchParams.get('token')!;
    const playlist = await (await stream(`/media/streams/${id}/360p/index.m3u8?token=${token}`)).text();
    const segments = playlist.split('\n').filter((line) => line.startsWith('seg_'));
    expect(segments.length).toBeGreaterThan(4);
    let bytes = 0;
    for (const segment of segments)
      bytes += (
        await (
          await stream(`/media/streams/${id}/360p/${segment.split('?')[0]}?token=${token}`)
        ).arrayBuffer()
      ).byteLength;
    const kbps = (bytes * 8) / 1000 / ready.durationSeconds;
    // A constant-rate encode sent about 300 kbps of it (bars padded to the rate); constant quality sends what the picture needs.
    expect(kbps).toBeLessThan(920 / 4);
  }, 120_000);

  it('fails a video ffmpeg cannot decode with the reason, once (no retry storm), and retries it on request', async () => {
    // An MP4's first bytes (so it sniffs as a video) without the rest: nothing to decode.
    const { id, res } = await t.upload(lesson.subarray(0, 6_000), 'broken.mp4', 'video/mp4');
    expect(res.status).toBe(204);
    expect(await t.process(id)).toBe('failed');
    const failed = await asset(id);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/could not be read as a video|could not process/);
    // Processing it again without a retry does nothing: a failed asset stays failed.
    expect(await t.process(id)).toBe('skipped');

    const retry = await t.request(testUsers.admin, 'POST', `/media/assets/${id}/retry`);
    expect(retry.status).toBe(202);
    expect((await retry.json()).data.status).toBe('processing');
    const again = await t.request(testUsers.admin, 'POST', `/media/assets/${id}/retry`);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(MEDIA_MESSAGES.notFailed);
  });

  it('processes a ready video again on request: it streams its published files meanwhile, swaps in the new ones, and retires the old ones later', async () => {
    const { id } = await t.upload(clip, 'again.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    const prefixOf = async () =>
      (await t.db.selectFrom('assets').select('output_prefix').where('id', '=', id).executeTakeFirstOrThrow())
        .output_prefix!;
    const before = await prefixOf();
    const token = new URL((await asset(id)).streamUrl, 'http://x.invalid').searchParams.get('token')!;
    const segment = () => stream(`/media/streams/${id}/360p/seg_000.ts?token=${token}`);

    expect((await t.request(testUsers.learner, 'POST', `/media/assets/${id}/reprocess`)).status).toBe(403);
    const asked = await t.request(testUsers.admin, 'POST', `/media/assets/${id}/reprocess`);
    expect(asked.status).toBe(202);
    expect((await asked.json()).data).toMatchObject({ status: 'ready', reprocessing: true, progress: 0 });
    // asked twice, it is one request; meanwhile learners keep watching what was published
    expect((await t.request(testUsers.admin, 'POST', `/media/assets/${id}/reprocess`)).status).toBe(202);
    expect((await segment()).status).toBe(200);
    expect((await asset(id)).streamUrl).not.toBeNull();

    expect(await t.process(id)).toBe('ready');
    expect(await asset(id)).toMatchObject({
      status: 'ready',
      reprocessing: false,
      progress: 100,
      reason: null,
    });
    const after = await prefixOf();
    expect(after).not.toBe(before);
    expect(await t.storage.readText(`${after}master.m3u8`)).toMatch(/#EXTM3U/);
    // The replaced files stay for players that were given them just before, and go later.
    expect(await t.storage.readText(`${before}master.m3u8`)).toMatch(/#EXTM3U/);
    const retired = await sql<{
      later: boolean;
    }>`select start_after > now() + interval '4 minutes' as later from media_jobs.job where name = ${RETIRE_QUEUE} and data->>'prefix' = ${before}`.execute(
      t.db,
    );
    expect(retired.rows).toEqual([{ later: true }]);
    // done, it is not processed again by itself
    expect(await t.process(id)).toBe('skipped');
  });

  it('marks the videos an earlier ladder made, and processes them all again on one request', async () => {
    const { id } = await t.upload(clip, 'older.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    // the list counts the older encodes waiting on every page, not only the one it shows
    const waiting = async () =>
      (await (await t.request(testUsers.admin, 'GET', '/media/assets?page=2&limit=1')).json()).data.outdated;
    expect((await asset(id)).outdated).toBe(false);
    expect(await waiting()).toBe(0);
    // as an install from before the ladder was recorded has it
    await t.db.updateTable('assets').set({ ladder: null }).where('id', '=', id).execute();
    expect((await asset(id)).outdated).toBe(true);
    expect(await waiting()).toBe(1);

    expect((await t.request(testUsers.learner, 'POST', '/media/reprocess-outdated')).status).toBe(403);
    const asked = await t.request(testUsers.admin, 'POST', '/media/reprocess-outdated');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toMatchObject({ message: 'Processing 1 video again', data: { queued: 1 } });
    expect(await asset(id)).toMatchObject({ status: 'ready', reprocessing: true, outdated: true });
    expect(await waiting()).toBe(0);
    expect(await t.process(id)).toBe('ready');
    expect(await asset(id)).toMatchObject({ status: 'ready', reprocessing: false, outdated: false });
    const again = await t.request(testUsers.admin, 'POST', '/media/reprocess-outdated');
    expect(await again.json()).toMatchObject({ message: 'Every video is up to date', data: { queued: 0 } });
  });

  it('keeps a video as it was when processing it again fails, saying why; only a ready video can be processed again', async () => {
    const { id } = await t.upload(clip, 'kept.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    const token = new URL((await asset(id)).streamUrl, 'http://x.invalid').searchParams.get('token')!;
    expect((await t.request(testUsers.admin, 'POST', `/media/assets/${id}/reprocess`)).status).toBe(202);
    // the kept original was damaged meanwhile: nothing can decode it any more
    writeFileSync(path.join(t.dataDir, 'media', t.storage.uploadKey(id)), lesson.subarray(0, 6_000));
    expect(await t.process(id)).toBe('failed');
    const kept = await asset(id);
    expect(kept).toMatchObject({ status: 'ready', reprocessing: false, progress: 100 });
    expect(kept.reason).toMatch(new RegExp(`^${MEDIA_MESSAGES.reprocessFailed.replace(/[.;:]/g, '.')} `));
    expect((await stream(`/media/streams/${id}/360p/seg_000.ts?token=${token}`)).status).toBe(200);

    const broken = await t.upload(lesson.subarray(0, 6_000), 'broken-again.mp4', 'video/mp4');
    expect(await t.process(broken.id)).toBe('failed');
    const refused = await t.request(testUsers.admin, 'POST', `/media/assets/${broken.id}/reprocess`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(MEDIA_MESSAGES.notReprocessable);
  });

  it('makes responsive WebP and AVIF copies of an image, served publicly', async () => {
    const { id } = await t.upload(thumbnail, 'cover.jpg', 'image/jpeg');
    expect(await t.process(id)).toBe('ready');
    const ready = await asset(id);
    expect(ready.kind).toBe('image');
    expect(ready.width).toBe(640);
    expect(ready.images).toEqual([
      { width: 320, format: 'webp', url: `/api/v1/media/images/${id}/w320.webp` },
      { width: 320, format: 'avif', url: `/api/v1/media/images/${id}/w320.avif` },
      { width: 640, format: 'webp', url: `/api/v1/media/images/${id}/w640.webp` },
      { width: 640, format: 'avif', url: `/api/v1/media/images/${id}/w640.avif` },
    ]);
    const copy = await t.request(null, 'GET', `/media/images/${id}/w320.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lists assets newest first with the products that use them, and pages', async () => {
    const res = await t.request(testUsers.admin, 'GET', '/media/assets?limit=2');
    expect(res.status).toBe(200);
    const page = (await res.json()).data;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items[0].usage).toEqual([]);
    expect((await t.request(testUsers.admin, 'GET', '/media/assets?status=bogus')).status).toBe(400);
    expect((await t.request(testUsers.learner, 'GET', '/media/assets')).status).toBe(403);
    expect((await t.request(null, 'GET', '/media/assets')).status).toBe(401);
  });

  it('refuses to delete an asset products use (409 naming them), and deletes an unused one with its files', async () => {
    const { id } = await t.upload(clip, 'used.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    t.usage.set(id, [{ _id: 'aaaaaaaaaaaaaaaaaaaaaa01', title: 'React Basics', slug: 'react-basics' }]);
    const refused = await t.request(testUsers.admin, 'DELETE', `/media/assets/${id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      success: false,
      message: MEDIA_MESSAGES.inUse,
      errors: [{ field: 'products', message: 'React Basics (react-basics)' }],
    });

    t.usage.delete(id);
    const deleted = await t.request(testUsers.admin, 'DELETE', `/media/assets/${id}`);
    expect(deleted.status).toBe(200);
    expect((await t.request(testUsers.admin, 'GET', `/media/assets/${id}`)).status).toBe(404);
    expect(await t.storage.size(`assets/${id}/`)).toBeNull();
  });

  it('answers 503, with nothing half-written, when the store cannot be written', async () => {
    const { id } = await t.upload(clip, 'later.mp4', 'video/mp4');
    // The store's folder becomes a file: every write into it fails.
    const blocked = path.join(t.dataDir, 'media/assets');
    rmSync(blocked, { recursive: true, force: true });
    writeFileSync(blocked, 'not a folder');
    await expect(t.process(id)).rejects.toThrow(/media storage unavailable/);
    const still = await asset(id);
    expect(still.status).toBe('processing');
    expect(still.streamUrl).toBeNull();
  });
});
