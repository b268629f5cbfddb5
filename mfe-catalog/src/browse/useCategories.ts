import { api, useApiData } from '@catalyst/web-kit';
import { BROWSE_CATEGORIES_READ } from '../shell-routes';

/** Public categories (every one: the page searches them in the browser); the answer is a page of items. */
export function useCategories() {
  const result = useApiData(api.category.list, BROWSE_CATEGORIES_READ.input);
  return { ...result, categories: result.data?.items ?? [] };
}
