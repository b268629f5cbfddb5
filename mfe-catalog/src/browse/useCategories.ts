import { useApiData } from '@catalyst/web-kit';
import type { CategoryCard } from './types';

/** Public categories; the answer may be a list or a page of items. */
export function useCategories() {
  const result = useApiData<CategoryCard[] | { items: CategoryCard[] }>('/categories');
  const categories = Array.isArray(result.data) ? result.data : (result.data?.items ?? []);
  return { ...result, categories };
}
