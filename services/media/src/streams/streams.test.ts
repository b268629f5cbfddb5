import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@catalyst/contracts';
import { signStreamToken, type MediaViewer } from '@catalyst/service-kit';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { createTestContext, makeVideo } from '../test-support';
import { parseRange, withTokenInPlaylist } from './streams';

const lesson = readFileSync(path.join(DEMO_MEDIA_ROOT, 'media/videos/lesson-5.mp4'));
const member: MediaViewer = { userId: '0123456789abcdef01234567', access: 'plan' };
const learner: MediaViewer = { userId: 'fedcba9876543210fedcba98', access: 'free' };

describe('protected playback', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  let id: string;
  let other: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    ({ id } = await t.upload(lesson, 'lesson-5.mp4', 'video/mp4'));
    // Another asset, only for its token: a short clip.
    const clip = readFileSync(makeVideo(t.dataDir, { seconds: 2, height: 360, name: 'other.mp4' }));
    ({ id: other } = await t.upload(clip, 'other.mp4', 'video/mp4'));
    expect(await t.process(id)).toBe('ready');
    expect(await t.process(other)).toBe('ready');
    token = signStreamToken(id, TEST_INTERNAL_SECRET, member);
  }, 60_000);
  afterAll(() => t.close());

  /** A request from the member's browser (their own media grant), unless other headers are given. */
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request(null, 'GET', url, { headers: { ...t.grant(member), ...headers } });

  it('serves the master playlist with the token carried into every address in it', async () => {
    const res = await get(`/media/streams/${id}/master.m3u8?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    const master = await res.text();
    expect(master).toContain('#EXT-X-STREAM-INF');
    expect(master).toContain(`360p/index.m3u8?token=${encodeURIComponent(token)}`);
    const rendition = await (await get(`/media/streams/${id}/360p/index.m3u8?token=${token}`)).text();
    const segments = rendition.split('\n').filter((line) => line.startsWith('seg_'));
    expect(segments.length).toBeGreaterThanOrEqual(5);
    for (const segment of segments) expect(segment).toMatch(/^seg_\d{3}\.ts\?token=/);
    // 4-second segments (the lesson is 22 s)
    expect(rendition).toContain('#EXT-X-TARGETDURATION:4');
  });

  it('serves segments with ranges, kept privately no longer than their token lasts', async () => {
    const whole = await get(`/media/streams/${id}/360p/seg_000.ts?token=${token}`);
    expect(whole.status).toBe(200);
    const cacheControl = whole.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(Number(token.split('.')[0]) - Math.floor(Date.now() / 1000) + 1);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    const part = await get(`/media/streams/${id}/360p/seg_000.ts?token=${token}`, { range: 'bytes=188-375' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 188-375/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(188, 376));
    const beyond = await get(`/media/streams/${id}/360p/seg_000.ts?token=${token}`, {
      range: `bytes=${bytes.length}-`,
    });
    expect(beyond.status).toBe(416);
  });

  it('refuses a missing, forged, expired or other asset’s token with 403', async () => {
    const url = (value: string) => `/media/streams/${id}/360p/seg_000.ts${value ? `?token=${value}` : ''}`;
    const expired = signStreamToken(id, TEST_INTERNAL_SECRET, member, 60, Date.now() - 3_600_000);
    const forged = signStreamToken(id, 'another-secret-that-is-long-enough-0123456789', member);
    const forOther = signStreamToken(other, TEST_INTERNAL_SECRET, member);
    for (const bad of ['', 'nonsense', expired, forged, forOther]) {
      const res = await get(url(bad));
      expect(res.status, bad).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: MEDIA_MESSAGES.streamRefused });
    }
    expect((await get(`/media/streams/${other}/master.m3u8?token=${forOther}`)).status).toBe(200);
  });

  it("refuses the member's token to another browser, another account or a grant made without the plan", async () => {
    const files = [
      'master.m3u8',
      '360p/index.m3u8',
      '360p/seg_000.ts',
      'poster.jpg',
      'storyboard.vtt',
      'sheet-0.jpg',
    ];
    const memberWithoutPlan = t.grant({ userId: member.userId, access: 'free' });
    for (const file of files) {
      const url = `/media/streams/${id}/${file}?token=${encodeURIComponent(token)}`;
      expect((await get(url)).status, file).toBe(200);
      for (const headers of [
        { cookie: '' },
        t.grant(learner),
        memberWithoutPlan,
        { cookie: 'catalyst_media=x' },
      ]) {
        const res = await get(url, headers);
        expect(res.status, `${file} ${headers.cookie}`).toBe(403);
        expect(await res.json()).toEqual({ success: false, message: MEDIA_MESSAGES.streamRefused });
      }
    }
    // a visitor's free preview: a token for anyone plays with no grant
    const open = signStreamToken(id, TEST_INTERNAL_SECRET, 'anyone');
    expect((await get(`/media/streams/${id}/360p/seg_000.ts?token=${open}`, { cookie: '' })).status).toBe(
      200,
    );
  });

  it('gives the poster and a storyboard whose thumbnails carry the token', async () => {
    const poster = await get(`/media/streams/${id}/poster.jpg?token=${token}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const storyboard = await (await get(`/media/streams/${id}/storyboard.vtt?token=${token}`)).text();
    expect(storyboard.startsWith('WEBVTT')).toBe(true);
    expect(storyboard).toMatch(
      new RegExp(
        `sheet-0\\.jpg\\?token=${encodeURIComponent(token).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}#xywh=0,0,160,90`,
      ),
    );
    expect((await get(`/media/streams/${id}/sheet-0.jpg?token=${token}`)).status).toBe(200);
  });

  it('answers 404 for a file that does not exist and 400 for a name outside the stream', async () => {
    expect((await get(`/media/streams/${id}/360p/seg_999.ts?token=${token}`)).status).toBe(404);
    expect((await get(`/media/streams/${id}/..%2Fsecret.ts?token=${token}`)).status).toBe(400);
    expect((await get(`/media/streams/${id}/1080p/index.m3u8?token=${token}`)).status).toBe(404);
  });
});

describe('playlist and range helpers', () => {
  it('adds the token to URI lines and URI attributes, leaving absolute addresses alone', () => {
    const playlist = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_000.ts\nhttps://cdn.example/x.ts\n';
    expect(withTokenInPlaylist(playlist, 'a.b')).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4?token=a.b"\n#EXTINF:4,\nseg_000.ts?token=a.b\nhttps://cdn.example/x.ts\n',
    );
  });

  it('reads byte ranges as HTTP does', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBeUndefined();
    expect(parseRange('bytes=5-1', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
  });
});
