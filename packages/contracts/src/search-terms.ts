// Catalogue search's words and limits, without zod: what the header's box and the results page import.
import { PRODUCT_TYPES, PRODUCT_TYPE_LABELS, type ProductType } from './catalog-terms';

/** What a result is: a category, a creator, or a product of one of the content types. */
export const SEARCH_TYPES = ['category', 'creator', ...PRODUCT_TYPES] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  category: 'Category',
  creator: 'Creator',
  ...(PRODUCT_TYPE_LABELS satisfies Record<ProductType, string>),
};

/** How results may be ordered; `rating` is the products' average rating, best first. */
export const SEARCH_SORTS = ['relevance', 'newest', 'rating', 'popular'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  rating: 'Highest rated',
  popular: 'Most popular',
};

/** Lengths a product may be filtered by, in minutes: under an hour, one to three hours, longer. */
export const SEARCH_DURATIONS = ['short', 'medium', 'long'] as const;
export type SearchDuration = (typeof SEARCH_DURATIONS)[number];
export const SEARCH_DURATION_LABELS: Record<SearchDuration, string> = {
  short: 'Under 1 hour',
  medium: '1–3 hours',
  long: 'Over 3 hours',
};
/** The bounds of each length, in whole minutes: [from, below). */
export const SEARCH_DURATION_MINUTES: Record<SearchDuration, readonly [number, number | null]> = {
  short: [0, 60],
  medium: [60, 180],
  long: [180, null],
};

/** A search is at most this many characters (and a suggestion's prefix too). */
export const SEARCH_MAX_LENGTH = 100;
/** Results per page of the results page. */
export const SEARCH_PAGE_SIZE = 20;
/** Suggestions offered as a person types. */
export const SEARCH_SUGGESTIONS = 8;
/** How deep paging reaches: past this many results, narrow the search. */
export const SEARCH_WINDOW = 1_000;
/** A page's cursor: where it starts (`o20`). */
export const SEARCH_CURSOR = /^o(\d{1,4})$/;
export const searchCursor = (offset: number) => `o${offset}`;
/** Where the page a cursor names starts: the cursor's offset, 0 for none or one that is not a cursor. */
export const searchOffsetOf = (cursor: string | null | undefined): number =>
  Number(SEARCH_CURSOR.exec(cursor ?? '')?.[1] ?? 0);

export const SEARCH_EMPTY_MESSAGE = 'Type something to search for';
export const SEARCH_TOO_LONG_MESSAGE = `Search must be at most ${SEARCH_MAX_LENGTH} characters`;
export const SEARCH_BAD_CURSOR_MESSAGE = 'This results page is no longer valid: start the search again';

/** The results page (the catalogue remote's), and its address for a search: filters, sort and page in the query. */
export const SEARCH_PAGE_PATH = '/search';
export const searchPagePath = (params: Record<string, string | undefined>): string => {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  return query ? `${SEARCH_PAGE_PATH}?${query}` : SEARCH_PAGE_PATH;
};

/** A lesson address's query naming the second its video starts at: a caption hit's "Play from 0:12". */
export const LESSON_START_PARAM = 't';
/** A product address's query naming the learning path it was opened from (`?path=<slug>`): Up next follows it. */
export const PATH_CONTEXT_PARAM = 'path';

/** The second a lesson's address asks its video to start at, or null (none, or not a whole second). */
export function lessonStartOf(search: URLSearchParams): number | null {
  const raw = search.get(LESSON_START_PARAM);
  const seconds = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : null;
  return seconds;
}
