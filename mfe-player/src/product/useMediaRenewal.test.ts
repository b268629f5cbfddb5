import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductStream } from '@catalyst/contracts';
import { type SignedMedia, useSignedMedia } from './useMediaRenewal';

const EVERY = 60_000;
const stream = (assetId: string, token: string): ProductStream => ({
  assetId,
  url: `/media/${assetId}/master.m3u8?token=${token}`,
  posterUrl: null,
  storyboardUrl: null,
  renditions: [],
  durationSeconds: 30,
});
const video = (name: string, token: string): SignedMedia => ({
  videoUrl: `/media/${name}.mp4?sig=${token}`,
  stream: null,
});

/** A page showing one video at a time (a product, or the course player's lessons), as the hook sees it. */
function openPage(first: { key: string; media: SignedMedia }, readFresh: () => Promise<SignedMedia>) {
  return renderHook(({ key, media }) => useSignedMedia(key, media, readFresh, EVERY), {
    initialProps: first,
  });
}

/** Lets the clock run on and any renewal it started answer. */
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a signed video on a page left open', () => {
  it('is read again every few minutes, and each fresh address replaces the old one', async () => {
    const readFresh = vi
      .fn()
      .mockResolvedValueOnce(video('intro', 'b'))
      .mockResolvedValueOnce(video('intro', 'c'));
    const page = openPage({ key: 'p1', media: video('intro', 'a') }, readFresh);
    expect(page.result.current.videoUrl).toBe('/media/intro.mp4?sig=a');

    await wait(EVERY - 1);
    expect(readFresh).not.toHaveBeenCalled();
    await wait(1);
    expect(page.result.current.videoUrl).toBe('/media/intro.mp4?sig=b');
    await wait(EVERY);
    expect(page.result.current.videoUrl).toBe('/media/intro.mp4?sig=c');
    expect(readFresh).toHaveBeenCalledTimes(2);
  });

  it("renews the stream's token, but never switches to a stream that became ready while the video played", async () => {
    const playing: SignedMedia = { videoUrl: null, stream: stream('a'.repeat(24), 't1') };
    const readFresh = vi
      .fn()
      .mockResolvedValueOnce({ videoUrl: null, stream: stream('a'.repeat(24), 't2') })
      .mockResolvedValueOnce({ videoUrl: null, stream: stream('b'.repeat(24), 'other') });
    const page = openPage({ key: 'p1', media: playing }, readFresh);

    await wait(EVERY);
    expect(page.result.current.stream?.url).toBe(`/media/${'a'.repeat(24)}/master.m3u8?token=t2`);
    await wait(EVERY);
    expect(page.result.current.stream?.url).toBe(`/media/${'a'.repeat(24)}/master.m3u8?token=t2`);
  });

  it('is renewed at once when the tab comes back into view', async () => {
    const readFresh = vi.fn().mockResolvedValue(video('intro', 'back'));
    const page = openPage({ key: 'p1', media: video('intro', 'a') }, readFresh);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(page.result.current.videoUrl).toBe('/media/intro.mp4?sig=back');
  });

  it('keeps the address it has when a renewal is refused (signed out, plan ended)', async () => {
    const readFresh = vi.fn().mockRejectedValue(new Error('Forbidden'));
    const page = openPage({ key: 'p1', media: video('intro', 'a') }, readFresh);
    await wait(EVERY * 2);
    expect(readFresh).toHaveBeenCalledTimes(2);
    expect(page.result.current.videoUrl).toBe('/media/intro.mp4?sig=a');
  });

  it("shows the next lesson's own address in the render that brings it, and renews that one from then on", async () => {
    const readFresh = vi
      .fn()
      .mockResolvedValueOnce(video('lesson-1', 'b'))
      .mockResolvedValueOnce(video('lesson-2', 'b'));
    const page = openPage({ key: 'lesson-1', media: video('lesson-1', 'a') }, readFresh);
    await wait(EVERY);
    expect(page.result.current.videoUrl).toBe('/media/lesson-1.mp4?sig=b');

    page.rerender({ key: 'lesson-2', media: video('lesson-2', 'a') });
    expect(page.result.current.videoUrl).toBe('/media/lesson-2.mp4?sig=a');
    await wait(EVERY);
    expect(page.result.current.videoUrl).toBe('/media/lesson-2.mp4?sig=b');
  });

  it('does not renew a video that has no address (nothing to keep playable)', async () => {
    const readFresh = vi.fn().mockResolvedValue(video('intro', 'a'));
    openPage({ key: 'p1', media: { videoUrl: null, stream: null } }, readFresh);
    await wait(EVERY * 2);
    expect(readFresh).not.toHaveBeenCalled();
  });
});
