import { useState } from 'react';
import { api, pageCount, useApiData } from '@catalyst/web-kit';
import { useDebouncedValue } from '../shared/useDebouncedValue';
import { BROWSE_CATEGORIES_READ } from '../shell-routes';
import type { CategoryCard } from './types';

/** How many categories one read holds (the first read is the one the shell starts: BROWSE_CATEGORIES_READ). */
export const CATEGORIES_PER_PAGE = BROWSE_CATEGORIES_READ.input.query.limit;

const matches = (category: CategoryCard, needle: string) =>
  category.name.toLowerCase().includes(needle) || (category.description ?? '').toLowerCase().includes(needle);

/**
 * The public categories the page shows, searched by name or description (case-insensitive). A catalogue
 * that one read holds whole (the usual one) is searched in the browser, at every keystroke. A larger one
 * is read a page at a time and searched by the server (the same match) once the typing settles, a new
 * search starting at its first page: no category is out of reach, however many there are.
 */
export function useCategories(search: string) {
  const needle = search.trim().toLowerCase();
  // Known from the first answer: the catalogue holds more categories than one read.
  const [paged, setPaged] = useState(false);
  const settled = useDebouncedValue(needle);
  const serverSearch = paged ? settled : '';
  const [place, setPlace] = useState({ search: serverSearch, page: 1 });
  const page = place.search === serverSearch ? place.page : 1;
  if (place.search !== serverSearch) setPlace({ search: serverSearch, page: 1 });

  const firstRead = page === 1 && !serverSearch;
  const result = useApiData(
    api.category.list,
    firstRead
      ? BROWSE_CATEGORIES_READ.input
      : { query: { limit: CATEGORIES_PER_PAGE, page, search: serverSearch } },
  );
  const answer = result.data;
  if (!paged && answer && answer.total > answer.items.length) setPaged(true);
  const items = answer?.items ?? [];
  return {
    categories: paged ? items : needle ? items.filter((c) => matches(c, needle)) : items,
    /** The first answer is in (a later page or search keeps the list on screen while it loads). */
    hasLoaded: answer !== undefined,
    isLoading: result.isLoading,
    /** The server has yet to answer the search as typed. */
    searching: paged && (settled !== needle || result.isLoading),
    page,
    pages: paged ? pageCount(answer) : 1,
    setPage: (next: number) => setPlace({ search: serverSearch, page: next }),
    error: result.error,
    reload: result.reload,
  };
}
