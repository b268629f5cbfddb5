import { useSearchParams } from 'react-router-dom';
import { api, useApiData } from '@catalyst/web-kit';

/** The URL's query parameters the results page reads (and writes: facets, sort and page live in the URL). */
export const SEARCH_PARAMS = [
  'q',
  'type',
  'categoryId',
  'level',
  'free',
  'duration',
  'sort',
  'cursor',
] as const;
export type SearchParams = Partial<Record<(typeof SEARCH_PARAMS)[number], string>>;

/** The search the address names, and its answer; nothing is asked while there are no words to search for. */
export function useSearch() {
  const [searchParams] = useSearchParams();
  const params: SearchParams = {};
  for (const name of SEARCH_PARAMS) {
    const value = searchParams.get(name)?.trim();
    if (value) params[name] = value;
  }
  // The server validates every value as it arrives from the address: a bad one is its 400, shown with its message.
  const result = useApiData(api.search.search, params.q ? { query: params as never } : null);
  return { params, ...result };
}
