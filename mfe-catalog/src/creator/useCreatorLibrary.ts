import type { Difficulty, ProductSort, ProductType } from '@catalyst/contracts';
import { api, isApiRequestError, useApiData } from '@catalyst/web-kit';
import type { CatalogKey } from '../i18n/en';

export const LIBRARY_LEVELS: Difficulty[] = ['beginner', 'intermediate', 'advanced'];
export const LIBRARY_SORTS: Array<{ value: ProductSort; label: CatalogKey }> = [
  { value: 'sortOrder', label: 'sort.default' },
  { value: 'title', label: 'sort.title' },
  { value: 'newest', label: 'sort.added' },
  { value: 'duration', label: 'sort.duration' },
  { value: 'rating', label: 'sort.rating' },
];

export interface LibraryFilters {
  search: string;
  type: ProductType | '';
  difficulty: Difficulty | '';
  sort: ProductSort;
}

/** A creator's products in one category, filtered and sorted by the server, plus the creator's card. */
export function useCreatorLibrary(categorySlug: string, creatorId: string, filters: LibraryFilters) {
  const ready = categorySlug !== '' && creatorId !== '';
  const products = useApiData(
    api.creator.listProductsInCategory,
    ready
      ? {
          params: { creator: creatorId, category: categorySlug },
          query: {
            search: filters.search.trim(),
            type: filters.type || undefined,
            difficulty: filters.difficulty || undefined,
            sort: filters.sort === 'sortOrder' ? undefined : filters.sort,
          },
        }
      : null,
  );
  const creators = useApiData(
    api.creator.listOfCategory,
    ready ? { params: { idOrSlug: categorySlug } } : null,
  );
  const creator = (creators.data ?? []).find((c) => c._id === creatorId || c.slug === creatorId);
  return {
    products: products.data ?? [],
    hasLoaded: products.data !== undefined,
    creator,
    /** The creator's card has not answered yet (the page waits for it: its header would move everything). */
    creatorLoading: creators.isLoading && creators.data === undefined,
    isLoading: products.isLoading,
    error: products.error,
    creatorsError: creators.error,
    /** The address names no such creator in this category (a permanent answer, unlike a failed call). */
    notFound:
      (creators.data !== undefined && !creator) ||
      [creators.error, products.error].some((e) => isApiRequestError(e) && e.status === 404),
    reload: products.reload,
  };
}
