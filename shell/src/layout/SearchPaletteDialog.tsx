import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_MAX_LENGTH, searchPagePath, type SearchType } from '@catalyst/contracts/search-terms';
import type { ProductType, SearchSuggestion } from '@catalyst/contracts';
import { Dialog, useStrings } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import { searchStrings } from '../i18n/search/en';
import styles from './SearchPalette.module.css';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recentSearches';
import { hrefOf, useActiveOption, useSearchSuggestions } from './useSearchSuggestions';

/** The palette's groups, in the order shown (and walked by the arrow keys), each with its heading's key. */
const GROUPS = [
  { key: 'recent', label: 'palette.recent' },
  { key: 'category', label: 'palette.category' },
  { key: 'creator', label: 'palette.creator' },
  { key: 'product', label: 'palette.product' },
  { key: 'lesson', label: 'palette.lesson' },
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

/** A product's type as its entry names it ('Course'). */
const PRODUCT_TYPE_KEYS = {
  course: 'palette.type.course',
  tutorial: 'palette.type.tutorial',
  video: 'palette.type.video',
  document: 'palette.type.document',
  webinar: 'palette.type.webinar',
} as const satisfies Record<ProductType, string>;
const isProductType = (type: SearchType): type is keyof typeof PRODUCT_TYPE_KEYS => type in PRODUCT_TYPE_KEYS;

const suggestionEntry = (item: SearchSuggestion): Entry => ({
  group: groupOf(item),
  title: item.title,
  detail:
    item.lesson?.title ?? (isProductType(item.type) ? searchStrings.t(PRODUCT_TYPE_KEYS[item.type]) : null),
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

/**
 * The palette once opened (loaded then: the welcome page's first scripts carry none of it): suggestions as one
 * types, grouped by kind, and the recent searches before any words; arrow keys choose, Enter opens (Enter alone
 * searches the words), Escape closes and gives focus back.
 */
export default function SearchPaletteDialog({
  onClose,
  typedBefore,
}: {
  onClose: () => void;
  /** What was typed after opening, before this dialog had loaded. */
  typedBefore?: () => string;
}) {
  const t = useStrings(searchStrings);
  const shellT = useStrings(shellStrings);
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(() => (typedBefore?.() ?? '').slice(0, SEARCH_MAX_LENGTH));
  const [recent, setRecent] = useState(readRecentSearches);
  const suggestions = useSearchSuggestions(text, true);
  const words = text.trim();
  const [active, setActive] = useActiveOption(words ? suggestions : recent);

  const entries: Entry[] = words ? suggestions.map(suggestionEntry) : recent.map(recentEntry);
  // the flat order is the groups' order, so the arrow keys walk what is seen from top to bottom
  const groups = GROUPS.map((group) => ({
    ...group,
    entries: entries.filter((entry) => entry.group === group.key),
  })).filter((group) => group.entries.length > 0);
  const ordered = groups.flatMap((group) => group.entries);

  const go = (entry: Entry) => {
    if (entry.search) rememberSearch(entry.search);
    onClose();
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
    <Dialog open onClose={onClose} title={t('palette.title')}>
      <input
        type="search"
        className={styles.input}
        placeholder={shellT('header.search')}
        aria-label={t('palette.label')}
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
        // words typed before it loaded are there already: the caret goes after them
        onFocus={(event) => event.currentTarget.setSelectionRange(text.length, text.length)}
      />
      <div id={listId} role="listbox" aria-label={shellT('header.suggestions')} className={styles.list}>
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
            <div role="presentation" id={`${listId}-${group.key}`} className={styles.heading}>
              {t(group.label)}
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
          {t('palette.clear')}
        </button>
      ) : null}
      <p className={styles.hint}>{words ? t('palette.hintWords', { words }) : t('palette.hint')}</p>
    </Dialog>
  );
}
