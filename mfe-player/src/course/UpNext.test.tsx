import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEXT_LESSON_COUNTDOWN_SECONDS } from '@catalyst/contracts';
import { afterLessonAnnouncement, UpNext } from './UpNext';

const next = { kind: 'next', title: 'Tracks and lines' } as const;

function show(autoplay: boolean) {
  const onPlayNext = vi.fn();
  const onDismiss = vi.fn();
  render(
    <MemoryRouter>
      <UpNext after={next} autoplay={autoplay} onPlayNext={onPlayNext} onDismiss={onDismiss} />
    </MemoryRouter>,
  );
  return { onPlayNext, onDismiss };
}
/** Lets the clock run a second at a time (each tick is set after the one before has rendered). */
async function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i += 1) await act(async () => vi.advanceTimersByTime(1_000));
}
const countdown = () => screen.queryByTestId('countdown')?.textContent ?? null;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
});

describe('Up next', () => {
  it('counts down a second at a time and starts the next lesson when it reaches nothing', async () => {
    const { onPlayNext } = show(true);
    expect(screen.getByRole('heading').textContent).toBe('Up next: Tracks and lines');
    expect(countdown()).toBe(`Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS} seconds`);
    await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS - 1);
    expect(countdown()).toBe('Starts in 1 second');
    expect(onPlayNext).not.toHaveBeenCalled();
    await passSeconds(1);
    expect(onPlayNext).toHaveBeenCalledTimes(1);
  });

  it('has Play now focused: Enter starts the next lesson at once', async () => {
    vi.useRealTimers(); // (user-event waits on the real clock)
    const { onPlayNext } = show(true);
    const playNow = screen.getByRole('button', { name: 'Play now' });
    expect(document.activeElement).toBe(playNow);
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    expect(onPlayNext).toHaveBeenCalledTimes(1);
    expect(countdown()).toBe(`Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS} seconds`);
  });

  it('stops on Cancel and never starts the next lesson', async () => {
    const { onPlayNext, onDismiss } = show(true);
    await passSeconds(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onPlayNext).not.toHaveBeenCalled();
  });

  it('closes on Escape, wherever the focus is', async () => {
    const { onPlayNext, onDismiss } = show(true);
    await passSeconds(1);
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onPlayNext).not.toHaveBeenCalled();
  });

  it('shows no countdown with autoplay off: the next lesson waits for Play now', async () => {
    const { onPlayNext } = show(false);
    expect(screen.getByRole('heading').textContent).toBe('Up next: Tracks and lines');
    expect(countdown()).toBeNull();
    await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS * 2);
    expect(onPlayNext).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Play now' }));
  });

  it('stops counting when full screen is left (the browser takes Escape for that), and keeps Play now', async () => {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: document.body });
    const { onPlayNext } = show(true);
    await passSeconds(1);
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    await act(async () => document.dispatchEvent(new Event('fullscreenchange')));
    expect(countdown()).toBeNull();
    await passSeconds(NEXT_LESSON_COUNTDOWN_SECONDS * 2);
    expect(onPlayNext).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play now' })).toBe(document.activeElement);
  });

  it('is announced once, when it starts: the seconds themselves are not read out', () => {
    expect(afterLessonAnnouncement(next, true)).toBe(
      `Up next: Tracks and lines. Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS} seconds.`,
    );
    expect(afterLessonAnnouncement(next, false)).toBe('Up next: Tracks and lines.');
    show(true);
    expect(screen.getByTestId('countdown').closest('[aria-live], [role="status"]')).toBeNull();
  });
});
