import type { searchRoutes } from '@catalyst/contracts';
import type { RouteHandlers } from '@catalyst/service-kit';
import type { SearchEngine } from './search-engine';

export function createSearchHandlers(engine: SearchEngine): RouteHandlers<typeof searchRoutes> {
  return {
    search: ({ query }) => engine.search(query),
    suggest: async ({ query }) => ({ items: await engine.suggest(query.q) }),
  };
}
