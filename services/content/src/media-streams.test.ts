import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAssetFacts } from '@catalyst/contracts';
import { audiencesOf, verifyStreamToken } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures } from './test-support';

const ready = '00000000000000000000a001';
const processing = '00000000000000000000a002';
const missing = '00000000000000000000a003';
const readyElsewhere = '00000000000000000000a004';
const facts = (id: string, status: MediaAssetFacts['status']): MediaAssetFacts => ({
  id,
  kind: 'video',
  status,
  originalName: 'lesson.mp4',
  mimeType: 'video/mp4',
  size: 1_048_576,
  durationSeconds: 30,
  renditions:
    status === 'ready'
      ? [
          { height: 360, bandwidth: 928_000 },
          { height: 720, bandwidth: 2_928_000 },
        ]
      : [],
  hasPoster: status === 'ready',
  hasStoryboard: status === 'ready',
});

describe('a product page plays its uploaded video as a stream once media has made one', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    ctx = await createTestContext({ entitled: ['cccccccccccccccccccccccc'] });
    await insertFixtures(ctx.db);
    ctx.peers.state.assets.set(ready, facts(ready, 'ready'));
    ctx.peers.state.assets.set(processing, facts(processing, 'processing'));
    ctx.peers.state.assets.set(readyElsewhere, facts(readyElsewhere, 'ready'));
  });
  afterAll(() => ctx.close());

  const useAsset = (product: string, assetId: string | null) =>
    ctx.db.updateTable('products').set({ media_asset_id: assetId }).where('id', '=', product).execute();
  const page = async (product: string) =>
    (await ctx.call('subscriber', 'GET', `/content/premium/products/${product}`)).body.data;

  it('gives the stream, its poster and storyboard, each with a token for exactly that asset', async () => {
    await useAsset(fx.react, ready);
    const { stream, videoUrl } = await page(fx.react);
    expect(videoUrl).toMatch(/^\/media\/videos\/lesson-1\.mp4\?exp=/);
    expect(stream).toMatchObject({
      assetId: ready,
      durationSeconds: 30,
      renditions: [
        { height: 360, bandwidth: 928_000 },
        { height: 720, bandwidth: 2_928_000 },
      ],
    });
    const url = new URL(stream.url, 'http://gateway.test');
    expect(url.pathname).toBe(`/api/v1/media/streams/${ready}/master.m3u8`);
    const token = url.searchParams.get('token');
    // signed for the subscriber viewing it (their plan active), for exactly that asset
    const subscriber = audiencesOf({ userId: testUsers.subscriber.id, access: 'plan' });
    expect(verifyStreamToken(token, ready, TEST_INTERNAL_SECRET, subscriber)).toBe(true);
    expect(verifyStreamToken(token, processing, TEST_INTERNAL_SECRET, subscriber)).toBe(false);
    expect(verifyStreamToken(token, ready, TEST_INTERNAL_SECRET, audiencesOf(undefined))).toBe(false);
    expect(stream.posterUrl).toBe(
      `/api/v1/media/streams/${ready}/poster.jpg?token=${encodeURIComponent(token!)}`,
    );
    expect(stream.storyboardUrl).toBe(
      `/api/v1/media/streams/${ready}/storyboard.vtt?token=${encodeURIComponent(token!)}`,
    );
  });

  it('plays the video URL while the upload is still processing, when the asset is unknown, and when media is down', async () => {
    await useAsset(fx.css, processing);
    expect((await page(fx.css)).stream).toBeNull();
    await useAsset(fx.sql, missing);
    expect((await page(fx.sql)).stream).toBeNull();
    // (an asset whose facts this process has not kept yet: ready facts are kept a minute)
    await useAsset(fx.pandas, readyElsewhere);
    ctx.peers.state.down.add('media');
    try {
      const answer = await ctx.call('subscriber', 'GET', `/content/premium/products/${fx.pandas}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.stream).toBeNull();
    } finally {
      ctx.peers.state.down.delete('media');
    }
  });

  it('never gives a stream (or its token) to someone the product is closed to', async () => {
    await useAsset(fx.css, ready);
    const refused = await ctx.call('learner', 'GET', `/content/premium/products/${fx.css}`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('token');
  });

  it('tells media which products use an asset, and the admin form keeps the upload', async () => {
    const saved = await ctx.admin('GET', `/admin/products/${fx.react}`);
    expect(saved.body.data.mediaAssetId).toBe(ready);
    const res = await ctx.app.request('/internal/media-usage', {
      method: 'POST',
      headers: { ...internalHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ assetIds: [ready, missing, processing.replace('2', '9')] }),
    });
    const usage = (await res.json()).data;
    expect(usage[ready].map((p: { _id: string }) => p._id).sort()).toEqual([fx.css, fx.react].sort());
    expect(usage[missing]).toEqual([
      { _id: fx.sql, title: 'SQL Window Functions', slug: 'sql-window-functions' },
    ]);
    expect(Object.keys(usage).sort()).toEqual([missing, ready].sort());
    const bad = await ctx.admin('PUT', `/admin/products/${fx.react}`, {
      ...saved.body.data,
      mediaAssetId: 'not-an-id',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: 'mediaAssetId', message: 'Video upload is invalid' });
  });

  it("gives the address of the captions an admin uploaded for the video, with the stream's token", async () => {
    const captioned = '00000000000000000000a005';
    ctx.peers.state.assets.set(captioned, {
      ...facts(captioned, 'ready'),
      hasCaptions: true,
      captionsLanguage: 'es',
    });
    await useAsset(fx.sql, captioned);
    const { stream } = await page(fx.sql);
    const token = new URL(stream.url, 'http://gateway.test').searchParams.get('token')!;
    expect(stream.captionsUrl).toBe(
      `/api/v1/media/streams/${captioned}/captions.vtt?token=${encodeURIComponent(token)}`,
    );
    // in the language they were uploaded in (the player's track says it)
    expect(stream.captionsLanguage).toBe('es');
    // a video without uploaded captions has none here (its lesson may still have the demo file beside its MP4)
    await useAsset(fx.react, ready);
    expect((await page(fx.react)).stream.captionsUrl).toBeNull();
  });
});
