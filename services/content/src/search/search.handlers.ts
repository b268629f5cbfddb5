import type { searchRoutes, SearchResult, SearchSuggestion } from '@catalyst/contracts';
import type { RouteHandlers } from '@catalyst/service-kit';
import { createKeptAnswers } from '../kept-answers';
import type { SearchEngine } from './search-engine';

export function createSearchHandlers(engine: SearchEngine): RouteHandlers<typeof searchRoutes> {
  // An answer the engine kept is serialised once, not for every caller it is given to.
  const searchAnswers = createKeptAnswers<SearchResult>();
  const suggestAnswers = createKeptAnswers<{ items: SearchSuggestion[] }>();
  return {
    search: async ({ query }) => {
      const result = await engine.search(query);
      return searchAnswers(result, () => result);
    },
    suggest: async ({ query }) => {
      const items = await engine.suggest(query.q);
      return suggestAnswers(items, () => ({ items }));
    },
  };
}
