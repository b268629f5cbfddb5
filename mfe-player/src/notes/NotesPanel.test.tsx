import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteRoutes, type Note } from '@catalyst/contracts';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import type { VideoPlayerHandle } from '../player/VideoPlayer';
import { NotesPanel } from './NotesPanel';
import { useNotes } from './useNotes';

const PRODUCT = 'a'.repeat(24);
const LESSON = 'b'.repeat(24);

const noteOf = (
  id: string,
  seconds: number,
  body: string,
  bodyHtml = body ? `<p>${body}</p>` : '',
): Note => ({
  id: id.repeat(24).slice(0, 24),
  productId: PRODUCT,
  lessonId: LESSON,
  seconds,
  body,
  bodyHtml,
  createdAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T10:00:00.000Z',
});
const page = (items: Note[]) => ({ items, total: items.length, page: 1, limit: 500 });

/** The lesson's notes under a stand-in player whose current second is `at` and which records seeks. */
function Harness({ at, seeks }: { at: number; seeks: number[] }) {
  const notes = useNotes(PRODUCT, LESSON, true);
  const playerRef = useRef<VideoPlayerHandle>({ currentTime: () => at, seekTo: (s) => void seeks.push(s) });
  return (
    <>
      <p data-testid="marks">{notes.items?.map((n) => n.seconds).join(',')}</p>
      <input aria-label="Search" />
      <NotesPanel notes={notes} playerRef={playerRef} />
    </>
  );
}

const renderPanel = (at = 75.6) => {
  const seeks: number[] = [];
  render(<Harness at={at} seeks={seeks} />);
  return seeks;
};
const noteList = () => screen.findByRole('list', { name: 'Your notes' });
const times = async () =>
  within(await noteList())
    .getAllByRole('button', { name: /^Play from/ })
    .map((b) => b.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  window.dispatchEvent(new Event('online'));
});

describe('NotesPanel', () => {
  it("lists the lesson's notes with their time under a Notes tab; a time seeks the video there", async () => {
    const { callsTo } = fakeApi().on(
      noteRoutes.listNotes,
      page([noteOf('1', 9, 'Grid **areas**', '<p>Grid <strong>areas</strong></p>'), noteOf('2', 125, '')]),
    );
    const seeks = renderPanel();
    expect(screen.getByRole('tab', { name: 'Notes' }).getAttribute('aria-selected')).toBe('true');
    expect(await times()).toEqual(['0:09', '2:05']);
    const list = await noteList();
    expect(within(list).getByText('areas').tagName).toBe('STRONG');
    expect(within(list).getByText('Bookmark')).toBeDefined();
    expect(screen.getByTestId('marks').textContent).toBe('9,125');
    const query = callsTo(noteRoutes.listNotes)[0]!.query;
    expect([query.get('productId'), query.get('lessonId')]).toEqual([PRODUCT, LESSON]);

    fireEvent.click(screen.getByRole('button', { name: 'Play from 2:05' }));
    expect(seeks).toEqual([125]);
  });

  it('reads the captions for the Transcript tab only once that tab shows, and only once', async () => {
    const { calls, callsTo } = fakeApi().on(noteRoutes.listNotes, page([]));
    function WithTranscript() {
      const notes = useNotes(PRODUCT, LESSON, true);
      const playerRef = useRef<VideoPlayerHandle>({ currentTime: () => 0, seekTo: () => undefined });
      const transcript = {
        captionsUrl: '/media/captions/x.vtt',
        lang: 'en',
        linkAt: () => '',
        onMatches: () => {},
      };
      return <NotesPanel notes={notes} playerRef={playerRef} transcript={transcript} />;
    }
    render(<WithTranscript />);
    const captionReads = () => calls.filter((call) => call.path === '/media/captions/x.vtt').length;
    await waitFor(() => expect(callsTo(noteRoutes.listNotes)).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Notes' }).getAttribute('aria-selected')).toBe('true');
    expect(captionReads()).toBe(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Transcript' }));
    await waitFor(() => expect(captionReads()).toBe(1));
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Transcript' }));
    expect(captionReads()).toBe(1);
  });

  it('adds a note at the current second with N (not while typing in a field), in time order', async () => {
    const { callsTo } = fakeApi()
      .on(noteRoutes.listNotes, page([noteOf('1', 9, 'first'), noteOf('2', 125, 'last')]))
      .on(noteRoutes.createNote, ({ body }) => noteOf('3', body.seconds, body.body ?? '', '<p>middle</p>'));
    renderPanel(75.6);
    await noteList();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'n' });
    expect(screen.queryByRole('textbox', { name: /^Note at/ })).toBeNull();

    fireEvent.keyDown(document.body, { key: 'n' });
    const field = await screen.findByRole('textbox', { name: 'Note at 1:15' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'middle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(async () => expect(await times()).toEqual(['0:09', '1:15', '2:05']));
    const sent = callsTo(noteRoutes.createNote)[0]!.body;
    expect(sent).toMatchObject({ productId: PRODUCT, lessonId: LESSON, seconds: 75, body: 'middle' });
    expect(sent.id).toMatch(/^[0-9a-f]{24}$/);
    expect(screen.getByTestId('marks').textContent).toBe('9,75,125');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Add note'));
  });

  it('keeps the text when saving fails and sends the same id again, so a retry is stored once', async () => {
    let tries = 0;
    const { callsTo } = fakeApi()
      .on(noteRoutes.listNotes, page([]))
      .on(noteRoutes.createNote, ({ body }) =>
        ++tries === 1
          ? failure(409, 'You can keep up to 2,000 notes: delete one to add another')
          : noteOf('4', body.seconds, body.body ?? ''),
      );
    renderPanel(3);
    expect(
      await screen.findByText('No notes yet. Press N or Add note to keep one at this second.'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note at 0:03' }), { target: { value: 'keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can keep up to 2,000 notes: delete one to add another',
    );
    expect((screen.getByRole('textbox', { name: 'Note at 0:03' }) as HTMLTextAreaElement).value).toBe(
      'keep me',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await times()).toEqual(['0:03']));
    const [first, second] = callsTo(noteRoutes.createNote).map((c) => c.body.id);
    expect(second).toBe(first);
  });

  it('refuses a note over 5,000 characters before sending it, keeping the text', async () => {
    const { callsTo } = fakeApi().on(noteRoutes.listNotes, page([]));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    const field = screen.getByRole('textbox', { name: 'Note at 1:15' }) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'x'.repeat(5_001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A note can be at most 5,000 characters');
    expect(field.value).toHaveLength(5_001);
    expect(callsTo(noteRoutes.createNote)).toHaveLength(0);
  });

  it('saves an empty note as a bookmark, edits a note and deletes one', async () => {
    const { callsTo } = fakeApi()
      .on(noteRoutes.listNotes, page([noteOf('1', 9, 'old text')]))
      .on(noteRoutes.createNote, ({ body }) => noteOf('5', body.seconds, ''))
      .on(noteRoutes.updateNote, ({ body }) => noteOf('1', 9, body.body ?? '', '<p>new text</p>'))
      .on(noteRoutes.deleteNote, ({ params }) => ({ id: params.id, deleted: true }));
    renderPanel(30);
    await noteList();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await times()).toEqual(['0:09', '0:30']));
    expect(within(await noteList()).getByText('Bookmark')).toBeDefined();
    expect(callsTo(noteRoutes.createNote)[0]!.body.body).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Edit note at 0:09' }));
    const field = screen.getByRole('textbox', { name: 'Edit note at 0:09' }) as HTMLTextAreaElement;
    expect(field.value).toBe('old text');
    fireEvent.change(field, { target: { value: 'new text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(await noteList()).findByText('new text')).toBeDefined();
    expect(callsTo(noteRoutes.updateNote)[0]!.body).toEqual({ body: 'new text' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete note at 0:30' }));
    await waitFor(async () => expect(await times()).toEqual(['0:09']));
  });

  it('keeps a note taken offline on this device and sends it once when the connection returns', async () => {
    const stored: Note[] = [];
    const fake = fakeApi()
      .on(noteRoutes.listNotes, page([]))
      .on(noteRoutes.createNote, ({ body }) => {
        const note = noteOf('6', body.seconds, body.body ?? '', '<p><em>offline</em> idea</p>');
        stored.push(note);
        return note;
      });
    renderPanel(42);
    fireEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    fake.offline();
    fireEvent.change(screen.getByRole('textbox', { name: 'Note at 0:42' }), {
      target: { value: '_offline_ idea' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const list = await noteList();
    expect(await within(list).findByText('Kept on this device: sent when you are back online')).toBeDefined();
    expect(within(list).getByText('_offline_ idea')).toBeDefined();
    expect(stored).toHaveLength(0);

    fake.offline(false);
    window.dispatchEvent(new Event('online'));
    expect(await within(list).findByText('offline')).toBeDefined();
    expect(within(list).getByText('offline').tagName).toBe('EM');
    expect(within(list).queryByText('Kept on this device: sent when you are back online')).toBeNull();
    expect(await times()).toEqual(['0:42']);
    const sent = fake.callsTo(noteRoutes.createNote).map((c) => c.body.id);
    expect(new Set(sent).size).toBe(1);
    expect(stored).toHaveLength(1);
    expect(localStorage.getItem('catalyst.pendingNotes')).toBe('[]');
  });
});
