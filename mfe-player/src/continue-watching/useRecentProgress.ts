import type { ProgressWithProduct } from '@catalyst/contracts';
import { useApiData } from '@catalyst/web-kit';

/** How many unfinished videos the dashboard row shows. */
export const CONTINUE_WATCHING_LIMIT = 8;

/** The learner's newest unfinished videos (GET /content/progress/recent). */
export function useRecentProgress() {
  const result = useApiData<ProgressWithProduct[]>('/content/progress/recent', { limit: CONTINUE_WATCHING_LIMIT, status: 'in-progress' });
  return { ...result, items: Array.isArray(result.data) ? result.data : [] };
}
