import type { Kysely } from 'kysely';
import {
  SEARCH_SUGGESTIONS,
  type SearchQuery,
  type SearchResult,
  type SearchSuggestion,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { rebuildIndex, searchCatalogue, suggest } from './search.repository';

/**
 * Catalogue search, whatever answers it. Today Postgres full-text search over documents kept by triggers
 * (search.repository.ts); a dedicated engine (Meilisearch, OpenSearch) would be another implementation of
 * this interface, fed from the same documents (see docs/architecture.md, "Search").
 */
export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResult>;
  suggest(q: string): Promise<SearchSuggestion[]>;
  /** Rebuilds the whole index from the catalogue; what it now holds. */
  reindex(): Promise<{ documents: number; words: number }>;
}

/**
 * One read for every identical question asked while it runs: an answer is the same for every viewer, so when a
 * shared cache's entry expires and the callers waiting on it all come at once, the database answers them once.
 * Nothing is kept after the read: the next question reads again, so an edit shows as soon as it is committed.
 */
export function sharedWhileRunning<A, T>(
  keyOf: (question: A) => string,
  read: (question: A) => Promise<T>,
): (question: A) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (question) => {
    const key = keyOf(question);
    const shared = running.get(key);
    if (shared) return shared;
    const answer = read(question).finally(() => running.delete(key));
    running.set(key, answer);
    return answer;
  };
}

export function createPostgresSearch(db: Kysely<Database>): SearchEngine {
  return {
    search: sharedWhileRunning(JSON.stringify, (query: SearchQuery) => searchCatalogue(db, query)),
    suggest: sharedWhileRunning(String, (q: string) => suggest(db, q, SEARCH_SUGGESTIONS)),
    reindex: () => rebuildIndex(db),
  };
}
