import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteRoutes, type NoteListItem } from '@catalyst/contracts';
import { failure, fakeApi, inTurn } from '@catalyst/web-kit/testing';
import NotesPage from './NotesPage';

const COURSE = 'a'.repeat(24);
const VIDEO = 'c'.repeat(24);
const LESSON = 'b'.repeat(24);

const note = (id: string, over: Partial<NoteListItem>): NoteListItem => ({
  id: id.repeat(24).slice(0, 24),
  productId: COURSE,
  lessonId: LESSON,
  seconds: 65,
  body: '',
  bodyHtml: '',
  createdAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T10:00:00.000Z',
  product: { title: 'React Course', slug: 'react-course', productId: 'REACT01' },
  ...over,
});
const NOTES = [
  note('1', { body: 'Hooks **rules**', bodyHtml: '<p>Hooks <strong>rules</strong></p>' }),
  note('2', {
    productId: VIDEO,
    lessonId: null,
    seconds: 3_725,
    body: 'line one\nline two',
    bodyHtml: '<p>line one<br>line two</p>',
    product: { title: 'CSS Video', slug: 'css-video', productId: 'CSS01' },
  }),
  note('3', { seconds: 5, product: null, productId: 'd'.repeat(24) }),
];

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const renderPage = () =>
  render(
    <MemoryRouter>
      <NotesPage />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotesPage', () => {
  it('lists every note with its course, time and link to that second; bookmarks say so', async () => {
    fakeApi().on(noteRoutes.listNotes, { items: NOTES, total: 3, page: 1, limit: 500 });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your notes' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['React Course · 1:05', `/browse/premium/product/react-course/lesson/${LESSON}?t=65`],
      ['CSS Video · 1:02:05', '/browse/premium/product/CSS01'],
      ['A course no longer listed · 0:05', `/browse/premium/product/${'d'.repeat(24)}/lesson/${LESSON}?t=5`],
    ]);
    expect(within(list).getByText('rules').tagName).toBe('STRONG');
    expect(within(list).getByText('Bookmark')).toBeDefined();
    expect(screen.getByText('3 notes')).toBeDefined();
  });

  it('searches the notes by their text', async () => {
    const { callsTo } = fakeApi().on(noteRoutes.listNotes, ({ query }) =>
      query.get('q') === 'hooks'
        ? { items: [NOTES[0]!], total: 1, page: 1, limit: 500 }
        : { items: NOTES, total: 3, page: 1, limit: 500 },
    );
    renderPage();
    await screen.findByText('3 notes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search your notes' }), {
      target: { value: ' hooks ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 note matching “hooks”')).toBeDefined();
    expect(callsTo(noteRoutes.listNotes).at(-1)!.query.get('q')).toBe('hooks');
  });

  it('says when nothing matches and when there are no notes yet', async () => {
    fakeApi().on(noteRoutes.listNotes, { items: [], total: 0, page: 1, limit: 500 });
    renderPage();
    expect(
      await screen.findByText(
        'No notes yet. While a video plays, press N or Add note to keep a note at that second.',
      ),
    ).toBeDefined();
  });

  it('exports every note as one Markdown file, a heading per course', async () => {
    fakeApi().on(noteRoutes.listNotes, { items: NOTES, total: 3, page: 1, limit: 500 });
    const files: Blob[] = [];
    // jsdom has no object URLs: a URL whose createObjectURL keeps the file handed to it
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (blob: Blob) => (files.push(blob), 'blob:notes');
        static override revokeObjectURL = () => undefined;
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Export Markdown' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(click).toHaveBeenCalledTimes(1);
    const origin = window.location.origin;
    expect(await textOf(files[0]!)).toBe(
      [
        '# My notes',
        '',
        '## React Course',
        '',
        `- [1:05](${origin}/browse/premium/product/react-course/lesson/${LESSON}?t=65) Hooks **rules**`,
        '',
        '## CSS Video',
        '',
        `- [1:02:05](${origin}/browse/premium/product/CSS01) line one\n  line two`,
        '',
        '## A course no longer listed',
        '',
        `- [0:05](${origin}/browse/premium/product/${'d'.repeat(24)}/lesson/${LESSON}?t=5) _Bookmark_`,
        '',
      ].join('\n'),
    );
  });

  it('exports every note as a PDF the server draws, under the search, and says when it cannot', async () => {
    const pdf = '%PDF-1.7 the notes';
    const api = fakeApi()
      .on(noteRoutes.listNotes, ({ query }) =>
        query.get('q') === 'hooks'
          ? { items: [NOTES[0]!], total: 1, page: 1, limit: 500 }
          : { items: NOTES, total: 3, page: 1, limit: 500 },
      )
      .on(
        noteRoutes.exportNotesPdf,
        inTurn(
          () => new Response(pdf, { headers: { 'content-type': 'application/pdf' } }),
          failure(503, 'Notes are resting'),
        ),
      );
    sessionStorage.setItem('token', 'token-notes');
    const files: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (blob: Blob) => (files.push(blob), 'blob:notes');
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage();
    await screen.findByText('3 notes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search your notes' }), {
      target: { value: 'hooks' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 note matching “hooks”');

    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(names).toEqual(['catalyst-notes.pdf']);
    expect(files[0]!.type).toBe('application/pdf');
    expect(await textOf(files[0]!)).toBe(pdf);
    const [call] = api.callsTo(noteRoutes.exportNotesPdf);
    expect(call!.query.get('q')).toBe('hooks');
    expect(call!.headers.get('authorization')).toBe('Bearer token-notes');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement).disabled).toBe(false),
    );

    // the server could not draw it: the learner is told, and nothing is downloaded
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText("We couldn't export your notes: Notes are resting")).toBeDefined();
    expect(files).toHaveLength(1);
    sessionStorage.removeItem('token');
  });
});
