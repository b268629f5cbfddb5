import { useApiData } from '@catalyst/web-kit';

export interface RecentProgress {
  productId: string;
  progress: number;
  completed?: boolean;
  product?: { _id: string; productId?: string; title?: string; thumbnail?: string };
}

export const RECENT_PROGRESS_LIMIT = 5;

export function useRecentProgress() {
  const result = useApiData<RecentProgress[]>('/content/progress/recent', { limit: RECENT_PROGRESS_LIMIT });
  return { ...result, items: Array.isArray(result.data) ? result.data : [] };
}
