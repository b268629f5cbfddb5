import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  LESSON_START_PARAM,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_PATH,
  SEARCH_TYPE_LABELS,
  searchPagePath,
} from '@catalyst/contracts/search-terms';
import type { SearchSuggestion } from '@catalyst/contracts';
import { api, categoryPath, lessonPath, productPath } from '@catalyst/web-kit';
import styles from './HeaderSearch.module.css';

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

function hrefOf(item: SearchSuggestion): string {
  if (item.kind === 'category') return categoryPath(item.slug);
  if (item.kind === 'creator') return searchPagePath({ q: item.title });
  if (!item.lesson?._id) return productPath({ _id: item._id });
  const at = item.lesson.atSeconds;
  return lessonPath(item._id, item.lesson._id) + (at === null ? '' : `?${LESSON_START_PARAM}=${at}`);
}

/** The header's search box on every page: suggestions as one types (arrow keys, Enter), Enter alone searches. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const listId = useId();
  const onResults = pathname === SEARCH_PAGE_PATH;
  const [text, setText] = useState(() => (onResults ? (new URLSearchParams(search).get('q') ?? '') : ''));
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const q = text.trim();
    if (!q || !open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.search
        .suggest({ query: { q } }, { signal: controller.signal })
        .then((answer) => {
          setSuggestions(answer.items);
          setActive(-1);
        })
        // suggestions are a help: without them the box still searches
        .catch(() => setSuggestions([]));
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open]);

  const go = (href: string) => {
    setOpen(false);
    navigate(href);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (active >= 0 && suggestions[active]) return go(hrefOf(suggestions[active]));
    if (q) go(searchPagePath({ q }));
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
        placeholder="Search courses, creators, lessons"
        aria-label="Search the catalogue"
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
      <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.list} hidden={!shown}>
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
