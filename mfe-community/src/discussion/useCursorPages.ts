import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CursorPage } from '@catalyst/contracts';

export interface CursorPages<T extends { _id: string }> {
  items: T[];
  total: number;
  nextCursor: string | null;
  /** The first page is on its way. */
  loading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  error: unknown;
  /** The failure of the last "Load more" (the items read so far stay). */
  moreError: unknown;
  loadMore: () => void;
  reload: () => void;
  /** Replaces one item by id (a vote, an edit, a deletion answered by the server). */
  replace: (item: T) => void;
  /** Changes every item (e.g. the answer moved to another reply). */
  map: (change: (item: T) => T) => void;
  /** Puts a new item first or last (counted in the total); an item already listed is replaced. */
  add: (item: T, where: 'first' | 'last') => void;
  /**
   * Once every page is read: reads the last page again and what follows it (items added since), keeping the
   * list's order; answers the items that were not listed yet (none while further pages are still unread).
   */
  refreshTail: () => Promise<T[]>;
  /** Whether the list holds this item now (for callbacks made before the latest render). */
  has: (id: string) => boolean;
}

/** The most pages one refresh follows (a flood of new items is left to "Load more"). */
const TAIL_PAGES = 5;

/** A list whose first page is on its way. */
const firstPageLoading = <T>() => ({
  items: [] as T[],
  total: 0,
  nextCursor: null as string | null,
  loading: true,
  loadingMore: false,
  error: null as unknown,
  moreError: null as unknown,
});

/**
 * Keyset pages of a list (`nextCursor` from each answer; "Load more" asks for the next). `key` names the
 * list: a new key reads its first page again, and answers for an older key are dropped.
 */
export function useCursorPages<T extends { _id: string }>(
  key: string,
  load: (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>,
): CursorPages<T> {
  const [state, setState] = useState(firstPageLoading<T>);
  const [version, setVersion] = useState(0);
  // A new list (another key, a reload) starts empty and loading, from the render that asks for it.
  const read = JSON.stringify([key, version]);
  const [shownRead, setShownRead] = useState(read);
  if (read !== shownRead) {
    setShownRead(read);
    setState(firstPageLoading<T>());
  }
  // Reads and "Load more" call the page's loader as it is by then; so do callbacks made before a render.
  const loader = useRef(load);
  const latest = useRef(state);
  useLayoutEffect(() => {
    loader.current = load;
    latest.current = state;
  });
  const current = useRef<AbortController | null>(null);
  /** The cursor the last page read was asked with (undefined: the first page). */
  const tail = useRef<string | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    current.current = controller;
    tail.current = undefined;
    loader
      .current(undefined, controller.signal)
      .then(
        (page) =>
          !controller.signal.aborted &&
          setState({
            items: page.items,
            total: page.total,
            nextCursor: page.nextCursor,
            loading: false,
            loadingMore: false,
            error: null,
            moreError: null,
          }),
      )
      .catch(
        (error: unknown) =>
          !controller.signal.aborted && setState((previous) => ({ ...previous, loading: false, error })),
      );
    return () => controller.abort();
  }, [key, version]);

  const loadMore = useCallback(() => {
    const controller = current.current;
    const { nextCursor, loadingMore } = latest.current;
    if (!nextCursor || loadingMore || !controller) return;
    latest.current = { ...latest.current, loadingMore: true };
    setState((previous) => ({ ...previous, loadingMore: true, moreError: null }));
    loader
      .current(nextCursor, controller.signal)
      .then((page) => {
        if (controller.signal.aborted) return;
        tail.current = nextCursor;
        setState((now) => {
          // an item added meanwhile (a reply just posted) may also be on the next page: it is kept once
          const known = new Set(now.items.map((item) => item._id));
          return {
            ...now,
            items: [...now.items, ...page.items.filter((item) => !known.has(item._id))],
            total: page.total,
            nextCursor: page.nextCursor,
            loadingMore: false,
          };
        });
      })
      .catch(
        (moreError: unknown) =>
          !controller.signal.aborted && setState((now) => ({ ...now, loadingMore: false, moreError })),
      );
  }, []);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const map = useCallback(
    (change: (item: T) => T) => setState((previous) => ({ ...previous, items: previous.items.map(change) })),
    [],
  );
  const replace = useCallback((item: T) => map((known) => (known._id === item._id ? item : known)), [map]);
  const add = useCallback(
    (item: T, where: 'first' | 'last') =>
      setState((previous) =>
        previous.items.some((known) => known._id === item._id)
          ? { ...previous, items: previous.items.map((known) => (known._id === item._id ? item : known)) }
          : {
              ...previous,
              total: previous.total + 1,
              items: where === 'first' ? [item, ...previous.items] : [...previous.items, item],
            },
      ),
    [],
  );

  const refreshTail = useCallback(async (): Promise<T[]> => {
    const controller = current.current;
    const { loading, loadingMore, nextCursor, error } = latest.current;
    if (!controller || loading || loadingMore || nextCursor || error) return [];
    let cursor = tail.current;
    const read: T[] = [];
    let next: string | null = null;
    let total = latest.current.total;
    for (let pages = 0; pages < TAIL_PAGES; pages += 1) {
      const page = await loader.current(cursor, controller.signal);
      if (controller.signal.aborted) return [];
      read.push(...page.items);
      total = page.total;
      next = page.nextCursor;
      if (!next) break;
      cursor = next;
    }
    if (next === null) tail.current = cursor;
    const known = new Set(latest.current.items.map((item) => item._id));
    const added = read.filter((item) => !known.has(item._id));
    const fresh = new Map(read.map((item) => [item._id, item]));
    setState((now) => {
      const listed = new Set(now.items.map((item) => item._id));
      return {
        ...now,
        items: [
          ...now.items.map((item) => fresh.get(item._id) ?? item),
          ...read.filter((item) => !listed.has(item._id)),
        ],
        total,
        // more than a refresh follows: the rest comes with "Load more"
        nextCursor: next,
      };
    });
    return added;
  }, []);

  const has = useCallback((id: string) => latest.current.items.some((item) => item._id === id), []);
  return { ...state, loadMore, reload, replace, map, add, refreshTail, has };
}
