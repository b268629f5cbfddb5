import { useMemo } from 'react';
import { api, useApiData } from '@catalyst/web-kit';

export interface ProductProgress {
  progress: number;
  completed: boolean;
}

/**
 * The learner's progress by product `_id`, for the library's badges. Progress is a nicety here: when the
 * progress service does not answer, every card simply shows 'New'.
 */
export function useProgressMap(): Map<string, ProductProgress> {
  const { data } = useApiData(api.progress.list, { query: { limit: 100 } });
  return useMemo(() => {
    const rows = data?.items ?? [];
    return new Map(rows.map((row) => [row.productId, { progress: row.progress, completed: row.completed }]));
  }, [data]);
}
