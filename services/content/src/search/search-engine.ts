import type { Kysely } from 'kysely';
import {
  SEARCH_SUGGESTIONS,
  type SearchQuery,
  type SearchResult,
  type SearchSuggestion,
} from '@catalyst/contracts';
import { TtlLru } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { SearchChanges } from './search-changes';
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

/**
 * Answers kept until the catalogue changes (`changes`: a generation that moves on every committed change), for
 * one question at a time while reading, else not at all. Keyed by the generation they were read at: an answer
 * read while a change committed is never given once the generation has moved. Bounded by count, and each kept a
 * minute at most.
 */
export function keptUntilChanged<A, T>(
  keyOf: (question: A) => string,
  read: (question: A) => Promise<T>,
  changes: SearchChanges | undefined,
  { maxEntries = 2_000, ttlMs = 60_000 } = {},
): (question: A) => Promise<T> {
  const kept = new TtlLru<string, { generation: number; answer: Promise<T> }>(maxEntries, ttlMs);
  const ask = sharedWhileRunning(
    (question: { key: string; value: A }) => question.key,
    ({ value }) => read(value),
  );
  return (question) => {
    const key = keyOf(question);
    const generation = changes?.generation();
    if (generation === undefined) return ask({ key: `- ${key}`, value: question });
    const entry = kept.get(key);
    if (entry?.generation === generation) return entry.answer;
    const answer = ask({ key: `${generation} ${key}`, value: question });
    kept.set(key, { generation, answer });
    answer.catch(() => kept.get(key)?.answer === answer && kept.delete(key));
    return answer;
  };
}

export function createPostgresSearch(db: Kysely<Database>, changes?: SearchChanges): SearchEngine {
  return {
    search: keptUntilChanged(JSON.stringify, (query: SearchQuery) => searchCatalogue(db, query), changes),
    suggest: keptUntilChanged(String, (q: string) => suggest(db, q, SEARCH_SUGGESTIONS), changes),
    reindex: () => rebuildIndex(db),
  };
}
