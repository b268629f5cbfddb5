import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_MAX_LENGTH, SEARCH_TYPE_LABELS, searchPagePath } from '@catalyst/contracts/search-terms';
import type { SearchSuggestion } from '@catalyst/contracts';
import { Dialog } from '@catalyst/web-kit';
import { Search } from '@catalyst/web-kit/icons';
import styles from './SearchPalette.module.css';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recentSearches';
import { hrefOf, useActiveOption, useSearchSuggestions } from './useSearchSuggestions';

/** The palette's groups, in the order shown (and walked by the arrow keys). */
const GROUPS = [
  { key: 'recent', label: 'Recent searches' },
  { key: 'category', label: 'Categories' },
  { key: 'creator', label: 'Creators' },
  { key: 'product', label: 'Courses and products' },
  { key: 'lesson', label: 'Lessons' },
] as const;
type GroupKey = (typeof GROUPS)[number]['key'];

interface Entry {
  group: GroupKey;
  title: string;
  detail: string | null;
  href: string;
  /** The words a recent search searches again (remembered once more, first). */
  search: string | null;
}

const groupOf = (item: SearchSuggestion): GroupKey =>
  item.kind === 'product' && item.lesson ? 'lesson' : item.kind;

const suggestionEntry = (item: SearchSuggestion): Entry => ({
  group: groupOf(item),
  title: item.title,
  detail: item.lesson?.title ?? (item.kind === 'product' ? SEARCH_TYPE_LABELS[item.type] : null),
  href: hrefOf(item),
  search: null,
});

const recentEntry = (q: string): Entry => ({
  group: 'recent',
  title: q,
  detail: null,
  href: searchPagePath({ q }),
  search: q,
});

/** Keys typed into a field are the field's: `/` opens the palette only outside one. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * The command palette: `/` (outside a text field) and ⌘K / Ctrl-K open it anywhere, and on a phone, whose
 * header has no room for the search box, the header's search button does. Suggestions as one types,
 * grouped by kind, and the recent searches before any words; arrow keys choose, Enter opens (Enter alone
 * searches the words), Escape closes and gives focus back.
 */
export function SearchPalette() {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  const suggestions = useSearchSuggestions(text, open);
  const words = text.trim();
  const [active, setActive] = useActiveOption(words ? suggestions : recent);

  const show = useCallback(() => {
    setText('');
    setRecent(readRecentSearches());
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const command = (event.metaKey || event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !typingIn(event.target);
      if (!command && !slash) return;
      // another dialog keeps its keys (the palette's own included)
      if (event.target instanceof Element && event.target.closest('[aria-modal="true"]')) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  const entries: Entry[] = words ? suggestions.map(suggestionEntry) : recent.map(recentEntry);
  // the flat order is the groups' order, so the arrow keys walk what is seen from top to bottom
  const groups = GROUPS.map((group) => ({
    ...group,
    entries: entries.filter((entry) => entry.group === group.key),
  })).filter((group) => group.entries.length > 0);
  const ordered = groups.flatMap((group) => group.entries);

  const go = (entry: Entry) => {
    if (entry.search) rememberSearch(entry.search);
    setOpen(false);
    navigate(entry.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = active >= 0 ? ordered[active] : undefined;
      if (chosen) return go(chosen);
      if (words) go(recentEntry(words));
      return;
    }
    if (!ordered.length || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    // down from the box to the first entry and on, past the last back to the box (-1); up the other way
    const next = active + (event.key === 'ArrowDown' ? 1 : -1);
    setActive(next >= ordered.length ? -1 : next < -1 ? ordered.length - 1 : next);
  };
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-label="Open search"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={show}
      >
        <Search size={20} aria-hidden="true" focusable="false" />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Search">
        <input
          type="search"
          className={styles.input}
          placeholder="Search courses, creators, lessons"
          aria-label="Search for"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={ordered.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && ordered[active] ? optionId(active) : undefined}
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Suggestions" className={styles.list}>
          {groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
              <div role="presentation" id={`${listId}-${group.key}`} className={styles.heading}>
                {group.label}
              </div>
              {group.entries.map((entry) => {
                const i = ordered.indexOf(entry);
                return (
                  <div
                    key={optionId(i)}
                    id={optionId(i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === active}
                    className={styles.option}
                    // mousedown: the box keeps the focus
                    onMouseDown={(event) => {
                      event.preventDefault();
                      go(entry);
                    }}
                  >
                    <span>{entry.title}</span>
                    {entry.detail ? <span className={styles.detail}>{entry.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {!words && recent.length > 0 ? (
          <button
            type="button"
            className={styles.clear}
            onClick={() => {
              clearRecentSearches();
              setRecent([]);
            }}
          >
            Clear recent searches
          </button>
        ) : null}
        <p className={styles.hint}>
          {words
            ? `Enter searches for “${words}”; ↑ ↓ choose a suggestion; Esc closes.`
            : 'Type to search courses, creators and lessons; Esc closes.'}
        </p>
      </Dialog>
    </>
  );
}
