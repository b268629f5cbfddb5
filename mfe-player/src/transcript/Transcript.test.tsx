import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoPlayerHandle } from '../player/VideoPlayer';
import { NotesPanel } from '../notes/NotesPanel';

const VTT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:05.000',
  'Welcome to the first lesson.',
  '',
  '00:00:05.000 --> 00:00:12.000',
  'We start with the <b>ideas</b> everything else builds on.',
  '',
  '00:01:05.000 --> 00:01:10.000',
  'Mark the lesson complete &amp; move on.',
  '',
].join('\n');

/** A stand-in player at `player.at` seconds that records seeks, and what the seek bar would mark. */
function Harness({ player }: { player: { at: number; seeks: number[] } }) {
  const playerRef = useRef<VideoPlayerHandle>({
    currentTime: () => player.at,
    seekTo: (s) => void player.seeks.push(s),
  });
  const [matches, setMatches] = useState<number[]>([]);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- a stand-in whose events the transcript follows */}
      <video data-testid="video" />
      <p data-testid="seek-matches">{matches.join(',')}</p>
      <NotesPanel
        notes={null}
        playerRef={playerRef}
        transcript={{
          captionsUrl: '/media/captions/lesson-1.vtt?exp=1&sig=x',
          lang: 'en',
          linkAt: (s) => `https://catalyst.test/lesson?t=${Math.floor(s)}`,
          onMatches: setMatches,
        }}
      />
    </>
  );
}

const setup = async (at = 0) => {
  const player = { at, seeks: [] as number[] };
  render(<Harness player={player} />);
  const list = await screen.findByRole('list', { name: 'Transcript' });
  return { player, list };
};
/** The player moves on: its video fires timeupdate, as a playing one does. */
const playTo = (player: { at: number }, seconds: number) =>
  act(() => {
    player.at = seconds;
    screen.getByTestId('video').dispatchEvent(new Event('timeupdate'));
  });
const currentLine = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-current') === 'time')
    .map((b) => b.textContent);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(VTT, { status: 200, headers: { 'content-type': 'text/vtt' } })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Transcript tab', () => {
  it('lists the captions as lines a screen reader moves through, each a button naming its time in words', async () => {
    const { list } = await setup();
    expect(screen.getByRole('tab', { name: 'Transcript' }).getAttribute('aria-selected')).toBe('true');
    expect(fetch).toHaveBeenCalledWith('/media/captions/lesson-1.vtt?exp=1&sig=x', {
      credentials: 'same-origin',
    });
    expect(list.getAttribute('lang')).toBe('en');
    // said outright: Safari's VoiceOver reads a list without markers (list-style: none) as no list at all
    expect(list.getAttribute('role')).toBe('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '0:000 seconds: Welcome to the first lesson.',
      '0:055 seconds: We start with the ideas everything else builds on.',
      '1:051 minute 5 seconds: Mark the lesson complete & move on.',
    ]);
    expect(within(list).getByRole('button', { name: /^1 minute 5 seconds: Mark the lesson/ })).toBeDefined();
  });

  it("reads the lines in the captions' own language when their file names it", async () => {
    vi.mocked(fetch).mockImplementation(
      async () => new Response(VTT.replace('WEBVTT\n', 'WEBVTT\nLanguage: es\n'), { status: 200 }),
    );
    const { list } = await setup();
    expect(list.getAttribute('lang')).toBe('es');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('highlights the line being said as the video plays, and a line clicked seeks the video there', async () => {
    const { player, list } = await setup();
    expect(currentLine(list)).toEqual(['0:000 seconds: Welcome to the first lesson.']);
    playTo(player, 6.2);
    expect(currentLine(list)).toEqual(['0:055 seconds: We start with the ideas everything else builds on.']);
    // between two lines the one said last stays highlighted
    playTo(player, 30);
    expect(currentLine(list)).toEqual(['0:055 seconds: We start with the ideas everything else builds on.']);
    playTo(player, 66);
    expect(currentLine(list)).toEqual(['1:051 minute 5 seconds: Mark the lesson complete & move on.']);

    fireEvent.click(within(list).getByRole('button', { name: /^5 seconds:/ }));
    expect(player.seeks).toEqual([5]);
    // the focus stays where the learner put it: following the video never moves it
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps the line being said in view by scrolling the list, never the page', async () => {
    // (a layout: each line 40 px tall, the list shows 100 px of them and is their offset parent)
    vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      // a line from the top of the list; the list itself 500 px down the page
      return this.dataset.line === undefined ? 500 : Number(this.dataset.line) * 40;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(100);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { player, list } = await setup();
    expect(list.scrollTop).toBe(0);
    playTo(player, 66); // the third line, 80–120 px: below what the list shows
    expect(list.scrollTop).toBeCloseTo(80 - 100 / 3);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.documentElement.scrollTop).toBe(0);
  });

  it('marks the search matches in the lines and on the seek bar, and says how many', async () => {
    const { list } = await setup();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the transcript' }), {
      target: { value: 'LESSON' },
    });
    expect(await screen.findByText('2 lines match, marked on the seek bar')).toBeDefined();
    expect(screen.getByTestId('seek-matches').textContent).toBe('0,65');
    expect(Array.from(list.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['lesson', 'lesson']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the transcript' }), {
      target: { value: 'nowhere' },
    });
    expect(await screen.findByText('No lines match "nowhere"')).toBeDefined();
    expect(screen.getByTestId('seek-matches').textContent).toBe('');
  });

  it('copies the line being said with its time and a link to that second', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { player } = await setup();
    playTo(player, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Copy with link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        '"We start with the ideas everything else builds on." (0:05) https://catalyst.test/lesson?t=5',
      ),
    );
    expect(await screen.findByText('Copied the passage at 0:05 with its link')).toBeDefined();
  });

  it('says so when the captions cannot be read, and tries again', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(new Response('nope', { status: 403 }));
    render(<Harness player={{ at: 0, seeks: [] }} />);
    expect(await screen.findByText("We couldn't load the transcript.")).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Transcript' })).toBeDefined();
  });
});
