import type { Creator, Difficulty, PremiumProduct, ProductSort, ProductType } from '@catalyst/contracts';
import { isApiRequestError, useApiData } from '@catalyst/web-kit';

export const LIBRARY_LEVELS: Difficulty[] = ['beginner', 'intermediate', 'advanced'];
export const LIBRARY_SORTS: Array<{ value: ProductSort; label: string }> = [
  { value: 'sortOrder', label: 'Default order' },
  { value: 'title', label: 'Title A-Z' },
  { value: 'newest', label: 'Recently added' },
  { value: 'duration', label: 'Duration' },
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
  const products = useApiData<PremiumProduct[]>(
    ready ? `/users/premium/products/${encodeURIComponent(creatorId)}/category/${encodeURIComponent(categorySlug)}` : null,
    { search: filters.search.trim(), type: filters.type, difficulty: filters.difficulty, sort: filters.sort === 'sortOrder' ? '' : filters.sort },
  );
  const creators = useApiData<Creator[]>(ready ? `/users/premium/categories/${encodeURIComponent(categorySlug)}/creators` : null);
  const creator = (creators.data ?? []).find((c) => c._id === creatorId || c.slug === creatorId);
  return {
    products: Array.isArray(products.data) ? products.data : [],
    hasLoaded: products.data !== undefined,
    creator,
    isLoading: products.isLoading,
    error: products.error,
    creatorsError: creators.error,
    /** The address names no such creator in this category (a permanent answer, unlike a failed call). */
    notFound: (Array.isArray(creators.data) && !creator) || [creators.error, products.error].some((e) => isApiRequestError(e) && e.status === 404),
    reload: products.reload,
  };
}
