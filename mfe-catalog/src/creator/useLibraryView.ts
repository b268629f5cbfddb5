import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DIFFICULTIES, PRODUCT_SORTS, PRODUCT_TYPES } from '@catalyst/contracts';
import { useDebouncedValue } from '../shared/useDebouncedValue';
import type { LibraryFilters } from './useCreatorLibrary';

export type LibraryLayout = 'grid' | 'list';
export interface LibraryView extends LibraryFilters {
  layout: LibraryLayout;
}

const DEFAULT_VIEW: LibraryView = { search: '', type: '', difficulty: '', sort: 'sortOrder', layout: 'grid' };
/** The query-string name of each setting; a setting at its default is left out of the address. */
const PARAM_NAMES: Record<keyof LibraryView, string> = {
  search: 'search',
  type: 'type',
  difficulty: 'level',
  sort: 'sort',
  layout: 'layout',
};

/** One of the known values, else the fallback: a hand-edited or stale address never breaks the page. */
function accepted<T extends string, F>(known: readonly T[], value: string | null, fallback: F): T | F {
  return known.includes(value as T) ? (value as T) : fallback;
}

/** The library's search, filters, sort and layout as the address holds them. */
export function readLibraryView(params: URLSearchParams): LibraryView {
  return {
    search: params.get(PARAM_NAMES.search) ?? '',
    type: accepted(PRODUCT_TYPES, params.get(PARAM_NAMES.type), DEFAULT_VIEW.type),
    difficulty: accepted(DIFFICULTIES, params.get(PARAM_NAMES.difficulty), DEFAULT_VIEW.difficulty),
    sort: accepted(PRODUCT_SORTS, params.get(PARAM_NAMES.sort), DEFAULT_VIEW.sort),
    layout: params.get(PARAM_NAMES.layout) === 'list' ? 'list' : 'grid',
  };
}

function writeLibraryView(params: URLSearchParams, view: LibraryView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(PARAM_NAMES) as Array<keyof LibraryView>) {
    if (view[key] === DEFAULT_VIEW[key]) next.delete(PARAM_NAMES[key]);
    else next.set(PARAM_NAMES[key], view[key]);
  }
  return next;
}

/**
 * The library's view kept in the query string, so a reload, a shared link and back/forward all show the same
 * list. Each choice is a history entry; the search box writes once typing settles (the first word a new entry,
 * later edits replace it), and follows the address when back/forward or Clear filters change it.
 */
export function useLibraryView() {
  const [params, setParams] = useSearchParams();
  const view = readLibraryView(params);
  const [searchText, setSearchText] = useState(view.search);
  const settledSearch = useDebouncedValue(searchText, 250);
  const written = useRef(view.search);

  // Every write builds on the address as it is now. The router's params are those of the last render (its own
  // functional setter hands out the same), so two writes before the next render (a settled search and Clear
  // filters, two choices on a slow device) would each start from the old address and the later would undo the
  // earlier. What this hook last wrote stands in until a render brings new params (handlers and effects
  // always come from the last render, so theirs are the router's latest).
  const pending = useRef<{ over: URLSearchParams; address: URLSearchParams } | null>(null);
  const currentAddress = () => (pending.current?.over === params ? pending.current.address : params);

  const change = (next: Partial<LibraryView>, options: { replace?: boolean } = {}) => {
    const current = currentAddress();
    const address = writeLibraryView(current, { ...readLibraryView(current), ...next });
    pending.current = { over: params, address };
    setParams(address, options);
  };

  // Only a settled edit of the box writes the address, reading the box and the address as they are then.
  const writeSettledSearch = useEffectEvent((settled: string) => {
    // A value the box no longer holds is not written: a timer that fired as Clear filters or back/forward
    // changed the box must not put the old search back in the address.
    if (settled === written.current || settled !== searchText) return;
    written.current = settled;
    change({ search: settled }, { replace: readLibraryView(currentAddress()).search !== '' });
  });
  useEffect(() => writeSettledSearch(settledSearch), [settledSearch]);

  useEffect(() => {
    if (view.search === written.current) return;
    written.current = view.search;
    setSearchText(view.search);
  }, [view.search]);

  const filtering =
    searchText.trim() !== '' || view.search.trim() !== '' || view.type !== '' || view.difficulty !== '';
  const clearFilters = () => {
    written.current = '';
    setSearchText('');
    change({ search: '', type: '', difficulty: '' });
  };

  return { view, change, searchText, setSearchText, filtering, clearFilters };
}
