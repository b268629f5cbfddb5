import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { noteTime } from '@catalyst/contracts/notes-terms';
import { Button, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import type { VideoPlayerHandle } from '../player/VideoPlayer';
import { lineAt, spokenTime, useTranscript, type TranscriptLine } from './useTranscript';
import styles from './Transcript.module.css';

/** After the learner scrolls the transcript themselves, it follows the video again this much later. */
const FOLLOW_AGAIN_MS = 5_000;
/** Shorter searches would mark half the lesson. */
const SEARCH_MIN_CHARS = 2;

export interface TranscriptProps {
  /** The captions file the player's text track reads (WebVTT). */
  captionsUrl: string;
  /** The captions themselves, when kept on this device (a saved copy's): read instead of fetching the address. */
  captionsText?: string;
  /** The captions' language when their file names none (the player's track's srclang). */
  lang: string;
  playerRef: RefObject<VideoPlayerHandle | null>;
  /** The address of this video at a second (a passage copied carries it). */
  linkAt: (seconds: number) => string;
  /** The seconds of the search's matches (marked on the seek bar), [] without a search. */
  onMatches: (seconds: number[]) => void;
}

/** `words` with each case-insensitive occurrence of `query` marked. */
function Marked({ words, query }: { words: string; query: string }) {
  if (!query) return <>{words}</>;
  const lower = words.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, at + query.length)) {
    if (at > from) parts.push(words.slice(from, at));
    parts.push(<mark key={at}>{words.slice(at, at + query.length)}</mark>);
    from = at + query.length;
  }
  parts.push(words.slice(from));
  return <>{parts}</>;
}

/** The passage a selection covers: its lines' words and the second the first starts at, or null. */
function selectedPassage(list: HTMLElement | null, lines: readonly TranscriptLine[]) {
  const selection = window.getSelection();
  if (!list || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const chosen = Array.from(list.querySelectorAll<HTMLElement>('[data-line]')).filter((item) =>
    range.intersectsNode(item),
  );
  if (chosen.length === 0) return null;
  const first = lines[Number(chosen[0]!.dataset.line)]!;
  return { start: first.start, text: selection.toString().replace(/\s+/g, ' ').trim() };
}

/**
 * The Transcript tab: the lesson's captions as a list of lines, the one being said highlighted and kept in
 * view inside the list (never moving the page or the focus), a line's button seeks there, a search marks its
 * matches (and the seek bar), and a passage copied carries its time and a link to that second.
 */
export function Transcript({
  captionsUrl,
  captionsText,
  lang,
  playerRef,
  linkAt,
  onMatches,
}: TranscriptProps) {
  const t = useStrings(playerStrings);
  const { state, retry } = useTranscript(captionsUrl, captionsText);
  const lines = state.status === 'ready' ? state.lines : null;
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [now, setNow] = useState(0);
  const [copied, setCopied] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const followedAt = useRef(0); // when the list last scrolled on its own
  const userScrolledAt = useRef(-Infinity);

  // The player's time: its video's timeupdate and seeked events (they do not bubble; caught on the way down).
  useEffect(() => {
    const read = () => setNow(playerRef.current?.currentTime() ?? 0);
    read();
    document.addEventListener('timeupdate', read, true);
    document.addEventListener('seeked', read, true);
    return () => {
      document.removeEventListener('timeupdate', read, true);
      document.removeEventListener('seeked', read, true);
    };
  }, [playerRef]);

  const current = lines ? lineAt(lines, now) : -1;
  const needle = query.trim().toLowerCase();
  const searching = needle.length >= SEARCH_MIN_CHARS;
  const matches = useMemo(
    () => (lines && searching ? lines.filter((line) => line.words.toLowerCase().includes(needle)) : []),
    [lines, needle, searching],
  );
  const onMatchesRef = useRef(onMatches);
  useEffect(() => {
    onMatchesRef.current = onMatches;
  });
  useEffect(() => {
    onMatchesRef.current(matches.map((line) => line.start));
  }, [matches]);
  useEffect(() => () => onMatchesRef.current([]), []);

  // The line being said stays in view inside the list (scrollTop: the page itself never scrolls), unless the
  // learner has just scrolled the list to read elsewhere.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>(`[data-line="${current}"]`);
    if (!list || !item || Date.now() - userScrolledAt.current < FOLLOW_AGAIN_MS) return;
    const top = item.offsetTop; // the list is the line's offset parent (position: relative)
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      followedAt.current = Date.now();
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }, [current]);

  const passageText = (text: string, start: number) => `"${text}" (${noteTime(start)}) ${linkAt(start)}`;
  // Copying from the transcript adds the passage's time and link.
  const onCopy = (event: ClipboardEvent<HTMLOListElement>) => {
    const passage = lines && selectedPassage(listRef.current, lines);
    if (!passage) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', passageText(passage.text, passage.start));
    setCopied(t('transcript.copied', { time: noteTime(passage.start) }));
  };
  // The button copies the selected passage, or the line being said.
  const copyPassage = async () => {
    if (!lines) return;
    const passage =
      selectedPassage(listRef.current, lines) ??
      (lines[Math.max(0, current)] && {
        start: lines[Math.max(0, current)]!.start,
        text: lines[Math.max(0, current)]!.words,
      });
    if (!passage) return;
    try {
      await navigator.clipboard.writeText(passageText(passage.text, passage.start));
      setCopied(t('transcript.copied', { time: noteTime(passage.start) }));
    } catch {
      setCopied(t('transcript.copyRefused'));
    }
  };

  if (state.status === 'failed')
    return (
      <div className={styles.failure}>
        <p>{t('transcript.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  if (!lines) return <p className={styles.note}>{t('transcript.loading')}</p>;
  if (lines.length === 0) return <p className={styles.note}>{t('transcript.empty')}</p>;

  return (
    <div className={styles.transcript}>
      <div className={styles.tools}>
        <label htmlFor={searchId} className="ck-visually-hidden">
          {t('transcript.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={t('transcript.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button size="sm" variant="secondary" onClick={() => void copyPassage()}>
          {t('transcript.copy')}
        </Button>
      </div>
      <p className={styles.note} role="status">
        {searching
          ? matches.length === 0
            ? t('transcript.noMatch', { query: query.trim() })
            : t('transcript.matches', { count: matches.length })
          : copied}
      </p>
      {/* eslint-disable-next-line jsx-a11y-x/no-redundant-roles -- Safari drops the list role of a list without markers */}
      <ol
        ref={listRef}
        role="list"
        className={styles.list}
        aria-label={t('transcript.tab')}
        // the captions' own language when their file names it (read aloud and hyphenated as it)
        lang={(state.status === 'ready' && state.language) || lang}
        onCopy={onCopy}
        onScroll={() => {
          if (Date.now() - followedAt.current > 250) userScrolledAt.current = Date.now();
        }}
      >
        {lines.map((line, i) => (
          <li key={`${line.start}-${i}`} data-line={i}>
            <button
              type="button"
              className={[
                styles.line,
                i === current ? styles.current : '',
                searching && matches.includes(line) ? styles.match : '',
              ].join(' ')}
              aria-current={i === current ? 'time' : undefined}
              onClick={() => playerRef.current?.seekTo(line.start)}
            >
              <span className={styles.time} aria-hidden="true">
                {noteTime(line.start)}
              </span>
              <span className="ck-visually-hidden">{`${spokenTime(line.start)}:`}</span>{' '}
              {/* the captions' words run in their own direction, whatever the page's */}
              <span className={styles.words} dir="auto">
                <Marked words={line.words} query={searching ? needle : ''} />
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
