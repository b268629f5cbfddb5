import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { NoteListItem } from '@catalyst/contracts';
import { noteTime } from '@catalyst/contracts/notes-terms';
import {
  api,
  Button,
  ErrorScreen,
  formatDate,
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

/** /learning/notes: every note and bookmark the learner keeps, across courses, newest first; search and export. */
export default function NotesPage() {
  useDocumentTitle('My notes');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const read = useApiData(api.note.listNotes, { query: { limit: PAGE, ...(q ? { q } : {}) } });
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  const exportMarkdown = async () => {
    setExporting(true);
    setProblem('');
    try {
      downloadFile(
        notesMarkdown(await allNotes(q), window.location.origin),
        'text/markdown;charset=utf-8',
        'catalyst-notes.md',
      );
    } catch (error) {
      setProblem(`We couldn't export your notes: ${(error as Error).message}`);
    } finally {
      setExporting(false);
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
              {page.total === 1 ? '1 note' : `${page.total.toLocaleString('en-US')} notes`}
              {q ? ` matching “${q}”` : ''}
            </p>
            <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportMarkdown()}>
              Export Markdown
            </Button>
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
