import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductStream } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { cueAt, parseStoryboard } from './storyboard';
import { playlistFor, withToken } from './useAdaptiveStream';
import { VideoPlayer } from './VideoPlayer';

const stream: ProductStream = {
  assetId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  url: '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/master.m3u8?token=100.sig',
  posterUrl: '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/poster.jpg?token=100.sig',
  storyboardUrl: '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/storyboard.vtt?token=100.sig',
  renditions: [
    { height: 360, bandwidth: 928_000 },
    { height: 720, bandwidth: 2_928_000 },
  ],
  durationSeconds: 30,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('stream addresses', () => {
  it('puts the newest token on an address from an older playlist', () => {
    expect(withToken('/x/360p/seg_001.ts?token=100.old', '200.new')).toBe('/x/360p/seg_001.ts?token=200.new');
    expect(withToken('/x/360p/seg_001.ts', '200.new')).toBe('/x/360p/seg_001.ts');
  });

  it('names a rendition’s own playlist for a chosen quality, the master for Auto', () => {
    expect(playlistFor(stream, null)).toBe(stream.url);
    expect(playlistFor(stream, 720, '300.t')).toBe(
      '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/720p/index.m3u8?token=300.t',
    );
  });

  it('reads a storyboard into thumbnails with their tile in the sheet', () => {
    const vtt =
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsheet-0.jpg?token=1.s#xywh=0,0,160,90\n\n00:00:02.000 --> 00:00:04.000\nsheet-0.jpg?token=1.s#xywh=160,0,160,90\n';
    const cues = parseStoryboard(vtt, 'http://localhost/api/v1/media/streams/a/storyboard.vtt?token=1.s');
    expect(cues).toEqual([
      {
        start: 0,
        end: 2,
        url: 'http://localhost/api/v1/media/streams/a/sheet-0.jpg?token=1.s',
        x: 0,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 2,
        end: 4,
        url: 'http://localhost/api/v1/media/streams/a/sheet-0.jpg?token=1.s',
        x: 160,
        y: 0,
        width: 160,
        height: 90,
      },
    ]);
    expect(cueAt(cues, 3)?.x).toBe(160);
    expect(cueAt(cues, 99)?.x).toBe(160);
  });
});

describe('the player with a stream', () => {
  it('offers Auto and each rendition where the browser plays HLS itself, and switches to the chosen rendition’s playlist', async () => {
    // Nothing answered: a request would be a 404 (the player reads its storyboard only when scrubbed).
    fakeApi();
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    render(<VideoPlayer src="/media/videos/lesson-1.mp4" stream={stream} title="Lesson" />);
    const video = screen.getByTestId('video-player').querySelector('video')!;
    await waitFor(() => expect(video.getAttribute('src')).toBe(stream.url));
    expect(video.getAttribute('poster')).toBe(stream.posterUrl);
    const quality = screen.getByLabelText('Quality');
    expect([...quality.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Auto',
      '360p',
      '720p',
    ]);
    fireEvent.change(quality, { target: { value: '1' } });
    expect(video.getAttribute('src')).toBe(
      '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/720p/index.m3u8?token=100.sig',
    );
  });

  it('plays the MP4 when the browser can play the stream neither itself nor with hls.js', async () => {
    // Nothing answered: a request would be a 404 (the player reads its storyboard only when scrubbed).
    fakeApi();
    render(
      <VideoPlayer src="/media/videos/lesson-1.mp4" stream={stream} title="Lesson" poster="/poster.jpg" />,
    );
    const video = screen.getByTestId('video-player').querySelector('video')!;
    // hls.js is tried once the learner means to watch (a mouse over the player)
    fireEvent.mouseMove(screen.getByTestId('video-player'));
    await waitFor(() => expect(video.getAttribute('src')).toBe('/media/videos/lesson-1.mp4'), {
      timeout: 5_000,
    });
    expect(screen.queryByLabelText('Quality')).toBeNull();
  });
});
