import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductStream } from '@catalyst/contracts';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { PREFERENCES_KEY } from './preferences';
import { VideoPlayer, type VideoPlayerHandle } from './VideoPlayer';
import { stubMediaPlayback, type MediaPlayback } from '../testing/mediaPlayback';

/** hls.js as the player drives it: each instance made, what it was given, and its attach event. */
const hls = vi.hoisted(() => {
  type Listener = () => void;
  class FakeHls {
    static instances: FakeHls[] = [];
    static isSupported = () => true;
    static DefaultConfig = { maxBufferLength: 30, maxMaxBufferLength: 600 };
    static Events = {
      MANIFEST_PARSED: 'hlsManifestParsed',
      LEVEL_SWITCHED: 'hlsLevelSwitched',
      ERROR: 'hlsError',
      MEDIA_ATTACHED: 'hlsMediaAttached',
    };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    private readonly onAttached: Listener[] = [];
    constructor(readonly config: Record<string, unknown>) {
      FakeHls.instances.push(this);
    }
    on() {}
    once(event: string, listener: Listener) {
      if (event === FakeHls.Events.MEDIA_ATTACHED) this.onAttached.push(listener);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    /** The MediaSource opened on the element (a real one takes a moment). */
    attached() {
      for (const listener of this.onAttached.splice(0)) listener();
    }
    destroy() {}
  }
  return FakeHls;
});
vi.mock('hls.js/light', () => ({ default: hls }));

const stream: ProductStream = {
  assetId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  url: '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/master.m3u8?token=100.sig',
  posterUrl: '/api/v1/media/streams/aaaaaaaaaaaaaaaaaaaaaaaa/poster.jpg?token=100.sig',
  storyboardUrl: null,
  renditions: [{ height: 360, bandwidth: 928_000 }],
  durationSeconds: 30,
};

let media: MediaPlayback;
/** Nothing stubbed: any request the player made would be recorded (and answered 404). */
let fake: FakeApi;
beforeEach(() => {
  hls.instances.length = 0;
  media = stubMediaPlayback();
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  fake = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser that plays HLS itself (Safari, Chromium's own) or only through hls.js (Firefox). */
function playsHls(natively: boolean) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) =>
    natively && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
  );
}

function setup(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const handle = createRef<VideoPlayerHandle>();
  render(
    <VideoPlayer
      src="/media/videos/lesson-1.mp4"
      title="Lesson"
      poster="/poster.jpg"
      handleRef={handle}
      {...props}
    />,
  );
  const frame = screen.getByTestId('video-player');
  const video = frame.querySelector('video')!;
  return { frame, video, handle };
}

/** The browser read the video's metadata (jsdom never does). */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent.loadedMetadata(video);
}

/** Lets an import the player began (hls.js) answer. */
const settle = () => act(() => vi.dynamicImportSettled());

describe('the video loads on the first sign that the person means to watch', () => {
  it('asks the browser for nothing while the page is only shown, and for the video once a mouse comes over it', async () => {
    const { frame, video } = setup();
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe('/poster.jpg');
    await userEvent.hover(frame);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(fake.calls).toEqual([]);
  });

  it('takes a finger lifted on the player as a sign, not one resting on it on the way past', () => {
    const { frame, video } = setup();
    fireEvent.pointerEnter(frame, { pointerType: 'touch' });
    fireEvent.pointerDown(frame, { pointerType: 'touch' });
    expect(video.getAttribute('preload')).toBe('none');
    fireEvent.pointerUp(frame, { pointerType: 'touch' });
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it('loads when the keyboard brings the focus into the player', async () => {
    const { frame, video } = setup();
    await userEvent.tab();
    expect(document.activeElement).toBe(frame);
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it('plays at the first click on Play, loading as it starts', async () => {
    const { video } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    expect(media.plays).toBe(1);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(screen.queryByRole('button', { name: 'Play video' })).toBeNull();
  });

  it('loads for a seek the page asks for (a transcript line, a note) and for a play it asks for (the next lesson)', () => {
    const { video, handle } = setup();
    act(() => handle.current!.seekTo(12));
    expect(video.getAttribute('preload')).toBe('metadata');
    cleanup();

    const next = setup({ autoPlay: true, title: 'Next lesson' });
    expect(next.video.getAttribute('preload')).toBe('metadata');
  });

  it('keeps a saved position without loading: the page reads it before Play, and the video starts there once loaded', async () => {
    const { frame, video, handle } = setup({ startAt: 42 });
    expect(video.getAttribute('preload')).toBe('none');
    expect(handle.current!.currentTime()).toBe(42);
    await userEvent.hover(frame);
    loadMetadata(video, 120);
    expect(video.currentTime).toBe(42);
    expect(handle.current!.currentTime()).toBe(42);
  });

  it('moves an arrow key pressed before the saved position is applied from that position', () => {
    const { frame, video } = setup({ startAt: 42 });
    fireEvent.keyDown(frame, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(47);
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  it("shows and applies this browser's speed and volume before the video has loaded", () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ rate: 1.5, volume: 0.4, muted: true }));
    const { video } = setup();
    expect(video.getAttribute('preload')).toBe('none');
    expect((screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement).value).toBe('1.5');
    expect(screen.getByTitle('Mute (m)').getAttribute('aria-label')).toBe('Unmute');
    // (the speed as the element's default too: the address a stream sets later starts at it)
    expect([video.playbackRate, video.defaultPlaybackRate, video.volume, video.muted]).toEqual([
      1.5,
      1.5,
      0.4,
      true,
    ]);
  });
});

describe('a stream', () => {
  it('played natively has its address from the start, and the browser holds it back until the sign', async () => {
    playsHls(true);
    const { frame, video } = setup({ src: null, stream });
    await waitFor(() => expect(video.getAttribute('src')).toBe(stream.url));
    expect(video.getAttribute('preload')).toBe('none');
    await userEvent.hover(frame);
    expect(video.getAttribute('preload')).toBe('metadata');
    // the same address: nothing restarted
    expect(video.getAttribute('src')).toBe(stream.url);
  });

  it('played through hls.js does not download it until the sign, then reads one segment until Play', async () => {
    playsHls(false);
    const { frame, video } = setup({ src: null, stream });
    await settle();
    expect(hls.instances).toHaveLength(0);
    expect(video.getAttribute('poster')).toBe(stream.posterUrl);

    await userEvent.hover(frame);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const [player] = hls.instances;
    expect([player!.source, player!.media]).toEqual([stream.url, video]);
    expect(player!.config).toMatchObject({ maxBufferLength: 1, maxMaxBufferLength: 1 });
  });

  it('played through hls.js plays on a Play pressed before hls.js was in, with its whole buffer', async () => {
    playsHls(false);
    setup({ src: null, stream });
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    expect(media.plays).toBe(1);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const [player] = hls.instances;
    expect(player!.config).not.toHaveProperty('maxBufferLength');
    // a browser that let go of the waiting play as the stream took the element over is asked again
    media.playing = false;
    act(() => player!.attached());
    expect(media.plays).toBe(2);
  });
});
