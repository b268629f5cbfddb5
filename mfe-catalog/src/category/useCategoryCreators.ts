import { useMemo } from 'react';
import type { CategorySort, Creator } from '@catalyst/contracts';
import { api, isApiRequestError, useApiData } from '@catalyst/web-kit';
import type { CatalogKey } from '../i18n/en';

export const CREATOR_SORTS: Array<{ value: CategorySort; label: CatalogKey }> = [
  { value: 'sortOrder', label: 'sort.default' },
  { value: 'name', label: 'sort.name' },
  { value: 'newest', label: 'sort.created' },
];

function sortCreators(creators: Creator[], sort: CategorySort): Creator[] {
  const list = [...creators];
  if (sort === 'name') return list.sort((a, b) => a.name.localeCompare(b.name));
  if (sort === 'newest') return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return list.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/**
 * A premium category and its creators (each with its count of videos). Search and sort run over the
 * whole list in the browser so the page can say 'Showing X of Y'.
 */
export function useCategoryCreators(categorySlug: string, search: string, sort: CategorySort) {
  const category = useApiData(
    api.category.getPremium,
    categorySlug ? { params: { idOrSlug: categorySlug } } : null,
  );
  const creators = useApiData(
    api.creator.listOfCategory,
    categorySlug ? { params: { idOrSlug: categorySlug } } : null,
  );
  const all = useMemo(() => creators.data ?? [], [creators.data]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matching = needle
      ? all.filter(
          (c) => c.name.toLowerCase().includes(needle) || c.description.toLowerCase().includes(needle),
        )
      : all;
    return sortCreators(matching, sort);
  }, [all, search, sort]);
  return {
    category: category.data,
    creators: shown,
    total: all.length,
    isLoading: category.isLoading || creators.isLoading,
    error: creators.error ?? category.error,
    /** The address names no category (a permanent answer, unlike a failed call). */
    notFound: isApiRequestError(category.error) && category.error.status === 404,
    reload: () => {
      category.reload();
      creators.reload();
    },
  };
}
