import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_PATH,
  SEARCH_TYPE_LABELS,
  searchPagePath,
} from '@catalyst/contracts/search-terms';
import { useStrings } from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import styles from './HeaderSearch.module.css';
import { rememberSearch } from './recentSearches';
import { hrefOf, useActiveOption, useSearchSuggestions } from './useSearchSuggestions';

/** The header's search box on every page: suggestions as one types (arrow keys, Enter), Enter alone searches. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const listId = useId();
  const t = useStrings(shellStrings);
  const onResults = pathname === SEARCH_PAGE_PATH;
  const [text, setText] = useState(() => (onResults ? (new URLSearchParams(search).get('q') ?? '') : ''));
  const [open, setOpen] = useState(false);
  const suggestions = useSearchSuggestions(text, open);
  const [active, setActive] = useActiveOption(suggestions);

  const go = (href: string) => {
    setOpen(false);
    navigate(href);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (active >= 0 && suggestions[active]) return go(hrefOf(suggestions[active]));
    if (!q) return;
    rememberSearch(q);
    go(searchPagePath({ q }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') return setOpen(false);
    if (!suggestions.length || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    setOpen(true);
    // down from the box to the first suggestion and on, past the last back to the box (-1); up the other way
    const next = active + (event.key === 'ArrowDown' ? 1 : -1);
    setActive(next >= suggestions.length ? -1 : next < -1 ? suggestions.length - 1 : next);
  };
  const shown = open && text.trim() !== '' && suggestions.length > 0;

  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <input
        type="search"
        className={styles.input}
        placeholder={t('header.search')}
        aria-label={t('header.searchLabel')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('header.suggestions')}
        className={styles.list}
        hidden={!shown}
      >
        {suggestions.map((item, i) => (
          <li
            key={`${item.kind}:${item._id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            // mousedown, before the input's blur closes the list
            onMouseDown={(event) => {
              event.preventDefault();
              go(hrefOf(item));
            }}
          >
            <span>{item.title}</span>
            <span className={styles.kind}>
              {item.lesson?.title ? `Lesson: ${item.lesson.title}` : SEARCH_TYPE_LABELS[item.type]}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
