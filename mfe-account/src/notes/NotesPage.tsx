import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { NoteListItem } from '@catalyst/contracts';
import { noteTime } from '@catalyst/contracts/notes-terms';
import { groupDigits } from '@catalyst/contracts/no-intl';
import {
  api,
  Button,
  ErrorScreen,
  formatDate,
  readSessionToken,
  remoteTestId,
  Spinner,
  TextField,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { downloadFile } from '../profile/dataExport';
import { notePlace, notesMarkdown, productTitleOf } from './notesMarkdown';
import styles from './NotesPage.module.css';

const PAGE = 500;

/** Every note matching `q`, page after page (at most 2,000 are kept). */
async function allNotes(q: string): Promise<NoteListItem[]> {
  const notes: NoteListItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.note.listNotes({ query: { limit: PAGE, page, ...(q ? { q } : {}) } });
    notes.push(...answer.items);
    if (notes.length >= answer.total || answer.items.length === 0) return notes;
  }
}

/** Every note matching `q` as a PDF, drawn by the server (GET /notes/export/pdf), read with the session's token. */
async function notesPdf(q: string): Promise<ArrayBuffer> {
  const token = readSessionToken();
  const res = await fetch(api.note.exportNotesPdf.url({ query: q ? { q } : {} }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(
      typeof answer?.message === 'string' ? answer.message : `the server answered ${res.status}`,
    );
  }
  return res.arrayBuffer();
}

/** /learning/notes: every note and bookmark the learner keeps, across courses, newest first; search and export. */
export default function NotesPage() {
  useDocumentTitle('My notes');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const read = useApiData(api.note.listNotes, { query: { limit: PAGE, ...(q ? { q } : {}) } });
  const [exporting, setExporting] = useState<'markdown' | 'pdf' | null>(null);
  const [problem, setProblem] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  const exportAs = async (kind: 'markdown' | 'pdf') => {
    setExporting(kind);
    setProblem('');
    try {
      if (kind === 'pdf') downloadFile(await notesPdf(q), 'application/pdf', 'catalyst-notes.pdf');
      else
        downloadFile(
          notesMarkdown(await allNotes(q), window.location.origin),
          'text/markdown;charset=utf-8',
          'catalyst-notes.md',
        );
    } catch (error) {
      setProblem(`We couldn't export your notes: ${(error as Error).message}`);
    } finally {
      setExporting(null);
    }
  };

  const page = read.data;
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>My notes</h1>
      <form className={styles.search} role="search" onSubmit={search}>
        <TextField label="Search your notes" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <p role="status" className={styles.problem}>
        {problem}
      </p>
      {read.error ? (
        <ErrorScreen
          message="We couldn't load your notes. Try again in a moment."
          onRetry={read.reload}
          retryLabel="Try again"
        />
      ) : !page ? (
        <Spinner message="Loading your notes..." />
      ) : page.items.length === 0 ? (
        <p className={styles.empty}>
          {q
            ? `No notes match “${q}”.`
            : 'No notes yet. While a video plays, press N or Add note to keep a note at that second.'}
        </p>
      ) : (
        <>
          <div className={styles.bar}>
            <p className={styles.count}>
              {page.total === 1 ? '1 note' : `${groupDigits(page.total)} notes`}
              {q ? ` matching “${q}”` : ''}
            </p>
            <div className={styles.exports}>
              <Button
                variant="secondary"
                size="sm"
                loading={exporting === 'markdown'}
                disabled={exporting !== null}
                onClick={() => void exportAs('markdown')}
              >
                Export Markdown
              </Button>
              <Button
                variant="secondary"
                size="sm"
                loading={exporting === 'pdf'}
                disabled={exporting !== null}
                onClick={() => void exportAs('pdf')}
              >
                Export PDF
              </Button>
            </div>
          </div>
          <ul className={styles.list} aria-label="Your notes">
            {page.items.map((note) => (
              <li key={note.id} className={styles.item}>
                <p className={styles.meta}>
                  <Link to={notePlace(note)}>
                    {productTitleOf(note)} · {noteTime(note.seconds)}
                  </Link>{' '}
                  · {formatDate(note.updatedAt)}
                </p>
                {note.body.trim() === '' ? (
                  <p className={styles.bookmark}>Bookmark</p>
                ) : (
                  <SafeHtml html={note.bodyHtml} source="ugc" className={styles.body} />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
