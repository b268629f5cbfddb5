import { useMemo } from 'react';
import { useApiData } from '@catalyst/web-kit';

export interface ProductProgress {
  progress: number;
  completed: boolean;
}

interface ProgressRow extends ProductProgress {
  productId: string;
}

/**
 * The learner's progress by product `_id`, for the library's badges. Progress is a nicety here: when the
 * progress service does not answer, every card simply shows 'New'.
 */
export function useProgressMap(): Map<string, ProductProgress> {
  const { data } = useApiData<{ items: ProgressRow[] } | ProgressRow[]>('/content/progress', { limit: 100 });
  return useMemo(() => {
    const rows = Array.isArray(data) ? data : (data?.items ?? []);
    return new Map(rows.map((row) => [row.productId, { progress: row.progress, completed: row.completed }]));
  }, [data]);
}
