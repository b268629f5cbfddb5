import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '@catalyst/web-kit/testing';
import { bufferedEnd, captionsUrlFor, clampVolume, commandForKey } from './playerKeys';
import { VideoPlayer } from './VideoPlayer';
import { stubMediaPlayback, type MediaPlayback } from '../testing/mediaPlayback';

let media: MediaPlayback;
/** Nothing stubbed: a request the player makes is recorded and answered 404. */
let fake: FakeApi;
beforeEach(() => {
  media = stubMediaPlayback();
  fake = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const utils = render(
    <VideoPlayer src="/media/videos/lesson-1.mp4" title="Lesson" poster="/poster.jpg" {...props} />,
  );
  const frame = screen.getByTestId('video-player');
  const video = frame.querySelector('video')!;
  Object.defineProperty(video, 'duration', { configurable: true, value: 3725 });
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  fireEvent.loadedMetadata(video);
  return { ...utils, frame, video };
}

describe('the pure player rules', () => {
  it('maps space, arrows, m, f and c to commands and ignores other keys', () => {
    expect(commandForKey(' ')).toEqual({ kind: 'toggle-play' });
    expect(commandForKey('ArrowLeft')).toEqual({ kind: 'seek-by', seconds: -5 });
    expect(commandForKey('ArrowRight')).toEqual({ kind: 'seek-by', seconds: 5 });
    expect(commandForKey('ArrowUp')).toEqual({ kind: 'volume-by', delta: 0.1 });
    expect(commandForKey('ArrowDown')).toEqual({ kind: 'volume-by', delta: -0.1 });
    expect(commandForKey('m')).toEqual({ kind: 'toggle-mute' });
    expect(commandForKey('f')).toEqual({ kind: 'toggle-fullscreen' });
    expect(commandForKey('c')).toEqual({ kind: 'toggle-captions' });
    expect(commandForKey('x')).toBeNull();
  });

  it('keeps the volume within 0–1 on a 0.1 grid', () => {
    expect(clampVolume(1.1)).toBe(1);
    expect(clampVolume(-0.1)).toBe(0);
    expect(clampVolume(0.30000000000000004)).toBe(0.3);
    expect(clampVolume(Number.NaN)).toBe(1);
  });

  it('finds the buffered range around the current time', () => {
    const ranges = { length: 2, start: (i: number) => [0, 50][i]!, end: (i: number) => [20, 80][i]! };
    expect(bufferedEnd(ranges, 10)).toBe(20);
    expect(bufferedEnd(ranges, 60)).toBe(80);
    expect(bufferedEnd(ranges, 30)).toBe(0);
  });

  it('derives the captions file of a demo video', () => {
    expect(captionsUrlFor('/media/videos/lesson-1.mp4')).toBe('/media/captions/lesson-1.vtt');
    // the signed, expiring address a viewer gets: its signature opens the captions beside it (and only it)
    expect(captionsUrlFor('/media/videos/lesson-1.mp4?exp=1767250800&sig=Ab-_9zQ&v=2#t=10')).toBe(
      '/media/captions/lesson-1.vtt?exp=1767250800&sig=Ab-_9zQ',
    );
    expect(captionsUrlFor('https://cdn.example/a/videos/x.webm?v=2')).toBe(
      'https://cdn.example/a/captions/x.vtt',
    );
    expect(captionsUrlFor('https://youtube.com/watch?v=1')).toBeNull();
    expect(captionsUrlFor(null)).toBeNull();
  });
});

describe('the video player', () => {
  it('shows the poster and the time as h:mm:ss', () => {
    const { video } = setup();
    expect(video.getAttribute('poster')).toBe('/poster.jpg');
    video.currentTime = 65;
    fireEvent.timeUpdate(video);
    expect(screen.getByTestId('player-time').textContent).toBe('1:05 / 1:02:05');
  });

  it('plays and pauses with the button and the space key', async () => {
    const { frame } = setup();
    const toggle = screen.getByRole('button', { name: 'Play' });
    fireEvent.click(toggle);
    expect(media.playing).toBe(true);
    expect([toggle.getAttribute('aria-label'), toggle.getAttribute('title')]).toEqual([
      'Pause',
      'Pause (space)',
    ]);
    fireEvent.keyDown(frame, { key: ' ' });
    expect(media.playing).toBe(false);
  });

  it('seeks with the arrow keys and the seek bar', () => {
    const { frame, video } = setup();
    video.currentTime = 100;
    fireEvent.keyDown(frame, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(105);
    fireEvent.keyDown(frame, { key: 'ArrowLeft' });
    fireEvent.keyDown(frame, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(95);
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '1800' } });
    expect(video.currentTime).toBe(1800);
  });

  it('changes the volume in steps of 0.1 between 0 and 1, and mutes with m', () => {
    const { frame, video } = setup();
    const slider = screen.getByRole('slider', { name: 'Volume' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '1', '0.1']);
    fireEvent.keyDown(frame, { key: 'ArrowDown' });
    expect(video.volume).toBe(0.9);
    fireEvent.keyDown(frame, { key: 'ArrowUp' });
    fireEvent.keyDown(frame, { key: 'ArrowUp' });
    expect(video.volume).toBe(1);
    fireEvent.keyDown(frame, { key: 'm' });
    expect(video.muted).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    fireEvent.change(slider, { target: { value: '0.3' } });
    expect(video.volume).toBe(0.3);
  });

  it('changes the playback speed from 0.5× to 2×', () => {
    const { video } = setup();
    const select = screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['0.5', '0.75', '1', '1.25', '1.5', '1.75', '2']);
    fireEvent.change(select, { target: { value: '1.5' } });
    expect(video.playbackRate).toBe(1.5);
  });

  it('goes full screen with f and the button', () => {
    const { frame } = setup();
    const request = vi.fn(async () => undefined);
    (frame as unknown as { requestFullscreen: typeof request }).requestFullscreen = request;
    fireEvent.keyDown(frame, { key: 'f' });
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('offers captions once the track has loaded its WebVTT file, without asking for it a second time', async () => {
    const missing = setup({ captionsUrl: '/media/captions/none.vtt' });
    fireEvent.error(missing.container.querySelector('track')!);
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Captions' })).toBeNull();
    cleanup();

    const second = render(
      <VideoPlayer
        src="/media/videos/lesson-1.mp4"
        title="Lesson 2"
        captionsUrl="/media/captions/lesson-1.vtt"
      />,
    );
    const track = second.container.querySelector('track')!;
    expect(track.getAttribute('src')).toBe('/media/captions/lesson-1.vtt');
    expect(second.queryByRole('button', { name: 'Captions' })).toBeNull();
    fireEvent.load(track);
    const button = await waitFor(() => second.getByRole('button', { name: 'Captions' }));
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    // the track is the only reader of the file: no separate check before it
    expect(fake.calls).toEqual([]);
  });

  it("names the captions' language on their track: the upload's, else English", () => {
    const language = (captionsLanguage?: string | null) => {
      const { container } = render(
        <VideoPlayer
          src="/v.mp4"
          title="Lesson"
          captionsUrl="/api/v1/media/streams/a/captions.vtt?token=t"
          captionsLanguage={captionsLanguage}
        />,
      );
      const track = container.querySelector('track')!;
      const named = [track.getAttribute('srclang'), track.getAttribute('label')];
      cleanup();
      return named;
    };
    expect(language('es')).toEqual(['es', 'Spanish']);
    expect(language('pt-BR')).toEqual(['pt-BR', 'Brazilian Portuguese']);
    expect(language(null)).toEqual(['en', 'English']);
    expect(language(undefined)).toEqual(['en', 'English']);
  });

  it('resumes at the saved position, or at the start when it was left at the end', () => {
    const { video } = setup({ startAt: 42 });
    expect(video.currentTime).toBe(42);
    const other = render(<VideoPlayer src="/v.mp4" title="End" startAt={3724.5} />);
    const v2 = other.container.querySelector('video')!;
    Object.defineProperty(v2, 'duration', { configurable: true, value: 3725 });
    Object.defineProperty(v2, 'readyState', { configurable: true, value: 1 });
    fireEvent.loadedMetadata(v2);
    expect(v2.currentTime).toBe(0);
  });

  it('keeps a place the learner chose before the saved position came: the resume does not take them back', () => {
    const { video, rerender } = setup({ startAt: null });
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '600' } });
    expect(video.currentTime).toBe(600);
    rerender(
      <VideoPlayer src="/media/videos/lesson-1.mp4" title="Lesson" poster="/poster.jpg" startAt={42} />,
    );
    expect(video.currentTime).toBe(600);
  });

  it('keeps the position and the play state when its address is renewed (a fresh signature, same video)', () => {
    const { video, rerender } = setup();
    video.currentTime = 300;
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    rerender(
      <VideoPlayer src="/media/videos/lesson-1.mp4?sig=renewed" title="Lesson" poster="/poster.jpg" />,
    );
    expect(video.getAttribute('src')).toBe('/media/videos/lesson-1.mp4?sig=renewed');
    // the browser starts a new address from its beginning, paused
    video.currentTime = 0;
    video.pause();
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(300);
    expect(media.playing).toBe(true);
  });

  it('reports time updates only while playing, and pauses, seeks and the end', () => {
    const onTimeUpdate = vi.fn();
    const onPause = vi.fn();
    const onSeeked = vi.fn();
    const onEnded = vi.fn();
    const { video } = setup({ onTimeUpdate, onPause, onSeeked, onEnded });
    video.currentTime = 10;
    fireEvent.timeUpdate(video);
    expect(onTimeUpdate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent.timeUpdate(video);
    expect(onTimeUpdate).toHaveBeenCalledWith(10, 3725);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(onPause).toHaveBeenCalledWith(10, 3725);
    fireEvent.seeked(video);
    expect(onSeeked).toHaveBeenCalledWith(10, 3725);
    fireEvent.ended(video);
    expect(onEnded).toHaveBeenCalledWith(3725);
  });
});

describe('marks on the seek bar', () => {
  it('places a mark at each note second along the seek bar, once the length is known', () => {
    setup({ marks: [0, 372.5, 3725] });
    expect(screen.getAllByTestId('seek-mark').map((mark) => mark.style.left)).toEqual(['0%', '10%', '100%']);
  });

  it("marks the transcript search's matches the same way, apart from the notes", () => {
    setup({ marks: [372.5], matches: [745, 1862.5] });
    expect(screen.getAllByTestId('seek-mark').map((mark) => mark.style.left)).toEqual(['10%']);
    expect(screen.getAllByTestId('seek-match').map((mark) => mark.style.left)).toEqual(['20%', '50%']);
  });
});
