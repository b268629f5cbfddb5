import { api, useApiData } from '@catalyst/web-kit';

/** How many unfinished videos the dashboard row shows. */
export const CONTINUE_WATCHING_LIMIT = 8;

/** The learner's newest unfinished videos (GET /content/progress/recent). */
export function useRecentProgress() {
  const result = useApiData(api.progress.recent, {
    query: { limit: CONTINUE_WATCHING_LIMIT, status: 'in-progress' },
  });
  return { ...result, items: result.data ?? [] };
}
