import { CATEGORY_LIST_READ, useApiData } from '@catalyst/web-kit';
import type { CategoryCard } from './types';

/** Public categories (every one: the page searches them in the browser); the answer is a page of items. */
export function useCategories() {
  const result = useApiData<CategoryCard[] | { items: CategoryCard[] }>(CATEGORY_LIST_READ.path, CATEGORY_LIST_READ.query);
  const categories = Array.isArray(result.data) ? result.data : (result.data?.items ?? []);
  return { ...result, categories };
}
