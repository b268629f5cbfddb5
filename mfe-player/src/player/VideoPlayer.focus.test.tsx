import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@catalyst/web-kit/testing';
import { VideoPlayer } from './VideoPlayer';
import { stubMediaPlayback } from '../testing/mediaPlayback';

beforeEach(() => {
  stubMediaPlayback();
  fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the control bar's Play/Pause and Mute buttons say (their names change with the state). */
const playButton = () => screen.getByTitle(/\(space\)$/).getAttribute('aria-label');
const muteButton = () => screen.getByTitle('Mute (m)').getAttribute('aria-label');

function setup() {
  render(<VideoPlayer src="/media/videos/lesson-1.mp4" title="Lesson" />);
  const frame = screen.getByTestId('video-player');
  const video = frame.querySelector('video')!;
  Object.defineProperty(video, 'duration', { configurable: true, value: 120 });
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  fireEvent.loadedMetadata(video);
  return { frame, video };
}

describe('the player keeps the keyboard', () => {
  it('after the big Play button: focus stays on the player and k, m, the arrows and space work', async () => {
    const user = userEvent.setup();
    const { frame, video } = setup();
    await user.click(screen.getByRole('button', { name: 'Play video' }));
    expect(screen.queryByRole('button', { name: 'Play video' })).toBeNull();
    expect(playButton()).toBe('Pause');
    // The big button is gone: the focus is on the player, not dropped on the page.
    expect(document.activeElement).toBe(frame);

    await user.keyboard('k');
    expect(playButton()).toBe('Play');
    await user.keyboard(' ');
    expect(playButton()).toBe('Pause');
    await user.keyboard('m');
    expect(muteButton()).toBe('Unmute');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(video.currentTime).toBe(10);
  });

  it('after any control: the keys still work from it', async () => {
    const user = userEvent.setup();
    const { video } = setup();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    await user.keyboard('k');
    expect(playButton()).toBe('Pause');
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(muteButton()).toBe('Unmute');
    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(5);
    await user.keyboard('m');
    expect(muteButton()).toBe('Mute');
  });
});
