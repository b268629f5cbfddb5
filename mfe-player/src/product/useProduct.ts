import type { ProductDetail } from '@catalyst/contracts';
import { useApiData } from '@catalyst/web-kit';

/** The product page accepts a slug, a productId or an _id (architecture: resolved ambiguities). */
export function useProduct(idOrSlug: string) {
  return useApiData<ProductDetail>(idOrSlug ? `/content/premium/products/${encodeURIComponent(idOrSlug)}` : null);
}
