import { api, useApiData } from '@catalyst/web-kit';

/**
 * The product page accepts a slug, a productId or an _id (architecture: resolved ambiguities). The same
 * read as this page's first read in shell-routes.ts, so the shell's early start is the one this takes.
 */
export function useProduct(idOrSlug: string) {
  return useApiData(api.product.getPremium, idOrSlug ? { params: { idOrSlug } } : null);
}
