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

export function createPostgresSearch(db: Kysely<Database>): SearchEngine {
  return {
    search: (query) => searchCatalogue(db, query),
    suggest: (q) => suggest(db, q, SEARCH_SUGGESTIONS),
    reindex: () => rebuildIndex(db),
  };
}
