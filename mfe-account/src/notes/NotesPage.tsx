import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { NoteListItem } from '@catalyst/contracts';
import { noteTime } from '@catalyst/contracts/notes-terms';
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
  useStrings,
  formatCount,
} from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { accountStrings } from '../i18n/en';
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
  const t = useStrings(accountStrings);
  useDocumentTitle(t('notes.documentTitle'));
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
          notesMarkdown(await allNotes(q), window.location.origin, t),
          'text/markdown;charset=utf-8',
          'catalyst-notes.md',
        );
    } catch (error) {
      setProblem(t('notes.exportFailed', { reason: (error as Error).message }));
    } finally {
      setExporting(null);
    }
  };

  const page = read.data;
  return (
    <div className={styles.page} data-testid={remoteTestId('account')}>
      <h1 className={styles.heading}>{t('notes.title')}</h1>
      <form className={styles.search} role="search" onSubmit={search}>
        <TextField label={t('notes.searchLabel')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="secondary">
          {t('notes.search')}
        </Button>
      </form>
      <p role="status" className={styles.problem}>
        {problem}
      </p>
      {read.error ? (
        <ErrorScreen
          message={t('notes.loadFailed')}
          onRetry={read.reload}
          retryLabel={t('learning.tryAgain')}
        />
      ) : !page ? (
        <Spinner message={t('notes.loading')} />
      ) : page.items.length === 0 ? (
        <p className={styles.empty}>{q ? t('notes.noMatch', { q }) : t('notes.none')}</p>
      ) : (
        <>
          <div className={styles.bar}>
            <p className={styles.count}>
              {t('notes.count', {
                count: page.total,
                number: formatCount(page.total),
              })}
              {q ? t('notes.matching', { q }) : ''}
            </p>
            <div className={styles.exports}>
              <Button
                variant="secondary"
                size="sm"
                loading={exporting === 'markdown'}
                disabled={exporting !== null}
                onClick={() => void exportAs('markdown')}
              >
                {t('notes.exportMarkdown')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                loading={exporting === 'pdf'}
                disabled={exporting !== null}
                onClick={() => void exportAs('pdf')}
              >
                {t('notes.exportPdf')}
              </Button>
            </div>
          </div>
          <ul className={styles.list} aria-label={t('notes.list')}>
            {page.items.map((note) => (
              <li key={note.id} className={styles.item}>
                <p className={styles.meta}>
                  <Link to={notePlace(note)}>
                    {productTitleOf(note, t)} · {noteTime(note.seconds)}
                  </Link>{' '}
                  · {formatDate(note.updatedAt)}
                </p>
                {note.body.trim() === '' ? (
                  <p className={styles.bookmark}>{t('notes.bookmark')}</p>
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
