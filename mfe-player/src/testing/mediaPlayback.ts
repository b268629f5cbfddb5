import { vi } from 'vitest';

/** What a stubbed media element has done: whether it plays now, and how many times play() was called. */
export interface MediaPlayback {
  playing: boolean;
  plays: number;
}

/**
 * Media elements that play and pause as a browser's do, as far as a player can tell (jsdom has no playback):
 * play() and pause() fire their events and `paused` follows them. Call in a beforeEach (vi.restoreAllMocks
 * undoes it); the test may set `playing` itself, as a browser dropping a play would.
 */
export function stubMediaPlayback(): MediaPlayback {
  const media: MediaPlayback = { playing: false, plays: 0 };
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    media.playing = true;
    media.plays += 1;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    media.playing = false;
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => !media.playing);
  return media;
}
