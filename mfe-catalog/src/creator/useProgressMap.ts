import { useMemo } from 'react';
import { api, useApiData } from '@catalyst/web-kit';

export interface ProductProgress {
  progress: number;
  completed: boolean;
}

/**
 * The learner's progress by product `_id` over the category's products (the library is a creator's share of
 * them), for the library's badges: every product of the category, however many others the learner has
 * started (their own list answers a page at a time). Progress is a nicety here: when the progress service
 * does not answer, every card simply shows 'New'.
 */
export function useProgressMap(category: string): Map<string, ProductProgress> {
  const { data } = useApiData(api.progress.forCategory, { params: { id: category } });
  return useMemo(() => {
    const rows = data?.items ?? [];
    return new Map(rows.map((row) => [row.productId, { progress: row.progress, completed: row.completed }]));
  }, [data]);
}
