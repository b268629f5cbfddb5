import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { NOTE_BODY_MAX, noteTime } from '@catalyst/contracts/notes-terms';
import type { Note } from '@catalyst/contracts';
import { Button, useStrings } from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { playerStrings } from '../i18n/en';
import { formatCount } from '../i18n/formats';
import type { VideoPlayerHandle } from '../player/VideoPlayer';
import { Transcript, type TranscriptProps } from '../transcript/Transcript';
import { LEARNING_TAB_STORAGE_KEY as TAB_KEY } from './learningTab';
import { newNoteId, type LessonNotes, type ListedNote } from './useNotes';
import styles from './NotesPanel.module.css';

/** A key typed into a field is the field's: `N` adds a note only when the focus is elsewhere. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const failureOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : playerStrings.t('notes.saveFailed');

/** The note form: Markdown text (empty: a bookmark); what was typed stays until it is saved. */
function NoteForm({
  label,
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSave: (body: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useStrings(playerStrings);
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => ref.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (body.length > NOTE_BODY_MAX)
      return setFailure(t('notes.tooLong', { max: formatCount(NOTE_BODY_MAX) }));
    setBusy(true);
    setFailure(null);
    try {
      await onSave(body);
    } catch (error) {
      setFailure(failureOf(error));
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={styles.textarea}
        value={body}
        rows={3}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        aria-invalid={failure ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t('notes.hint', { length: formatCount(body.length), max: formatCount(NOTE_BODY_MAX) })}
      </p>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A note's text: the server's sanitised HTML, its Markdown as written while kept on this device, or Bookmark. */
function NoteText({ note }: { note: ListedNote }) {
  const t = useStrings(playerStrings);
  if (!note.body.trim()) return <p className={styles.bookmark}>{t('notes.bookmark')}</p>;
  if (note.pending)
    return (
      <p className={styles.plain} dir="auto">
        {note.body}
      </p>
    );
  return <SafeHtml html={note.bodyHtml} source="ugc" className={styles.markdown} />;
}

type Tab = 'notes' | 'transcript';
/** The tab a learner last chose is shown first on the next video (kept under TAB_KEY). */
const storedTab = (): Tab => {
  try {
    return localStorage.getItem(TAB_KEY) === 'transcript' ? 'transcript' : 'notes';
  } catch {
    return 'notes';
  }
};

/**
 * The learning tools beside the video, as tabs: Notes (the learner's, when kept: see NotesTab) and, when the
 * video has captions, Transcript (see Transcript). Arrow keys, Home and End move between the tabs.
 */
export function NotesPanel({
  notes,
  playerRef,
  transcript,
}: {
  /** The learner's notes; null: no Notes tab (a visitor's free preview). */
  notes: LessonNotes | null;
  playerRef: RefObject<VideoPlayerHandle | null>;
  /** The video's captions (none: no Transcript tab). */
  transcript?: Omit<TranscriptProps, 'playerRef'> | null;
}) {
  const t = useStrings(playerStrings);
  const [chosen, setChosen] = useState<Tab>(storedTab);
  const tabs: Tab[] = [
    ...(notes ? (['notes'] as const) : []),
    ...(transcript ? (['transcript'] as const) : []),
  ];
  const tab: Tab = tabs.includes(chosen) ? chosen : (tabs[0] ?? 'notes');
  // The transcript reads its captions file the first time its tab shows (then stays, with its search), not on
  // every page that could show it: the player's own <track> reads the file once, when captions are turned on.
  const [transcriptShown, setTranscriptShown] = useState(false);
  if (tab === 'transcript' && !transcriptShown) setTranscriptShown(true);
  const choose = (next: Tab, remember = true) => {
    setChosen(next);
    if (!remember) return;
    try {
      localStorage.setItem(TAB_KEY, next);
    } catch {
      // private mode: the choice lasts the page
    }
  };
  const notesTabId = useId();
  const transcriptTabId = useId();
  const tabsRef = useRef<HTMLDivElement>(null);
  const onTabKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(tab);
    // the tabs run right to left in Arabic: the arrow pointing onward moves on
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const onward = (at + 1) % tabs.length;
    const back = (at - 1 + tabs.length) % tabs.length;
    const keys: Record<string, number> = {
      ArrowRight: rtl ? back : onward,
      ArrowLeft: rtl ? onward : back,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[next]!);
    tabsRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  const tabButton = (which: Tab, id: string, label: string) => (
    <button
      type="button"
      role="tab"
      id={id}
      aria-selected={tab === which}
      aria-controls={`${id}-panel`}
      tabIndex={tab === which ? 0 : -1}
      className={styles.tab}
      onClick={() => choose(which)}
    >
      {label}
    </button>
  );
  if (tabs.length === 0) return null;

  return (
    <section className={styles.panel} aria-label={t('notes.tools')}>
      {/* eslint-disable-next-line jsx-a11y-x/interactive-supports-focus -- the tabs inside take the focus */}
      <div
        role="tablist"
        aria-label={t('notes.tools')}
        className={styles.tabs}
        ref={tabsRef}
        onKeyDown={onTabKey}
      >
        {notes ? tabButton('notes', notesTabId, t('notes.tab')) : null}
        {transcript ? tabButton('transcript', transcriptTabId, t('transcript.tab')) : null}
      </div>
      {notes ? (
        <div
          role="tabpanel"
          id={`${notesTabId}-panel`}
          aria-labelledby={notesTabId}
          className={styles.tabPanel}
          hidden={tab !== 'notes'}
          data-testid="notes-panel"
        >
          <NotesTab notes={notes} playerRef={playerRef} onWrite={() => choose('notes', false)} />
        </div>
      ) : null}
      {transcript ? (
        <div
          role="tabpanel"
          id={`${transcriptTabId}-panel`}
          aria-labelledby={transcriptTabId}
          className={styles.tabPanel}
          hidden={tab !== 'transcript'}
          data-testid="transcript-panel"
        >
          {transcriptShown ? <Transcript {...transcript} playerRef={playerRef} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The Notes tab: the lesson's notes with their time (click one to jump there), the note form (Add note, or
 * `N` when the focus is not in a field: a note at the current second, shown on this tab), edit and delete.
 */
function NotesTab({
  notes,
  playerRef,
  onWrite,
}: {
  notes: LessonNotes;
  playerRef: RefObject<VideoPlayerHandle | null>;
  /** A note is being written: the Notes tab is shown. */
  onWrite: () => void;
}) {
  const t = useStrings(playerStrings);
  /** The note being written: its id (kept across retries) and second. */
  const [draft, setDraft] = useState<{ id: string; seconds: number } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const addRef = useRef<HTMLDivElement>(null);
  // The form closed (saved or cancelled): the focus goes back to Add note.
  const drafting = useRef(false);
  useEffect(() => {
    if (drafting.current && !draft) addRef.current?.querySelector('button')?.focus();
    drafting.current = !!draft;
  }, [draft]);

  const start = () => {
    const seconds = Math.floor(playerRef.current?.currentTime() ?? 0);
    setEditing(null);
    onWrite();
    setDraft((current) => current ?? { id: newNoteId(), seconds });
  };
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' && event.key !== 'N') return;
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      startRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const remove = async (note: Note) => {
    setFailure(null);
    try {
      await notes.remove(note.id);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const items = notes.items;
  return (
    <>
      {draft ? (
        <NoteForm
          label={t('notes.noteAt', { time: noteTime(draft.seconds) })}
          initial=""
          submitLabel={t('notes.save')}
          onSave={async (body) => {
            await notes.add(draft.id, draft.seconds, body);
            setDraft(null);
          }}
          onCancel={() => setDraft(null)}
        />
      ) : (
        <div ref={addRef}>
          <Button size="sm" variant="secondary" onClick={start} title={t('notes.addTitle')}>
            {t('notes.add')}
          </Button>
        </div>
      )}
      {notes.error && !items ? (
        <div className={styles.failure}>
          <p>{t('notes.loadFailed')}</p>
          <Button size="sm" variant="secondary" onClick={notes.reload}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      {items && items.length === 0 && !draft ? <p className={styles.empty}>{t('notes.empty')}</p> : null}
      {/* While the notes load, the empty list's room is kept, so nothing below the panel moves when they come. */}
      {!items && !notes.error && !draft ? (
        <p className={`${styles.empty} ${styles.standIn}`} aria-hidden="true">
          {t('notes.empty')}
        </p>
      ) : null}
      {items && items.length > 0 ? (
        // eslint-disable-next-line jsx-a11y-x/no-redundant-roles -- Safari drops the list role of a list without markers
        <ol role="list" className={styles.list} aria-label={t('notes.list')}>
          {items.map((note) => (
            <li key={note.id} className={styles.item}>
              <button
                type="button"
                className={styles.time}
                onClick={() => playerRef.current?.seekTo(note.seconds)}
                aria-label={t('notes.playFrom', { time: noteTime(note.seconds) })}
              >
                {noteTime(note.seconds)}
              </button>
              {editing === note.id ? (
                <NoteForm
                  label={t('notes.editAt', { time: noteTime(note.seconds) })}
                  initial={note.body}
                  submitLabel={t('notes.save')}
                  onSave={async (body) => {
                    await notes.edit(note.id, body);
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className={styles.body}>
                  <NoteText note={note} />
                  {note.pending ? (
                    <p className={styles.pending}>{t('notes.pending')}</p>
                  ) : (
                    <div className={styles.actions}>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          setDraft(null);
                          setEditing(note.id);
                        }}
                        aria-label={t('notes.editAt', { time: noteTime(note.seconds) })}
                      >
                        {t('notes.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => void remove(note)}
                        aria-label={t('notes.deleteAt', { time: noteTime(note.seconds) })}
                      >
                        {t('notes.delete')}
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
